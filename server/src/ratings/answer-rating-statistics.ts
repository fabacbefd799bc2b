import { ratingReasonSchema, usageFeatureSchema, uuidSchema, type AdminRatingsQuery, type AdminRatingsResponse, type RatingValue, type UsageFeature } from '@assistant/contracts';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { contractReasons } from './answer-ratings-repository';

/** The latest comments and shared conversations the administrators see. */
const LATEST_COMMENTS = 100;
const DAY_MS = 86_400_000;

// Counts as int: PostgreSQL's count is a bigint, which the driver answers as a string.
const up = sql<number>`(count(*) filter (where rating = 'up'))::int`.as('up');
const down = sql<number>`(count(*) filter (where rating = 'down'))::int`.as('down');
/** A rating counts on the (UTC) day it was first given; changing it changes its value, not its day. */
const dayOf = sql<string>`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')`;

const byVotes = <T extends { up: number; down: number }>(a: T, b: T) => b.up + b.down - (a.up + a.down);

/**
 * The administrators' view of the answer ratings in a period (GET /api/admin/ratings): the counts
 * of good and bad answers in all, by day (every day of the period), model, feature and agent, the
 * reasons given, and the latest comments. The good-answer rate is the client's up / (up + down).
 * The question and answer texts appear only where their user shared them.
 */
export async function answerRatingStatistics(db: Database, query: AdminRatingsQuery): Promise<AdminRatingsResponse> {
  const start = new Date(`${query.from}T00:00:00Z`);
  const end = new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS);
  const inPeriod = db
    .selectFrom('answer_ratings')
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .$if(query.feature !== undefined, (q) => q.where('feature', '=', query.feature!))
    .$if(query.model !== undefined, (q) => q.where('model', '=', query.model!))
    .$if(query.agent !== undefined, (q) => q.where('agent_id', '=', query.agent!));

  const [totals, days, models, features, agents, reasons, comments] = await Promise.all([
    inPeriod.select([up, down]).executeTakeFirstOrThrow(),
    inPeriod.select([dayOf.as('day'), up, down]).groupBy(dayOf).execute(),
    inPeriod.select(['model', up, down]).where('model', 'is not', null).groupBy('model').execute(),
    inPeriod.select(['feature', up, down]).groupBy('feature').execute(),
    inPeriod.select(['agent_id', up, down]).where('agent_id', 'is not', null).groupBy('agent_id').execute(),
    db
      .selectFrom(inPeriod.select(['rating', sql<string>`jsonb_array_elements_text(reasons)`.as('reason')]).as('given'))
      .select(['given.rating', 'given.reason', sql<number>`count(*)::int`.as('count')])
      .groupBy(['given.rating', 'given.reason'])
      .execute(),
    inPeriod
      .select(['updated_at', 'rating', 'reasons', 'comment', 'feature', 'model', 'agent_id', 'share_with_admins', 'question_text', 'answer_text'])
      .where((row) => row.or([row('comment', 'is not', null), row('share_with_admins', '=', true)]))
      .orderBy('updated_at', 'desc')
      .limit(LATEST_COMMENTS)
      .execute(),
  ]);

  const agentIds = [...new Set([...agents.map((row) => row.agent_id!), ...comments.flatMap((row) => (row.agent_id ? [row.agent_id] : []))])];
  const names = await agentNames(db, agentIds);
  const perDay = new Map(days.map((row) => [row.day, row]));

  return {
    totals: { up: totals.up, down: totals.down },
    by_day: daysOf(start, end).map((day) => ({ day, up: perDay.get(day)?.up ?? 0, down: perDay.get(day)?.down ?? 0 })),
    by_model: models.map((row) => ({ model: row.model!, up: row.up, down: row.down })).sort(byVotes),
    // A feature the contract no longer lists (none today) is left out rather than failing the page.
    by_feature: features
      .flatMap((row) => (isFeature(row.feature) ? [{ feature: row.feature, up: row.up, down: row.down }] : []))
      .sort(byVotes),
    by_agent: agents.map((row) => ({ agent_id: row.agent_id!, agent_name: names.get(row.agent_id!) ?? null, up: row.up, down: row.down })).sort(byVotes),
    reasons: reasons
      .flatMap((row) => {
        const reason = ratingReasonSchema.safeParse(row.reason);
        return reason.success ? [{ rating: row.rating as RatingValue, reason: reason.data, count: row.count }] : [];
      })
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
    comments: comments.flatMap((row) =>
      isFeature(row.feature)
        ? [
            {
              at: row.updated_at.toISOString(),
              rating: row.rating,
              reasons: contractReasons(row.reasons),
              comment: row.comment,
              feature: row.feature,
              model: row.model,
              agent_name: row.agent_id ? (names.get(row.agent_id) ?? null) : null,
              question_text: row.share_with_admins ? row.question_text : null,
              answer_text: row.share_with_admins ? row.answer_text : null,
            },
          ]
        : [],
    ),
  };
}

const isFeature = (feature: string): feature is UsageFeature => usageFeatureSchema.safeParse(feature).success;

/** The UTC days from `start` up to (not including) `end`, as YYYY-MM-DD. */
function daysOf(start: Date, end: Date): string[] {
  const days: string[] = [];
  for (let at = start.getTime(); at < end.getTime(); at += DAY_MS) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** Agents' current names; a deleted agent has none (its ratings stay in the statistics). */
async function agentNames(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  const uuids = ids.filter((id) => uuidSchema.safeParse(id).success);
  if (uuids.length === 0) return new Map();
  const rows = await db.selectFrom('agents').select(['id', 'name']).where('id', 'in', uuids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
