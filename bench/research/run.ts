// Deep research benchmark: a 10-task research against the scripted model server with
// fixed latencies, through the product's research jobs (server/src/research/) on in-memory PGlite
// or (--db postgres) a throw-away PostgreSQL server (scripts/test-postgres.mjs).
//
// 1. Parallel execution: the wall time of the execution stage (plan approved -> first report
//    piece) of a 10-task plan, beside the same for a 1-task plan measured in the same run (the
//    longest task chain: every task has the same scripted latencies) and beside the sum of the
//    task latencies (10 x the 1-task time). Goal: 10 tasks take at most 1.3 x the longest chain.
// 2. Reattach delay: a follower that reattaches mid-execution (after = the events stored so far,
//    the way GET /api/research/{id}/events follows: woken by the database's NOTIFY, as the server
//    runs) — the delay between an event being stored (its created_at) and the follower receiving
//    it, p50/p95/max — beside a second follower of the same run that only polls (every 250 ms).
//
// Never fails: it prints figures.
//
//   node --import tsx bench/research/run.ts [--db pglite|postgres] [--tasks 10] [--latency-ms 150] [--poll-ms 250] [--rounds 3]

import { parseArgs } from 'node:util';
import { startScriptedModelServer, type ScriptRule } from '../../tests/fixtures/scripted-model-server';
import { FilesRepository } from '../../server/src/db/repositories/files-repository';
import { GroundingTracesRepository } from '../../server/src/db/repositories/grounding-traces-repository';
import { ModelProvider } from '../../server/src/inference/model-provider';
import { JobQueue } from '../../server/src/jobs/job-queue';
import { JobRunner } from '../../server/src/jobs/job-runner';
import { DEFAULT_RESEARCH_LIMITS, researchJobHandlers } from '../../server/src/research/research-jobs';
import { CLARIFY_SYSTEM_PROMPT, PLAN_SYSTEM_PROMPT, REPORT_SYSTEM_PROMPT, TASK_SYSTEM_PROMPT } from '../../server/src/research/research-prompts';
import { ResearchRepository } from '../../server/src/research/research-repository';
import { ResearchService } from '../../server/src/research/research-service';
import { researchTools } from '../../server/src/research/research-tools';
import { createRetriever } from '../../server/src/search/retriever';
import { openBenchDatabase } from '../support/bench-database';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    tasks: { type: 'string', default: '10' },
    'latency-ms': { type: 'string', default: '150' },
    'poll-ms': { type: 'string', default: '250' },
    rounds: { type: 'string', default: '3' },
  },
});
const TASKS = Number(values.tasks);
const LATENCY = Number(values['latency-ms']);
const POLL_MS = Number(values['poll-ms']);
const ROUNDS = Number(values.rounds);
if (values.db !== 'pglite' && values.db !== 'postgres') throw new Error('--db is pglite or postgres');

const first = (prompt: string) => prompt.split('\n')[0]!;
// Each task: one model call that asks for a search (LATENCY before each of its chunks), the search
// itself, then the findings (one chunk after LATENCY). The report: one chunk.
const rules: ScriptRule[] = [
  { system: first(CLARIFY_SYSTEM_PROMPT), reply: JSON.stringify({ needs_clarification: false, question: '' }) },
  {
    system: first(PLAN_SYSTEM_PROMPT),
    reply: (last) => {
      const n = Number(/(\d+) tasks/.exec(last)?.[1] ?? 1);
      return JSON.stringify({ title: 'Bench', tasks: Array.from({ length: n }, (_, i) => ({ content: `part ${i + 1} of the question` })) });
    },
  },
  { system: first(TASK_SYSTEM_PROMPT), offersTools: true, afterToolResults: false, toolCalls: [{ name: 'search_documents', arguments: { query: 'travel' } }], delayMs: LATENCY / 3 },
  { system: first(TASK_SYSTEM_PROMPT), afterToolResults: true, reply: 'Nothing was found.', chunks: ['Nothing was found.'], delayMs: LATENCY },
  { system: first(REPORT_SYSTEM_PROMPT), reply: 'The report.', chunks: ['The report.'], delayMs: 10 },
];

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const handle = await openBenchDatabase(values.db);
const model = await startScriptedModelServer({ models: ['scripted-model'], rules });
const research = new ResearchRepository(handle.db);
const models = new ModelProvider({ baseUrl: model.url, timeoutMs: 60_000, logger: quiet });
const limits = { ...DEFAULT_RESEARCH_LIMITS, taskConcurrency: TASKS, maxTasks: Math.max(TASKS, 1), maxConcurrentPerUser: 0 };
const runner = new JobRunner({
  db: handle.db,
  handlers: researchJobHandlers({
    research,
    traces: new GroundingTracesRepository(handle.db),
    models,
    tools: researchTools({ db: handle.db, retriever: createRetriever({ db: handle.db, storage: { vector: false, vectorVersion: undefined } }), files: new FilesRepository(handle.db), searchMaxCharacters: 4000 }),
    limits,
    log: quiet,
  }),
  pollMs: 10,
  concurrency: 4,
  notifications: handle.notifications,
});
runner.start();
const serviceDeps = { db: handle.db, research, jobs: new JobQueue(handle.db), nudge: () => runner.nudge(), limits, followPollMs: POLL_MS };
// As the server follows (woken by NOTIFY), and the polling follower it replaced, side by side.
const service = new ResearchService({ ...serviceDeps, notifications: handle.notifications });
const polling = new ResearchService(serviceDeps);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor(id: string, status: string) {
  for (;;) {
    const run = await research.get(id);
    if (run?.status === status) return run;
    if (run && ['failed', 'cancelled'].includes(run.status)) throw new Error(`run ${run.status}: ${run.error}`);
    await sleep(5);
  }
}

