import { adminRatingsQuerySchema, type AdminRatingsQuery, type UsageFeature } from '@assistant/contracts';
import { periodDays, type UsagePeriod } from '../usage/usage-period';

/** What the ratings' filters say: a period as the usage tab offers them, and feature, model and agent ('' for all). */
export interface RatingsFilters {
  period: UsagePeriod;
  /** The custom period's days (YYYY-MM-DD) as typed. */
  from: string;
  to: string;
  feature: UsageFeature | '';
  model: string;
  agent: string;
}

export const INITIAL_RATINGS_FILTERS: RatingsFilters = { period: 'last_30_days', from: '', to: '', feature: '', model: '', agent: '' };

export type RatingsQueryResult = { ok: true; query: AdminRatingsQuery } | { ok: false; problems: Partial<Record<'from' | 'to', 'day' | 'order'>> };

/** The query the filters ask for, checked with the contract's schema; a custom period it refuses names the field and why. */
export function ratingsQueryOf(filters: RatingsFilters, today: Date): RatingsQueryResult {
  const parsed = adminRatingsQuerySchema.safeParse({
    ...periodDays(filters, today),
    feature: filters.feature || undefined,
    model: filters.model || undefined,
    agent: filters.agent || undefined,
  });
  if (parsed.success) return { ok: true, query: parsed.data };
  const problems: Extract<RatingsQueryResult, { ok: false }>['problems'] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    // The order refinement runs only on well-formed days and names "to".
    if (field === 'from' || field === 'to') problems[field] ??= issue.code === 'custom' ? 'order' : 'day';
  }
  return { ok: false, problems };
}

/** The share of good answers, up / (up + down); null without ratings. */
export const goodRate = ({ up, down }: { up: number; down: number }): number | null => (up + down === 0 ? null : up / (up + down));
