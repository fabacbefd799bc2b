import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database';
import { cutListenConnections, ownNotifications } from '../../testing/listen-connections';
import { testDatabaseTargets } from '../../testing/test-databases';
import { until } from '../../testing/until';
import { JobFailure, JobQueue } from '../job-queue';
import { JobRunner, type JobContext } from '../job-runner';

for (const target of testDatabaseTargets()) {
  describe(`jobs on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let queue: JobQueue;
    before(async () => {
      handle = await target.open();
      queue = new JobQueue(handle.db);
    });
    after(() => handle.close());

    it('keeps one job per key, and shows it only to its owner', async () => {
      const first = await queue.enqueue('echo', { n: 1 }, { owner: 'alice', key: 'echo:1' });
      const second = await queue.enqueue('echo', { n: 2 }, { owner: 'alice', key: 'echo:1' });
      assert.equal(first.created, true);
      assert.equal(second.created, false);
      assert.equal(second.id, first.id);
      assert.equal((await queue.getByKey('echo:1', 'alice'))?.status, 'pending');
      assert.equal(await queue.getByKey('echo:1', 'bob'), undefined);
      assert.equal(await queue.getByKey('echo:1', null), undefined);
    });

    it('enqueues recurring work again under its key once finished, never beside a waiting or running one', async () => {
      assert.equal(await queue.enqueueAgain('sync', { n: 1 }, { owner: 'alice', key: 'sync:1' }), true);
      assert.equal(await queue.enqueueAgain('sync', { n: 2 }, { owner: 'alice', key: 'sync:1' }), false, 'pending: the waiting one is it');
      const claimed = (await queue.claim(['sync'], 60_000))!;
      assert.equal(await queue.enqueueAgain('sync', { n: 3 }, { owner: 'alice', key: 'sync:1' }), false, 'running: left alone');
      await queue.complete(claimed, { done: true });
      assert.equal(await queue.enqueueAgain('sync', { n: 4 }, { owner: 'alice', key: 'sync:1' }), true, 'completed: pending again');
      const again = (await queue.claim(['sync'], 60_000))!;
      assert.equal(again.id, claimed.id, 'the same row');
      assert.deepEqual([again.payload, again.attempts], [{ n: 4 }, 1]);
      await queue.fail(again, 'broke');
      assert.equal(await queue.enqueueAgain('sync', { n: 5 }, { owner: 'alice', key: 'sync:1' }), true, 'failed: pending again');
      assert.deepEqual(await queue.getByKey('sync:1', 'alice').then((job) => [job?.status, job?.error, job?.result]), ['pending', null, null]);
    });

    it('runs a job to its result, and fails with the handler reason or a neutral one', async () => {
      const seen: JobContext[] = [];
      const runner = new JobRunner({
        db: handle.db,
        handlers: {
          echo: { run: async (job) => (seen.push(job), { doubled: (job.payload as { n: number }).n * 2 }) },
          refuse: { run: async () => Promise.reject(new JobFailure('No model is reachable')) },
          crash: { run: async () => Promise.reject(new Error('secret internals at /srv/x')) },
        },
      });
      await queue.enqueue('refuse', {}, { owner: 'alice', key: 'refuse:1' });
      await queue.enqueue('crash', {}, { owner: 'alice', key: 'crash:1' });
      await runner.drain();
      const echo = await queue.getByKey('echo:1', 'alice');
      assert.deepEqual([echo?.status, echo?.result], ['completed', { doubled: 2 }]);
      assert.equal(seen[0]?.owner, 'alice');
      assert.deepEqual(await queue.getByKey('refuse:1', 'alice').then((j) => [j?.status, j?.error]), ['failed', 'No model is reachable']);
      const crashed = await queue.getByKey('crash:1', 'alice');
      assert.equal(crashed?.status, 'failed');
      assert.doesNotMatch(crashed?.error ?? '', /secret/);
    });

    it('resumes a job whose runner stopped mid-way, and never completes it twice', async () => {
      const { id } = await queue.enqueue('slow', {}, { key: 'slow:1' });
      let calls = 0;
      const hanging = new JobRunner({
        db: handle.db,
        leaseMs: 300,
        pollMs: 20,
        handlers: { slow: { run: (job) => (calls++, new Promise((_, reject) => job.signal.addEventListener('abort', () => reject(job.signal.reason)))) } },
      });
      hanging.start();
      await until(async () => (await queue.get(id))?.status === 'running');
      await hanging.stop(); // a restart: the job stays running until its lease runs out
      assert.equal((await queue.get(id))?.status, 'running');

      const next = new JobRunner({ db: handle.db, leaseMs: 300, pollMs: 20, handlers: { slow: { run: async (job) => (calls++, { attempt: job.attempt }) } } });
      next.start();
      await until(async () => (await queue.get(id))?.status === 'completed');
      await next.stop();
      assert.deepEqual((await queue.get(id))?.result, { attempt: 2 });
      assert.equal(calls, 2);
    });

    it('renews the lease of a long job, so no other runner takes it', async () => {
      const { id } = await queue.enqueue('long', {}, { key: 'long:1' });
      let runs = 0;
      const handler = { run: async () => (runs++, new Promise((resolve) => setTimeout(() => resolve('ok'), 700))) };
      const a = new JobRunner({ db: handle.db, leaseMs: 200, pollMs: 20, handlers: { long: handler } });
      const b = new JobRunner({ db: handle.db, leaseMs: 200, pollMs: 20, handlers: { long: handler } });
      a.start();
      b.start();
      await until(async () => (await queue.get(id))?.status === 'completed');
      await Promise.all([a.stop(), b.stop()]);
      assert.equal(runs, 1);
    });

    it('fails a job that keeps bringing its runner down, after the last attempt', async () => {
      const { id } = await queue.enqueue('poison', {}, { key: 'poison:1' });
      await sql`update jobs set status = 'running', attempts = 3, locked_until = now() - interval '1 second' where id = ${id}`.execute(handle.db);
      const runner = new JobRunner({ db: handle.db, maxAttempts: 3, handlers: { poison: { run: async () => 'never' } } });
      await runner.drain();
      const job = await queue.get(id);
      assert.equal(job?.status, 'failed');
      assert.match(job?.error ?? '', /Gave up after 3 attempts/);
    });

    it('stops a job at its timeout with a readable reason', async () => {
      const { id } = await queue.enqueue('stuck', {}, { key: 'stuck:1' });
      const runner = new JobRunner({
        db: handle.db,
        handlers: { stuck: { timeoutMs: 50, run: (job) => new Promise((_, reject) => job.signal.addEventListener('abort', () => reject(new Error('aborted')))) } },
      });
      await runner.drain();
      assert.deepEqual(await queue.get(id).then((j) => [j?.status, j?.error]), ['failed', 'The job took too long']);
    });

    it('wakes on a job of its kinds enqueued or retried anywhere, long before its poll interval', async (t) => {
      let runs = 0;
      const woken = { run: async () => (++runs === 1 ? Promise.reject(new JobFailure('No model is reachable')) : 'ok') };
      const runner = new JobRunner({ db: handle.db, pollMs: 60_000, idlePollMs: 60_000, notifications: handle.notifications, handlers: { woken } });
      runner.start();
      await until(async () => handle.notifications.listening);
      // Another process's queue (no nudge reaches this runner): only the notification can.
      const elsewhere = new JobQueue(handle.db);
      const enqueuedAt = Date.now();
      const { id } = await elsewhere.enqueue('woken', {}, { key: 'woken:1' });
      await until(async () => (await queue.get(id))?.status === 'failed', 2000);
      t.diagnostic(`enqueued -> settled: ${Date.now() - enqueuedAt} ms (poll interval 60000 ms)`);
      await elsewhere.retry(id);
      await until(async () => (await queue.get(id))?.status === 'completed', 2000);
      await runner.stop();
    });

    if (target.name !== 'PostgreSQL') return;

    it('looks at its short interval while its LISTEN connection is lost', async () => {
      const notifications = await ownNotifications(handle.db, { reconnectMs: 60_000 });
      const runner = new JobRunner({ db: handle.db, pollMs: 100, idlePollMs: 60_000, notifications, handlers: { fallback: { run: async () => 'ok' } } });
      try {
        runner.start();
        await until(async () => notifications.listening);
        await cutListenConnections(handle.db);
        await until(async () => !notifications.listening);
        const { id } = await queue.enqueue('fallback', {}, { key: 'fallback:1' });
        await until(async () => (await queue.get(id))?.status === 'completed', 2000);
        assert.equal(notifications.listening, false);
      } finally {
        await runner.stop();
        await notifications.close();
      }
    });
  });
}
