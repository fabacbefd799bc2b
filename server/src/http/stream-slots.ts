import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database';

/** How long a slot stays taken without a refresh: what a crashed replica's streams block at most. */
export const STREAM_LEASE_MS = 60_000;
/** How often a process deletes leases that expired (at most; on the next acquire after it). */
const SWEEP_MS = 60_000;

export interface StreamLease {
  /** Frees the slot (at once for every replica). Safe to call more than once. */
  release(): Promise<void>;
  /** Stops the refresh without freeing the slot; it frees itself when the lease expires (tests). */
  stopRefreshing(): void;
}

/**
 * A per-user cap on model calls in progress, shared by every replica through the database (table
 * stream_leases): a call holds one of its user's `max` slots, a row keyed (user, slot number). A
 * slot is taken with one upsert that only succeeds on a free or expired row, so two replicas can
 * never take the same slot. While the call runs its lease is refreshed every third of `leaseMs`;
 * when the call ends the row is deleted. A replica that dies stops refreshing, and its slots are
 * free again once their leases expire.
 */
export class StreamSlots {
  private readonly max: number;
  private readonly leaseMs: number;
  private readonly log: Pick<FastifyBaseLogger, 'warn'> | undefined;
  private lastSweep = Date.now();

  constructor(
    private readonly db: Database,
    options: { max: number; leaseMs?: number; log?: Pick<FastifyBaseLogger, 'warn'> },
  ) {
    this.max = options.max;
    this.leaseMs = options.leaseMs ?? STREAM_LEASE_MS;
    this.log = options.log;
  }

  /** A slot of the user's, or undefined when all `max` are taken. */
  async acquire(userId: string): Promise<StreamLease | undefined> {
    this.sweepNowAndThen();
    const leaseId = randomUUID();
    // Two calls may pick the same free slot at once; the loser's upsert changes nothing and it
    // looks again, so a free slot is never missed while another is being taken.
    for (let attempt = 0; attempt <= this.max; attempt++) {
      const slot = await this.take(userId, leaseId);
      if (slot !== undefined) return this.lease(userId, slot, leaseId);
      if ((await this.liveCount(userId)) >= this.max) return undefined;
    }
    return undefined;
  }

  /** Deletes the leases that expired; answers how many. */
  async sweep(): Promise<number> {
    const result = await this.db.deleteFrom('stream_leases').where('expires_at', '<=', sql<Date>`now()`).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private async take(userId: string, leaseId: string): Promise<number | undefined> {
    const expiresAt = this.expiry();
    const result = await sql<{ slot: number }>`
      insert into stream_leases (user_id, slot, lease_id, acquired_at, expires_at)
      select ${userId}, s, ${leaseId}, now(), ${expiresAt}
      from generate_series(0, ${this.max - 1}) as s
      where not exists (
        select 1 from stream_leases l where l.user_id = ${userId} and l.slot = s and l.expires_at > now()
      )
      order by s
      limit 1
      on conflict (user_id, slot) do update
        set lease_id = excluded.lease_id, acquired_at = excluded.acquired_at, expires_at = excluded.expires_at
        where stream_leases.expires_at <= now()
      returning slot`.execute(this.db);
    return result.rows[0]?.slot;
  }

  private async liveCount(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('stream_leases')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  private lease(userId: string, slot: number, leaseId: string): StreamLease {
    const refresh = setInterval(() => {
      this.db
        .updateTable('stream_leases')
        .set({ expires_at: this.expiry() })
        .where('user_id', '=', userId)
        .where('slot', '=', slot)
        .where('lease_id', '=', leaseId)
        .execute()
        .catch((error: unknown) => this.log?.warn({ err: error }, 'stream slots: refreshing a lease failed'));
    }, Math.max(10, Math.floor(this.leaseMs / 3)));
    refresh.unref();
    let released: Promise<void> | undefined;
    return {
      stopRefreshing: () => clearInterval(refresh),
      release: () => {
        clearInterval(refresh);
        // Only this lease's row: after an expiry the slot may belong to another call already.
        released ??= this.db
          .deleteFrom('stream_leases')
          .where('user_id', '=', userId)
          .where('slot', '=', slot)
          .where('lease_id', '=', leaseId)
          .execute()
          .then(
            () => undefined,
            (error: unknown) => this.log?.warn({ err: error }, 'stream slots: releasing a lease failed; it expires by itself'),
          );
        return released;
      },
    };
  }

  private expiry() {
    return sql<Date>`now() + ${this.leaseMs} * interval '1 millisecond'`;
  }

  private sweepNowAndThen(): void {
    if (Date.now() - this.lastSweep < SWEEP_MS) return;
    this.lastSweep = Date.now();
    this.sweep().catch((error: unknown) => this.log?.warn({ err: error }, 'stream slots: sweeping expired leases failed'));
  }
}
