import type { Database } from '../db/database';

/** A model call's hold on a budget while it runs: what it may cost at most. */
export interface Reservation {
  tokens: number;
  cost: number;
  /** performance.now() when taken: one whose call never ended is dropped after RESERVATION_MAX_MS. */
  takenAt: number;
}

/** Longest a reservation holds: a call that never ended (its reader stopped without closing) lets go. */
export const RESERVATION_MAX_MS = 30 * 60_000;

/**
 * What this process knows of one user's month: the totals the database last said (`settled`),
 * what this process recorded since and has not yet written (`unflushed`), and the reservations of
 * the calls running now.
 */
export class Balance {
  settledTokens = 0;
  settledCost = 0;
  unflushedTokens = 0;
  unflushedCost = 0;
  noticeSeen = false;
  readonly reservations = new Set<Reservation>();
  /** performance.now() of the last read of the database's row, and of the last call. */
  refreshedAt = performance.now();
  usedAt = performance.now();

  constructor(
    readonly sub: string,
    readonly month: string,
  ) {}

  /** Used this month in `unit`, without reservations. */
  used(unit: 'tokens' | 'cost'): number {
    return unit === 'tokens' ? this.settledTokens + this.unflushedTokens : this.settledCost + this.unflushedCost;
  }

  /** Held by calls running now, in `unit`. */
  reserved(unit: 'tokens' | 'cost'): number {
    let total = 0;
    const now = performance.now();
    for (const reservation of this.reservations) {
      if (now - reservation.takenAt > RESERVATION_MAX_MS) this.reservations.delete(reservation);
      else total += unit === 'tokens' ? reservation.tokens : reservation.cost;
    }
    return total;
  }

  /** The database's row (or none: nothing recorded yet this month). */
  settle(row: BalanceRow | undefined): void {
    this.settledTokens = row ? Number(row.tokens) : 0;
    this.settledCost = row ? Number(row.cost) : 0;
    this.noticeSeen = row?.notice_seen_at != null;
    this.refreshedAt = performance.now();
  }
}

export interface BalanceRow {
  user_sub: string;
  tokens: string | number;
  cost: string | number;
  notice_seen_at: Date | null;
}

/** The rows of `subs` for `month` (YYYY-MM-01). */
export async function readBalances(db: Database, month: string, subs: readonly string[]): Promise<BalanceRow[]> {
  if (subs.length === 0) return [];
  return db
    .selectFrom('usage_balances')
    .select(['user_sub', 'tokens', 'cost', 'notice_seen_at'])
    .where('month', '=', month)
    .where('user_sub', 'in', subs)
    .execute();
}
