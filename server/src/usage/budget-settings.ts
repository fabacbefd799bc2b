import { budgetSettingsSchema, type BudgetSettings, type ModelPrice } from '@assistant/contracts';
import type { AuditLog } from '../audit/audit-log';
import type { Database } from '../db/database';
import type { GroupNamer } from '../sharing/group-names';

/** The settings before an administrator saved any: no budgets, no prices. */
export const DEFAULT_BUDGET_SETTINGS: BudgetSettings = {
  unit: 'tokens',
  currency: 'EUR',
  default_limit: null,
  groups: [],
  users: [],
  prices: [],
  // About what a minute of speech is as text tokens of a transcription model's input.
  transcription_tokens_per_minute: 1_000,
};

/** A user's budget this month, in the settings' unit, and where it comes from. */
export interface EffectiveBudget {
  limit: number;
  source: 'user' | 'group' | 'default';
}

/**
 * The budget that applies to a user: their own when one is set, else the largest of their groups'
 * (a user in several groups gets the most generous), else the default; undefined: none. A user or
 * group listed with `limit: null` has no budget of its own and falls through.
 */
export function effectiveBudget(settings: BudgetSettings, sub: string, groups: readonly string[]): EffectiveBudget | undefined {
  const own = settings.users.find((user) => user.sub === sub)?.limit;
  if (own !== undefined && own !== null) return { limit: own, source: 'user' };
  let largest: number | undefined;
  for (const group of settings.groups) {
    if (group.limit === null || !groups.includes(group.group_id)) continue;
    if (largest === undefined || group.limit > largest) largest = group.limit;
  }
  if (largest !== undefined) return { limit: largest, source: 'group' };
  return settings.default_limit === null ? undefined : { limit: settings.default_limit, source: 'default' };
}

/** The cost of tokens of a model by the price table; undefined when the model has no price. */
export function costOf(prices: ReadonlyMap<string, ModelPrice>, model: string, inputTokens: number, outputTokens: number): number | undefined {
  const price = prices.get(model);
  if (!price) return undefined;
  return (inputTokens * price.input_per_million + outputTokens * price.output_per_million) / 1_000_000;
}

/** The one budget settings document (table budget_settings), without the names GET fills in. */
export class BudgetSettingsRepository {
  constructor(private readonly db: Database) {}

  async read(): Promise<BudgetSettings> {
    const row = await this.db.selectFrom('budget_settings').select('document').executeTakeFirst();
    if (!row) return DEFAULT_BUDGET_SETTINGS;
    const parsed = budgetSettingsSchema.safeParse(typeof row.document === 'string' ? JSON.parse(row.document) : row.document);
    // A document an older or newer server wrote that no longer fits: no budgets rather than no service.
    return parsed.success ? parsed.data : DEFAULT_BUDGET_SETTINGS;
  }

  /** The settings with the shown names of their groups and users (the directory's; a user never seen: null). */
  async readNamed(groupName: GroupNamer): Promise<BudgetSettings> {
    const settings = await this.read();
    const groupIds = settings.groups.map((group) => group.group_id);
    const subs = settings.users.map((user) => user.sub);
    const [groups, users] = await Promise.all([
      groupIds.length ? this.db.selectFrom('directory_groups').select(['id', 'display_name']).where('id', 'in', groupIds).execute() : [],
      subs.length ? this.db.selectFrom('directory_users').select(['sub', 'name']).where('sub', 'in', subs).execute() : [],
    ]);
    const displayNames = new Map(groups.map((group) => [group.id, group.display_name]));
    const names = new Map(users.map((user) => [user.sub, user.name]));
    return {
      ...settings,
      groups: settings.groups.map((group) => ({ ...group, name: groupName({ id: group.group_id, display_name: displayNames.get(group.group_id) ?? null }) })),
      users: settings.users.map((user) => ({ ...user, name: names.get(user.sub) ?? null })),
    };
  }

  /** Saves `settings` (names dropped) and records the change, before and after, in the audit log (both or neither). */
  async write(settings: BudgetSettings, by: string, audit: AuditLog): Promise<BudgetSettings> {
    const stored = withoutNames(settings);
    await this.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom('budget_settings').select('document').forUpdate().executeTakeFirst();
      const before = current ? budgetSettingsSchema.safeParse(current.document) : undefined;
      await trx
        .insertInto('budget_settings')
        .values({ id: true, document: JSON.stringify(stored), updated_by: by })
        .onConflict((oc) => oc.column('id').doUpdateSet({ document: JSON.stringify(stored), updated_by: by, updated_at: new Date() }))
        .execute();
      await audit.record({ actor: by, action: 'budget.change', subjectKind: 'budgets', subjectId: 'budgets', before: before?.success ? before.data : DEFAULT_BUDGET_SETTINGS, after: stored }, trx);
    });
    return stored;
  }
}

function withoutNames(settings: BudgetSettings): BudgetSettings {
  return {
    ...settings,
    groups: settings.groups.map(({ group_id, limit }) => ({ group_id, limit })),
    users: settings.users.map(({ sub, limit }) => ({ sub, limit })),
  };
}
