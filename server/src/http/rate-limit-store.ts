import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { Database } from '../db/database';

/** How often a process deletes windows that are over (at most; on the next count after it). */
export const RATE_LIMIT_SWEEP_MS = 60_000;

/**
 * The counters of @fastify/rate-limit in the database (table rate_limits), so every replica of the
 * server counts a user's calls in the same window. A fixed window per key: the first call opens
 * it for `timeWindow` ms; each call adds one in a single atomic upsert, so concurrent calls on
 * any replica are each counted exactly once. Times come from the database's clock, which the
 * replicas share. Windows that are over are swept away now and then.
 */
export function databaseRateLimitStore(db: Database, log?: Pick<FastifyBaseLogger, 'warn'>) {
  let lastSweep = Date.now();

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    // The plugin passes its settings; nothing in them changes how this store counts.
    constructor(_settings?: unknown) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
      _max?: number,
    ): void {
      this.count(key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /** The plugin makes one per route with its own settings: the counters stay the same. */
    child(_routeOptions?: unknown): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore();
    }

    async count(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
      const window = sql<Date>`now() + ${windowMs} * interval '1 millisecond'`;
      const expired = sql`rate_limits.expires_at <= now()`;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, window_start: sql<Date>`now()`, expires_at: window, count: 1 })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when ${expired} then 1 else rate_limits.count + 1 end`,
            window_start: sql<Date>`case when ${expired} then now() else rate_limits.window_start end`,
            expires_at: sql<Date>`case when ${expired} then ${window} else rate_limits.expires_at end`,
          }),
        )
        .returning(['count', sql<number>`greatest(0, ceil(extract(epoch from (expires_at - now())) * 1000))::int`.as('ttl')])
        .executeTakeFirstOrThrow();
      if (Date.now() - lastSweep >= RATE_LIMIT_SWEEP_MS) {
        lastSweep = Date.now();
        this.sweep().catch((error: unknown) => log?.warn({ err: error }, 'rate limits: sweeping expired windows failed'));
      }
      return { current: row.count, ttl: row.ttl };
    }

    /** Deletes the windows that are over; answers how many. */
    async sweep(): Promise<number> {
      const result = await db.deleteFrom('rate_limits').where('expires_at', '<=', sql<Date>`now()`).executeTakeFirst();
      return Number(result.numDeletedRows);
    }
  }
  return DatabaseRateLimitStore satisfies FastifyRateLimitStoreCtor;
}
