import { z } from 'zod';
import { ID_MAX_LENGTH, isoDateTimeSchema, mustBeOneOf, nonEmptyStringSchema } from './common';

/**
 * Usage and budgets (docs/operations.md "Usage and budgets"). Every model call is recorded with
 * the user, their groups, the feature, the model and the tokens in and out (the endpoint's usage,
 * or an estimate marked as such); budgets are monthly, in tokens or in cost:
 *
 * - GET /api/usage/me: the signed-in user's usage this month by feature and model, and their
 *   budget; PUT /api/usage/me/notice-seen: the 80 % notice was shown (it is shown once a month).
 * - GET /api/admin/usage?from&to&group&feature&model: usage over time by day, feature, model,
 *   group and top users (names only here); GET /api/admin/usage.csv: the same rows as CSV.
 * - GET /api/admin/budgets, PUT /api/admin/budgets: the default, per group and per user budgets,
 *   the price table and the transcription rate.
 *
 * A call over budget is refused with 429 `budget_exhausted` and `resets_at` (api-error.ts).
 */

/** What a model call was made for: the feature label of usage, metrics and ratings. */
export const USAGE_FEATURES = [
  'chat',
  'qa',
  'research',
  'tools',
  'agents',
  'apps',
  'translation',
  'easy_language',
  'summarize',
  'generate',
  'canvas',
  'agent_builder',
  'sources',
  'transcription',
] as const;
export type UsageFeature = (typeof USAGE_FEATURES)[number];
export const usageFeatureSchema = z.enum(USAGE_FEATURES, mustBeOneOf(USAGE_FEATURES));

/** A budget counts tokens (in plus out) or cost (from the price table, in its currency). */
export const BUDGET_UNITS = ['tokens', 'cost'] as const;
export type BudgetUnit = (typeof BUDGET_UNITS)[number];
export const budgetUnitSchema = z.enum(BUDGET_UNITS, mustBeOneOf(BUDGET_UNITS));

/** The share of the budget at which the user is told (once a month). */
export const BUDGET_WARNING_PERCENT = 80;

/** Most budget overrides (groups plus users) and priced models one settings document holds. */
export const MAX_BUDGET_OVERRIDES = 500;
export const MAX_PRICED_MODELS = 200;
/** Most rows of "top users". */
export const TOP_USERS = 10;
/** Longest period one usage query covers, in days. */
export const MAX_USAGE_PERIOD_DAYS = 366;

/** Token counts and cost of some calls. `estimated_tokens` of the tokens were estimated (the API gave no usage). */
export const usageFiguresSchema = z.object({
  calls: z.number().int().min(0),
  input_tokens: z.number().int().min(0),
  output_tokens: z.number().int().min(0),
  estimated_tokens: z.number().int().min(0),
  /** In the price table's currency; null when no call in it had a price. */
  cost: z.number().min(0).nullable(),
  /** Transcribed audio (counted as tokens at the configured rate too). */
  transcription_minutes: z.number().min(0),
});
export type UsageFigures = z.infer<typeof usageFiguresSchema>;

export const usageByFeatureSchema = usageFiguresSchema.extend({ feature: usageFeatureSchema });
export const usageByModelSchema = usageFiguresSchema.extend({ model: z.string() });
export type UsageByFeature = z.infer<typeof usageByFeatureSchema>;
export type UsageByModel = z.infer<typeof usageByModelSchema>;

/** Where a user's budget comes from: their own, the largest of their groups', or the default. */
export const BUDGET_SOURCES = ['user', 'group', 'default'] as const;
export const budgetSourceSchema = z.enum(BUDGET_SOURCES);

/** A user's budget this month; `limit` and `used` in `unit` (tokens, or cost in `currency`). */
export const budgetStatusSchema = z.object({
  unit: budgetUnitSchema,
  currency: z.string().nullable(),
  limit: z.number().min(0),
  used: z.number().min(0),
  /** used / limit in percent, rounded down (may pass 100 by at most one call). */
  percent: z.number().int().min(0),
  source: budgetSourceSchema,
  /** When the budget starts again: the start of next month (UTC). */
  resets_at: isoDateTimeSchema,
});
export type BudgetStatus = z.infer<typeof budgetStatusSchema>;

