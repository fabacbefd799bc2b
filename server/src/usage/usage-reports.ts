import { TOP_USERS, type AdminUsageQuery, type AdminUsageResponse, type UsageFeature, type UsageFigures } from '@assistant/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database';
import type { GroupNamer } from '../sharing/group-names';

/** The sums of a set of usage_events rows, as PostgreSQL answers them (bigint and numeric as strings). */
interface FigureRow {
  calls: string | number;
  input_tokens: string | number;
  output_tokens: string | number;
  estimated_tokens: string | number;
  cost: string | number | null;
  audio_seconds: string | number;
}

const FIGURES = sql`count(*) as calls,
  coalesce(sum(input_tokens), 0) as input_tokens,
  coalesce(sum(output_tokens), 0) as output_tokens,
  coalesce(sum(estimated_tokens), 0) as estimated_tokens,
  sum(cost) as cost,
  coalesce(sum(audio_seconds), 0) as audio_seconds`;

export const ZERO_FIGURES: UsageFigures = { calls: 0, input_tokens: 0, output_tokens: 0, estimated_tokens: 0, cost: null, transcription_minutes: 0 };

function figures(row: FigureRow | undefined): UsageFigures {
  if (!row) return ZERO_FIGURES;
  return {
    calls: Number(row.calls),
    input_tokens: Number(row.input_tokens),
    output_tokens: Number(row.output_tokens),
    estimated_tokens: Number(row.estimated_tokens),
    cost: row.cost === null ? null : Number(row.cost),
    transcription_minutes: Math.round((Number(row.audio_seconds) / 60) * 100) / 100,
  };
}

const DAY_MS = 86_400_000;

/** Every day from `from` to `to` (YYYY-MM-DD, both included). */
function daysOf(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const count = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / DAY_MS) + 1;
  return Array.from({ length: count }, (_, i) => new Date(start + i * DAY_MS).toISOString().slice(0, 10));
}

/** A period as SQL: from its start (included) to its end (excluded). */
interface Period {
  from: unknown;
  to: unknown;
}

/** The rows of a period and the query's filters. */
function scope(period: Period, filters: { sub?: string; group?: string; feature?: UsageFeature; model?: string } = {}): RawBuilder<unknown> {
  const parts = [sql`at >= ${period.from}`, sql`at < ${period.to}`];
  if (filters.sub !== undefined) parts.push(sql`user_sub = ${filters.sub}`);
  if (filters.group !== undefined) parts.push(sql`groups @> jsonb_build_array(${filters.group}::text)`);
  if (filters.feature !== undefined) parts.push(sql`feature = ${filters.feature}`);
  if (filters.model !== undefined) parts.push(sql`model = ${filters.model}`);
  return sql.join(parts, sql` and `);
}

/** The days of a query in UTC, reckoned by the database (the day after 9999-12-31 is one to it). */
function adminPeriod(query: AdminUsageQuery): Period {
  return {
    from: sql`(${query.from}::date)::timestamp at time zone 'UTC'`,
    to: sql`(${query.to}::date + 1)::timestamp at time zone 'UTC'`,
  };
}

/** One CSV row: a day's calls of one user, feature and model. */
export interface UsageCsvRow extends UsageFigures {
  day: string;
  sub: string;
  name: string | null;
  email: string | null;
  feature: string;
  model: string;
}

/** Usage read back from usage_events: a user's own, and the administrators' views. */
export class UsageReports {
  constructor(
    private readonly db: Database,
    private readonly groupName: GroupNamer,
  ) {}

  /** A user's calls in a period: totals, by feature and by model. */
  async mine(sub: string, period: { from: Date; to: Date }) {
    const where = scope(period, { sub });
    const [totals, byFeature, byModel] = await Promise.all([
      this.rows<FigureRow>(sql`select ${FIGURES} from usage_events where ${where}`),
      this.rows<FigureRow & { feature: UsageFeature }>(sql`select feature, ${FIGURES} from usage_events where ${where} group by feature order by feature`),
      this.rows<FigureRow & { model: string }>(sql`select model, ${FIGURES} from usage_events where ${where} group by model order by model`),
    ]);
    return {
      totals: figures(totals[0]),
      by_feature: byFeature.map((row) => ({ feature: row.feature, ...figures(row) })),
      by_model: byModel.map((row) => ({ model: row.model, ...figures(row) })),
    };
  }