/** One research with `n` tasks: execution wall time, and the reattached followers' delays. */
async function once(n: number, follow: boolean): Promise<{ executionMs: number; delays: number[]; pollingDelays: number[] }> {
  const id = await service.start({ owner: 'bench', groups: [], question: `Research in ${n} tasks` });
  const planned = await waitFor(id, 'awaiting_approval');
  // Wall clock, as the events' stored time (created_at) is: the follower below sees an event only
  // at its next poll, so its receive time would round the figure to the polling interval.
  const approvedAt = Date.now();
  const delays: number[] = [];
  const pollingDelays: number[] = [];
  let executionMs = 0;
  const controller = new AbortController();
  const watching = (async () => {
    // The first generation piece marks the end of execution.
    for await (const stored of service.follow(id, 0, controller.signal)) {
      if (stored.event.stage === 'generation' && executionMs === 0) executionMs = stored.createdAt.getTime() - approvedAt;
    }
  })();
  await service.approvePlan(id, 'bench', { plan: planned.tasks.map(({ task_id, content }) => ({ task_id, content })), approve: true });
  const followers: Array<Promise<void>> = [];
  if (follow) {
    // Reattach once a few execution events are stored: replay, then live.
    while ((await research.lastSeq(id)) < 3 + n) await sleep(5);
    const after = await research.lastSeq(id);
    const reattach = async (by: ResearchService, into: number[]) => {
      for await (const stored of by.follow(id, after, new AbortController().signal)) into.push(Date.now() - stored.createdAt.getTime());
    };
    followers.push(reattach(service, delays), reattach(polling, pollingDelays));
  }
  await waitFor(id, 'completed');
  await Promise.all([watching, ...followers]);
  controller.abort();
  return { executionMs, delays, pollingDelays };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

await once(1, false); // warm-up
const single: number[] = [];
const many: number[] = [];
const delays: number[] = [];
const pollingDelays: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  single.push((await once(1, false)).executionMs);
  const result = await once(TASKS, true);
  many.push(result.executionMs);
  delays.push(...result.delays);
  pollingDelays.push(...result.pollingDelays);
}
const chain = median(single);
const wall = median(many);
const database = handle.label;
console.log(`deep research benchmark on ${database}: ${TASKS} tasks, scripted model latency ${LATENCY} ms per call step, ${ROUNDS} rounds (median)`);
console.log(`  longest task chain (1-task plan)     ${chain.toFixed(0)} ms`);
console.log(`  sum of the task latencies (${TASKS} x)   ${(chain * TASKS).toFixed(0)} ms`);
console.log(`  ${TASKS}-task plan, execution wall time  ${wall.toFixed(0)} ms`);
console.log(`  ratio wall / longest chain          ${(wall / chain).toFixed(2)}  (goal <= 1.3: ${wall / chain <= 1.3 ? 'met' : 'not met'})`);
console.log(`  ratio wall / sum of latencies       ${(wall / (chain * TASKS)).toFixed(2)}`);
const spread = (xs: number[]) => `p50 ${median(xs)} ms, p95 ${pct(xs, 95)} ms, max ${Math.max(...xs)} ms over ${xs.length} events`;
console.log(`  reattached follower, stored -> received:`);
console.log(`    woken by NOTIFY        ${spread(delays)}`);
console.log(`    polling every ${POLL_MS} ms  ${spread(pollingDelays)}`);

await runner.stop();
await model.close();
await handle.close();
