/** The first instant of `at`'s month (UTC). */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** The first instant of the month after `at`'s (UTC): when a monthly budget starts again. */
export function nextMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/** `at`'s month as the `date` column of usage_balances: YYYY-MM-01. */
export function monthKey(at: Date): string {
  return monthStart(at).toISOString().slice(0, 10);
}
