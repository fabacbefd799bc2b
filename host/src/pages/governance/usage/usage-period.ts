import { adminUsageQuerySchema, USAGE_FEATURES, type AdminUsageQuery, type UsageFeature } from '@assistant/contracts';

/** The periods the usage tab offers; `custom` takes its days from the from/to fields. */
export const USAGE_PERIODS = ['this_month', 'last_month', 'last_30_days', 'last_90_days', 'custom'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

/** What the filters say, as kept in the address (so a reload or a bookmark shows the same figures). */
export interface UsageFilters {
  period: UsagePeriod;
  /** The custom period's days (YYYY-MM-DD); the field's text as typed. */
  from: string;
  to: string;
  group: string;
  feature: UsageFeature | '';
  model: string;
}

/** A UTC calendar day, YYYY-MM-DD: the server counts days in UTC. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function daysBefore(today: Date, days: number): Date {
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days));
}

/** The first and last day of a period ending `today` (a custom period: its own days). */
export function periodDays(filters: Pick<UsageFilters, 'period' | 'from' | 'to'>, today: Date): { from: string; to: string } {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth();
  switch (filters.period) {
    case 'this_month':
      return { from: isoDay(new Date(Date.UTC(year, month, 1))), to: isoDay(today) };
    case 'last_month':
      return { from: isoDay(new Date(Date.UTC(year, month - 1, 1))), to: isoDay(new Date(Date.UTC(year, month, 0))) };
    case 'last_30_days':
      return { from: isoDay(daysBefore(today, 29)), to: isoDay(today) };
    case 'last_90_days':
      return { from: isoDay(daysBefore(today, 89)), to: isoDay(today) };
    case 'custom':
      return { from: filters.from, to: filters.to };
  }
}

export type UsageQueryResult = { ok: true; query: AdminUsageQuery } | { ok: false; problems: Partial<Record<'from' | 'to', 'day' | 'order' | 'tooLong'>> };

/**
 * The query the filters ask for, checked with the contract's schema; a custom period that the
 * server would refuse names the field and why (asked for nothing until it is right).
 */
export function usageQueryOf(filters: UsageFilters, today: Date): UsageQueryResult {
  const days = periodDays(filters, today);
  const parsed = adminUsageQuerySchema.safeParse({
    ...days,
    group: filters.group || undefined,
    feature: filters.feature || undefined,
    model: filters.model || undefined,
  });
  if (parsed.success) return { ok: true, query: parsed.data };
  const problems: Extract<UsageQueryResult, { ok: false }>['problems'] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field !== 'from' && field !== 'to') continue;
    // The schema's refinements run only on well-formed days: a custom message is order or length.
    problems[field] ??= issue.code !== 'custom' ? 'day' : field === 'to' ? 'order' : 'tooLong';
  }
  return { ok: false, problems };
}

const PARAMS = ['period', 'from', 'to', 'group', 'feature', 'model'] as const;

/** The filters in `params`; anything unknown falls back to this month without filters. */
export function filtersFromParams(params: URLSearchParams): UsageFilters {
  const period = params.get('period');
  const feature = params.get('feature');
  return {
    period: (USAGE_PERIODS as readonly string[]).includes(period ?? '') ? (period as UsagePeriod) : 'this_month',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    group: params.get('group') ?? '',
    feature: (USAGE_FEATURES as readonly string[]).includes(feature ?? '') ? (feature as UsageFeature) : '',
    model: params.get('model') ?? '',
  };
}

/** The address's parameters for `filters`: only what differs from the defaults, days only for a custom period. */
export function paramsFromFilters(filters: UsageFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of PARAMS) {
    const value = filters[name];
    if (value === '' || (name === 'period' && value === 'this_month')) continue;
    if ((name === 'from' || name === 'to') && filters.period !== 'custom') continue;
    params.set(name, value);
  }
  return params;
}