/** GET /api/usage/me */
export const myUsageResponseSchema = z.object({
  period: z.object({ from: isoDateTimeSchema, to: isoDateTimeSchema }),
  totals: usageFiguresSchema,
  by_feature: z.array(usageByFeatureSchema),
  by_model: z.array(usageByModelSchema),
  /** Null: no budget applies. */
  budget: budgetStatusSchema.nullable(),
  /** True once the user passed BUDGET_WARNING_PERCENT this month and was not told yet. */
  notice_due: z.boolean(),
});
export type MyUsageResponse = z.infer<typeof myUsageResponseSchema>;

/** A calendar day, YYYY-MM-DD (UTC). */
export const isoDaySchema = z.iso.date();

/** The query of GET /api/admin/usage and /api/admin/usage.csv; `to` is inclusive. */
export const adminUsageQuerySchema = z
  .object({
    from: isoDaySchema,
    to: isoDaySchema,
    group: nonEmptyStringSchema.max(ID_MAX_LENGTH).optional(),
    feature: usageFeatureSchema.optional(),
    model: nonEmptyStringSchema.max(ID_MAX_LENGTH).optional(),
  })
  .refine((query) => query.from <= query.to, { message: '"from" must not be after "to"', path: ['to'] })
  .refine((query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < MAX_USAGE_PERIOD_DAYS, {
    message: `At most ${MAX_USAGE_PERIOD_DAYS} days`,
    path: ['from'],
  });
export type AdminUsageQuery = z.infer<typeof adminUsageQuerySchema>;

/** GET /api/admin/usage */
export const adminUsageResponseSchema = z.object({
  currency: z.string().nullable(),
  totals: usageFiguresSchema,
  /** Every day of the period, in order, days without calls included (zeros). */
  by_day: z.array(usageFiguresSchema.extend({ day: isoDaySchema })),
  by_feature: z.array(usageByFeatureSchema),
  by_model: z.array(usageByModelSchema),
  /** A call counts for each group its user was in when it was made. */
  by_group: z.array(usageFiguresSchema.extend({ group_id: z.string(), group_name: z.string() })),
  top_users: z.array(usageFiguresSchema.extend({ sub: z.string(), name: z.string().nullable(), email: z.string().nullable() })).max(TOP_USERS),
});
export type AdminUsageResponse = z.infer<typeof adminUsageResponseSchema>;

/** A budget limit in the settings' unit; null: no budget. */
export const budgetLimitSchema = z.number().min(0).max(1e12).nullable();

export const modelPriceSchema = z.strictObject({
  model: nonEmptyStringSchema.max(ID_MAX_LENGTH),
  /** Cost of a million input (prompt) tokens, in `currency`. */
  input_per_million: z.number().min(0).max(1e6),
  output_per_million: z.number().min(0).max(1e6),
});
export type ModelPrice = z.infer<typeof modelPriceSchema>;

/** GET and PUT /api/admin/budgets (names are filled in on GET and ignored on PUT). */
export const budgetSettingsSchema = z
  .strictObject({
    unit: budgetUnitSchema,
    /** ISO 4217 code of the price table (and of cost budgets). */
    currency: z.string().regex(/^[A-Z]{3}$/, 'A three-letter currency code, such as EUR'),
    /** Every user's monthly budget unless a group's or their own applies; null: none. */
    default_limit: budgetLimitSchema,
    groups: z.array(z.strictObject({ group_id: nonEmptyStringSchema.max(ID_MAX_LENGTH), name: z.string().optional(), limit: budgetLimitSchema })),
    users: z.array(z.strictObject({ sub: nonEmptyStringSchema.max(ID_MAX_LENGTH), name: z.string().nullable().optional(), limit: budgetLimitSchema })),
    prices: z.array(modelPriceSchema).max(MAX_PRICED_MODELS),
    /** What a minute of transcribed audio counts as. */
    transcription_tokens_per_minute: z.number().int().min(0).max(1_000_000),
  })
  .refine((settings) => settings.groups.length + settings.users.length <= MAX_BUDGET_OVERRIDES, {
    message: `At most ${MAX_BUDGET_OVERRIDES} groups and users together`,
    path: ['users'],
  })
  .refine((settings) => new Set(settings.prices.map((price) => price.model)).size === settings.prices.length, {
    message: 'Each model once',
    path: ['prices'],
  })
  .refine((settings) => settings.unit === 'tokens' || settings.prices.length > 0, {
    message: 'A cost budget needs prices',
    path: ['prices'],
  });
export type BudgetSettings = z.infer<typeof budgetSettingsSchema>;
