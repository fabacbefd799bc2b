import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db/database';
import { testDatabaseTargets } from '../../testing/test-databases';
import { databaseRateLimitStore } from '../rate-limit-store';
import { StreamSlots } from '../stream-slots';

const MINUTE = 60_000;

/** The plugin's callback interface as a promise. */
function incr(store: InstanceType<ReturnType<typeof databaseRateLimitStore>>, key: string, windowMs = MINUTE, max = 3) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), windowMs, max),
  );
}

for (const target of testDatabaseTargets()) {
  describe(`rate-limit counters on ${target.name}`, () => {
    let handle: DatabaseHandle;
    before(async () => {
      handle = await target.open();
    });
    after(() => handle.close());
    beforeEach(async () => {
      await sql`delete from rate_limits`.execute(handle.db);
    });

    it('counts per key within the window and tells how long it has left', async () => {
      const Store = databaseRateLimitStore(handle.db);
      const store = new Store({});
      const first = await incr(store, 'model:alice');
      assert.equal(first.current, 1);
      assert.ok(first.ttl > MINUTE - 5_000 && first.ttl <= MINUTE, `ttl ${first.ttl}`);
      assert.equal((await incr(store, 'model:alice')).current, 2);
      assert.equal((await incr(store, 'model:bob')).current, 1, 'another key has its own count');
      const third = await incr(store, 'model:alice');
      assert.equal(third.current, 3);
      assert.ok(third.ttl <= first.ttl, 'the window does not move with each request');
    });

    it('counts every one of many concurrent requests once (atomic upsert)', async () => {
      const store = new (databaseRateLimitStore(handle.db))({});
      const results = await Promise.all(Array.from({ length: 20 }, () => incr(store, 'model:burst')));
      assert.deepEqual(
        results.map((r) => r.current).sort((a, b) => a - b),
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
    });

    it('is shared by two stores over one database (two server replicas)', async () => {
      const replicaA = new (databaseRateLimitStore(handle.db))({});
      const replicaB = new (databaseRateLimitStore(handle.db))({});
      assert.equal((await incr(replicaA, 'model:carol')).current, 1);
      assert.equal((await incr(replicaB, 'model:carol')).current, 2);
      assert.equal((await incr(replicaA.child(), 'model:carol')).current, 3, 'a route child store counts the same key');
    });

    it('starts a new window once the old one expired, and sweeps expired rows away', async () => {
      const store = new (databaseRateLimitStore(handle.db))({});
      await incr(store, 'model:dave');
      await incr(store, 'model:dave');
      await incr(store, 'model:erin');
      await sql`update rate_limits set expires_at = now() - interval '1 second' where key = 'model:dave'`.execute(handle.db);
      const fresh = await incr(store, 'model:dave');
      assert.equal(fresh.current, 1);
      assert.ok(fresh.ttl > MINUTE - 5_000);

      await sql`update rate_limits set expires_at = now() - interval '1 second' where key = 'model:erin'`.execute(handle.db);
      assert.equal(await store.sweep(), 1);
      const keys = await sql<{ key: string }>`select key from rate_limits order by key`.execute(handle.db);
      assert.deepEqual(keys.rows.map((row) => row.key), ['model:dave']);
    });
  });

  describe(`stream slots on ${target.name}`, () => {
    let handle: DatabaseHandle;
    before(async () => {
      handle = await target.open();
    });
    after(() => handle.close());
    beforeEach(async () => {
      await sql`delete from stream_leases`.execute(handle.db);
    });

    const live = async (user: string) =>
      Number(
        (await sql<{ n: number }>`select count(*)::int as n from stream_leases where user_id = ${user} and expires_at > now()`.execute(handle.db))
          .rows[0]!.n,
      );

    it('grants at most max slots per user, and a released slot is granted again', async () => {
      const slots = new StreamSlots(handle.db, { max: 2 });
      const a = await slots.acquire('alice');
      const b = await slots.acquire('alice');
      assert.ok(a && b);
      assert.equal(await slots.acquire('alice'), undefined, 'the third is refused');
      assert.ok(await slots.acquire('bob'), 'another user has slots of their own');
      await a.release();
      await a.release(); // twice is harmless
      assert.equal(await live('alice'), 1);
      const c = await slots.acquire('alice');
      assert.ok(c);
      await b.release();
      await c.release();
      assert.equal(await live('alice'), 0);
    });

    it('grants exactly max of many concurrent requests', async () => {
      const slots = new StreamSlots(handle.db, { max: 3 });
      const leases = await Promise.all(Array.from({ length: 10 }, () => slots.acquire('burst')));
      assert.equal(leases.filter(Boolean).length, 3);
      assert.equal(await live('burst'), 3);
      await Promise.all(leases.map((lease) => lease?.release()));
    });

    it('is shared by two replicas over one database', async () => {
      const replicaA = new StreamSlots(handle.db, { max: 2 });
      const replicaB = new StreamSlots(handle.db, { max: 2 });
      const a = await replicaA.acquire('carol');
      const b = await replicaB.acquire('carol');
      assert.ok(a && b);
      assert.equal(await replicaA.acquire('carol'), undefined);
      assert.equal(await replicaB.acquire('carol'), undefined);
      await a.release();
      assert.ok(await replicaB.acquire('carol'));
      await b.release();
    });

    it('does not count an expired lease (a crashed replica frees its slots), and a late release keeps the new owner', async () => {
      const crashed = new StreamSlots(handle.db, { max: 1 });
      const lost = await crashed.acquire('dave');
      assert.ok(lost);
      lost.stopRefreshing(); // as if its replica died
      await sql`update stream_leases set expires_at = now() - interval '1 second' where user_id = 'dave'`.execute(handle.db);
      const survivor = new StreamSlots(handle.db, { max: 1 });
      const taken = await survivor.acquire('dave');
      assert.ok(taken, 'the expired slot is taken over');
      await lost.release();
      assert.equal(await live('dave'), 1, 'releasing the lost lease does not free the new owner');
      await taken.release();
    });

    it('keeps a running stream slot alive past its lease time by refreshing it', async () => {
      const slots = new StreamSlots(handle.db, { max: 1, leaseMs: 600 });
      const lease = await slots.acquire('erin');
      assert.ok(lease);
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      assert.equal(await live('erin'), 1, 'still held after twice the lease time');
      assert.equal(await slots.acquire('erin'), undefined);
      await lease.release();
      assert.equal(await live('erin'), 0);
    });

    it('sweeps expired leases away', async () => {
      const slots = new StreamSlots(handle.db, { max: 2 });
      const kept = await slots.acquire('frank');
      const gone = await slots.acquire('gina');
      gone!.stopRefreshing();
      await sql`update stream_leases set expires_at = now() - interval '1 second' where user_id = 'gina'`.execute(handle.db);
      assert.equal(await slots.sweep(), 1);
      const users = await sql<{ user_id: string }>`select user_id from stream_leases`.execute(handle.db);
      assert.deepEqual(users.rows.map((row) => row.user_id), ['frank']);
      await kept!.release();
    });
  });
}
