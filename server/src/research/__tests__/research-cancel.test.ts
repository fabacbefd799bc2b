import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DatabaseHandle } from '../../db/database';
import { GroundingTracesRepository } from '../../db/repositories/grounding-traces-repository';
import type { ModelProvider } from '../../inference/model-provider';
import { JobQueue } from '../../jobs/job-queue';
import { JobRunner } from '../../jobs/job-runner';
import { testDatabaseTargets } from '../../testing/test-databases';
import { CANCELLED_REASON, DEFAULT_RESEARCH_LIMITS, RESEARCH_PLAN_JOB, researchJobHandlers } from '../research-jobs';
import { ResearchRepository } from '../research-repository';

const quiet = { info() {}, warn() {}, error() {} };

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

for (const target of testDatabaseTargets()) {
  describe(`a working research job on ${target.name}`, () => {
    let handle: DatabaseHandle;
    before(async () => {
      handle = await target.open();
    });
    after(() => handle.close());

    it('stops its model call at once when its run is cancelled through another replica', async (t) => {
      let calledAt: number | undefined;
      let abortedAt: number | undefined;
      // The planning call never answers: only the cancel ends it.
      const models: Pick<ModelProvider, 'complete' | 'streamChat' | 'defaultModel'> = {
        defaultModel: async () => 'scripted-model',
        streamChat: () => Promise.reject(new Error('planning does not stream')),
        complete: (request) =>
          new Promise((_, reject) => {
            calledAt = Date.now();
            request.signal?.addEventListener('abort', () => {
              abortedAt = Date.now();
              reject(request.signal!.reason);
            });
          }),
      };
      const research = new ResearchRepository(handle.db);
      const runner = new JobRunner({
        db: handle.db,
        handlers: researchJobHandlers({
          research,
          traces: new GroundingTracesRepository(handle.db),
          models,
          tools: () => [],
          limits: DEFAULT_RESEARCH_LIMITS,
          log: quiet,
          notifications: handle.notifications,
          cancelPollMs: 60_000,
        }),
        pollMs: 20,
      });
      runner.start();
      try {
        const id = await research.create({ owner: 'alice', question: 'Which trips need approval?' });
        await research.append({ research_id: id, stage: 'start' });
        await new JobQueue(handle.db).enqueue(RESEARCH_PLAN_JOB, { research_id: id }, { owner: 'alice' });
        runner.nudge();
        await until(() => calledAt !== undefined, 5000);
        // What POST .../cancel does on another replica: the run ends in the database; this
        // process's own abort (abortLocalResearch) is not called.
        const cancelledAt = Date.now();
        assert.equal(await new ResearchRepository(handle.db).finish(id, 'cancelled', { error: CANCELLED_REASON }), true);
        await until(() => abortedAt !== undefined, 2000);
        t.diagnostic(`cancelled -> model call aborted: ${abortedAt! - cancelledAt} ms (poll interval 60000 ms)`);
        assert.equal((await research.get(id))?.status, 'cancelled');
      } finally {
        await runner.stop();
      }
    });
  });
}
