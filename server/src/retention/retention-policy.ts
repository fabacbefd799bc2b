import {
  GROUP_RETENTION_KINDS,
  RETENTION_KINDS,
  retentionPolicySchema,
  type GroupRetentionKind,
  type MyRetentionResponse,
  type RetentionKind,
  type RetentionPolicy,
} from '@assistant/contracts';
import type { Transaction } from 'kysely';
import type { AuditLog } from '../audit/audit-log';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';

/** The app_settings key of the policy. */
const POLICY_KEY = 'retention';

const DAY_MS = 24 * 60 * 60_000;

/** Everything kept forever: the policy until an administrator sets one. */
export const FOREVER: RetentionPolicy = {
  defaults: Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, null])) as RetentionPolicy['defaults'],
  groups: [],
};

/** The policy as stored: group names are the directory's, filled in when shown, never kept. */
function withoutNames(policy: RetentionPolicy): RetentionPolicy {
  return { defaults: policy.defaults, groups: policy.groups.map(({ group_id, days }) => ({ group_id, days })) };
}

/**
 * The retention policy (docs/operations.md "Retention"): days per kind by default and per group,
 * one app_settings row. Read from the database each time, so every replica deletes by the same rules.
 */
export class RetentionPolicyRepository {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
  ) {}

  async read(trx: Transaction<DatabaseSchema> | Database = this.db): Promise<RetentionPolicy> {
    const row = await trx.selectFrom('app_settings').select('value').where('key', '=', POLICY_KEY).executeTakeFirst();
    return row ? retentionPolicySchema.parse(row.value) : FOREVER;
  }

  /** Replaces the policy; recorded in the audit log (before and after) in the same transaction. */
  async write(policy: RetentionPolicy, actor: string): Promise<RetentionPolicy> {
    const after = withoutNames(policy);
    await this.db.transaction().execute(async (trx) => {
      const before = await this.read(trx);
      await trx
        .insertInto('app_settings')
        .values({ key: POLICY_KEY, value: JSON.stringify(after), updated_by: actor })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(after), updated_by: actor, updated_at: new Date() }))
        .execute();
      await this.audit.record({ actor, action: 'retention.change', subjectKind: 'retention', subjectId: POLICY_KEY, before, after }, trx);
    });
    return after;
  }
}

/** The shorter of two retentions (null: forever). */
function shorter(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

/**
 * How long a member of `groups` keeps each kind: the shortest of the default and of their groups'
 * values (a group's null or missing value shortens nothing).
 */
export function effectiveRetention(policy: RetentionPolicy, groups: readonly string[]): MyRetentionResponse['days'] {
  const mine = new Set(groups);
  const days = {} as MyRetentionResponse['days'];
  for (const kind of GROUP_RETENTION_KINDS) {
    days[kind] = policy.groups.filter((group) => mine.has(group.group_id)).reduce<number | null>((least, group) => shorter(least, group.days[kind] ?? null), policy.defaults[kind]);
  }
  return days;
}

/** Whether a run of this policy would delete anything (some kind has a number of days). */
export function deletesAnything(policy: RetentionPolicy): boolean {
  return RETENTION_KINDS.some((kind) => policy.defaults[kind] !== null) || policy.groups.some((group) => Object.values(group.days).some((days) => typeof days === 'number'));
}

/** A kind's cutoffs at `now`: rows older than `all` go (null: none by default), and those of a group's member older than its cutoff. */
export interface KindCutoffs {
  all: Date | null;
  groups: Array<{ groupId: string; before: Date }>;
}

export function cutoffsOf(policy: RetentionPolicy, kind: RetentionKind, now: Date): KindCutoffs {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const defaultDays = policy.defaults[kind];
  const groups = (GROUP_RETENTION_KINDS as readonly string[]).includes(kind)
    ? policy.groups.flatMap((group) => {
        const days = group.days[kind as GroupRetentionKind];
        // A group keeping longer than the default changes nothing: the shortest applies.
        return typeof days === 'number' && (defaultDays === null || days < defaultDays) ? [{ groupId: group.group_id, before: before(days) }] : [];
      })
    : [];
  return { all: defaultDays === null ? null : before(defaultDays), groups };
}