  /** The administrators' view of a period (GET /api/admin/usage). */
  async admin(query: AdminUsageQuery, currency: string | null): Promise<AdminUsageResponse> {
    const where = scope(adminPeriod(query), query);
    const [totals, byDay, byFeature, byModel, byGroup, topUsers] = await Promise.all([
      this.rows<FigureRow>(sql`select ${FIGURES} from usage_events where ${where}`),
      this.rows<FigureRow & { day: string }>(sql`select to_char(at at time zone 'UTC', 'YYYY-MM-DD') as day, ${FIGURES} from usage_events where ${where} group by 1`),
      this.rows<FigureRow & { feature: UsageFeature }>(sql`select feature, ${FIGURES} from usage_events where ${where} group by feature order by feature`),
      this.rows<FigureRow & { model: string }>(sql`select model, ${FIGURES} from usage_events where ${where} group by model order by model`),
      this.rows<FigureRow & { group_id: string; display_name: string | null }>(
        sql`select g.group_id, d.display_name, ${FIGURES}
          from usage_events cross join lateral jsonb_array_elements_text(groups) as g(group_id)
          left join directory_groups d on d.id = g.group_id
          where ${where} group by g.group_id, d.display_name`,
      ),
      this.rows<FigureRow & { user_sub: string; name: string | null; email: string | null }>(
        sql`select e.user_sub, u.name, u.email, ${FIGURES}
          from usage_events e left join directory_users u on u.sub = e.user_sub
          where ${where} group by e.user_sub, u.name, u.email
          order by sum(e.input_tokens + e.output_tokens) desc, e.user_sub limit ${TOP_USERS}`,
      ),
    ]);
    const days = new Map(byDay.map((row) => [row.day, figures(row)]));
    const by_day: AdminUsageResponse['by_day'] = [];
    for (const day of daysOf(query.from, query.to)) by_day.push({ day, ...(days.get(day) ?? ZERO_FIGURES) });
    const tokens = (row: UsageFigures) => row.input_tokens + row.output_tokens;
    return {
      currency,
      totals: figures(totals[0]),
      by_day,
      by_feature: byFeature.map((row) => ({ feature: row.feature, ...figures(row) })),
      by_model: byModel.map((row) => ({ model: row.model, ...figures(row) })),
      by_group: byGroup
        .map((row) => ({ group_id: row.group_id, group_name: this.groupName({ id: row.group_id, display_name: row.display_name }), ...figures(row) }))
        .sort((a, b) => tokens(b) - tokens(a) || a.group_name.localeCompare(b.group_name)),
      top_users: topUsers.map((row) => ({ sub: row.user_sub, name: row.name, email: row.email, ...figures(row) })),
    };
  }

  /** A row per day, user, feature and model of a period (GET /api/admin/usage.csv). */
  async csvRows(query: AdminUsageQuery): Promise<UsageCsvRow[]> {
    const where = scope(adminPeriod(query), query);
    const rows = await this.rows<FigureRow & { day: string; user_sub: string; name: string | null; email: string | null; feature: string; model: string }>(
      sql`select to_char(e.at at time zone 'UTC', 'YYYY-MM-DD') as day, e.user_sub, u.name, u.email, e.feature, e.model, ${FIGURES}
        from usage_events e left join directory_users u on u.sub = e.user_sub
        where ${where} group by 1, e.user_sub, u.name, u.email, e.feature, e.model
        order by 1, e.user_sub, e.feature, e.model`,
    );
    return rows.map((row) => ({ day: row.day, sub: row.user_sub, name: row.name, email: row.email, feature: row.feature, model: row.model, ...figures(row) }));
  }

  private async rows<T>(query: RawBuilder<unknown>): Promise<T[]> {
    return (await query.execute(this.db)).rows as T[];
  }
}
