import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DatabaseHandle } from '../../db/database';
import type { Notifications } from '../../db/notifications';
import { JobQueue } from '../../jobs/job-queue';
import { cutListenConnections, ownNotifications } from '../../testing/listen-connections';
import { testDatabaseTargets } from '../../testing/test-databases';
import { ResearchRepository, type StoredEvent } from '../research-repository';
import { ResearchService } from '../research-service';

/** Counts the follower's reads of the events table: a follower that only waits for a notification reads nothing. */
class CountingRepository extends ResearchRepository {
  reads = 0;
  override eventsAfter(id: string, after: number, limit?: number): Promise<StoredEvent[]> {
    this.reads++;
    return super.eventsAfter(id, after, limit);
  }
}

const LONG = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(5);
  }
}

/** Follows a run in the background; `received` grows as events arrive, each with its arrival time. */
function startFollowing(service: ResearchService, id: string, after = 0) {
  const controller = new AbortController();
  const received: Array<{ seq: number; at: number }> = [];
  const done = (async () => {
    for await (const stored of service.follow(id, after, controller.signal)) received.push({ seq: stored.seq, at: Date.now() });
  })();
  return {
    received,
    /** Milliseconds from now until the event with this seq arrived (throws past `ms`). */
    async delayOf(seq: number, since: number, ms = 3000): Promise<number> {
      await until(() => received.some((event) => event.seq === seq), ms);
      return received.find((event) => event.seq === seq)!.at - since;
    },
    async stop() {
      controller.abort();
      await done;
    },
  };
}

for (const target of testDatabaseTargets()) {
  describe(`following a research run on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let research: CountingRepository;
    const serviceWith = (notifications: Notifications | undefined, followPollMs: number) =>
      new ResearchService({
        db: handle.db,
        research,
        jobs: new JobQueue(handle.db),
        nudge: () => {},
        limits: { maxConcurrentPerUser: 0, maxTasks: 8 },
        notifications,
        followPollMs,
        followSafetyPollMs: LONG,
      });
    const newRun = async () => {
      const id = await research.create({ owner: 'alice', question: 'Where do trips need approval?' });
      await research.append({ research_id: id, stage: 'start' });
      return id;
    };

    before(async () => {
      handle = await target.open();
      research = new CountingRepository(handle.db);
    });
    after(() => handle.close());

    it('wakes on the notification of a new event, long before the poll interval, and does not poll meanwhile', async (t) => {
      const id = await newRun();
      const follower = startFollowing(serviceWith(handle.notifications, LONG), id);
      await follower.delayOf(1, Date.now());
      await until(() => handle.notifications.listening);
      const reads = research.reads;
      await sleep(300);
      assert.equal(research.reads - reads, 0, 'no polling while notifications come');
      const delays: number[] = [];
      for (const n of [1, 2, 3]) {
        const appendedAt = Date.now();
        await research.append({ research_id: id, stage: 'execution', task_id: `task-${n}`, task_status: 'pending' });
        delays.push(await follower.delayOf(n + 1, appendedAt));
      }
      t.diagnostic(`append -> received: ${delays.join(', ')} ms (poll interval ${LONG} ms)`);
      assert.ok(Math.max(...delays) < 1000, `delays ${delays.join(', ')} ms`);
      await research.finish(id, 'completed');
      await follower.delayOf(5, Date.now());
      await follower.stop();
    });

    it('misses no event of a burst and reads each once, in order', async () => {
      const id = await newRun();
      const follower = startFollowing(serviceWith(handle.notifications, LONG), id, 1);
      await until(() => handle.notifications.listening);
      await Promise.all(
        Array.from({ length: 40 }, (_, i) => research.append({ research_id: id, stage: 'execution', task_id: `task-${i + 1}`, task_status: 'pending' })),
      );
      await research.finish(id, 'completed');
      await follower.delayOf(42, Date.now());
      await follower.stop();
      assert.deepEqual(
        follower.received.map((event) => event.seq),
        Array.from({ length: 41 }, (_, i) => i + 2),
      );
    });

    if (target.name !== 'PostgreSQL') return;

    it('polls while the LISTEN connection is lost, and stops polling once it is back', async () => {
      const notifications = await ownNotifications(handle.db, { reconnectMs: 1500 });
      try {
        const id = await newRun();
        const follower = startFollowing(serviceWith(notifications, 50), id);
        await until(() => notifications.listening);
        await follower.delayOf(1, Date.now());
        await cutListenConnections(handle.db);
        await until(() => !notifications.listening);
        // Lost: the follower reads every 50 ms and still gets the next event.
        const cutAt = Date.now();
        const reads = research.reads;
        await research.append({ research_id: id, stage: 'execution', task_id: 'task-1', task_status: 'pending' });
        assert.ok((await follower.delayOf(2, cutAt)) < 1000);
        await until(() => research.reads - reads >= 4, 1000);
        assert.ok(!notifications.listening, 'still lost: the polling delivered it');
        // Back (after the reconnect wait): no more polling; the next event comes by notification.
        await until(() => notifications.listening);
        await sleep(100);
        const quiet = research.reads;
        await sleep(300);
        assert.equal(research.reads - quiet, 0, 'no polling once listening again');
        const appendedAt = Date.now();
        await research.append({ research_id: id, stage: 'execution', task_id: 'task-1', task_status: 'begin' });
        assert.ok((await follower.delayOf(3, appendedAt)) < 1000);
        await follower.stop();
      } finally {
        await notifications.close();
      }
    });

    it('gets the events stored while the connection was down once it listens again, without polling', async () => {
      const notifications = await ownNotifications(handle.db, { reconnectMs: 300 });
      try {
        const id = await newRun();
        const follower = startFollowing(serviceWith(notifications, LONG), id);
        await until(() => notifications.listening);
        await follower.delayOf(1, Date.now());
        await cutListenConnections(handle.db);
        await until(() => !notifications.listening);
        // The follower reads once when it notices the loss; store the event after that read, so
        // that only listening again can bring it (on a loaded machine that read can come late).
        for (let seen = -1; research.reads !== seen; ) {
          seen = research.reads;
          await sleep(150);
        }
        assert.ok(!notifications.listening, 'the event is stored while the connection is down');
        // No notification can reach this process now, and the follower's poll interval is a minute.
        await research.append({ research_id: id, stage: 'execution', task_id: 'task-1', task_status: 'pending' });
        const storedAt = Date.now();
        assert.ok((await follower.delayOf(2, storedAt)) < 3000);
        assert.ok(notifications.listening);
        await follower.stop();
      } finally {
        await notifications.close();
      }
    });
  });
}
