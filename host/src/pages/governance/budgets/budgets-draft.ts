import { budgetSettingsSchema, type BudgetSettings, type BudgetUnit, type Locale } from '@assistant/contracts';

/** A group's or a person's own budget as the form holds it: the limit as typed. */
export interface LimitDraft {
  /** The group's id or the person's sub. */
  id: string;
  name: string;
  limit: string;
}

export interface PriceDraft {
  /** Tells rows apart while their model is typed (React keys, field ids). */
  key: string;
  model: string;
  input: string;
  output: string;
}

/** The budget settings as the form edits them: numbers as the fields' text, so nothing typed is lost. */
export interface BudgetsDraft {
  unit: BudgetUnit;
  currency: string;
  defaultLimit: string;
  groups: LimitDraft[];
  users: LimitDraft[];
  prices: PriceDraft[];
  transcription: string;
}

/** A number as its field shows it (a decimal comma in German). */
export function numberText(value: number | null, language: Locale): string {
  if (value === null) return '';
  const text = String(value);
  return language === 'de' ? text.replace('.', ',') : text;
}

/** A field's text as a number: empty is null, a decimal comma counts as a point, anything else not a number is NaN (the schema says so). */
function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(/\s/g, '');
  if (trimmed === '') return null;
  return /^-?\d+([.,]\d+)?$/.test(trimmed) ? Number(trimmed.replace(',', '.')) : Number.NaN;
}

let nextKey = 0;
export const newPriceDraft = (model = ''): PriceDraft => ({ key: `price-${++nextKey}`, model, input: '', output: '' });

export function draftFromSettings(settings: BudgetSettings, language: Locale): BudgetsDraft {
  const limitDraft = (id: string, name: string | null | undefined, limit: number | null): LimitDraft => ({ id, name: name || id, limit: numberText(limit, language) });
  return {
    unit: settings.unit,
    currency: settings.currency,
    defaultLimit: numberText(settings.default_limit, language),
    groups: settings.groups.map((group) => limitDraft(group.group_id, group.name, group.limit)),
    users: settings.users.map((user) => limitDraft(user.sub, user.name, user.limit)),
    prices: settings.prices.map((price) => ({
      ...newPriceDraft(price.model),
      input: numberText(price.input_per_million, language),
      output: numberText(price.output_per_million, language),
    })),
    transcription: String(settings.transcription_tokens_per_minute),
  };
}

/** What the form would save: the contract's shape, numbers parsed (a wrong one stays NaN for the schema to name). */
export function settingsFromDraft(draft: BudgetsDraft): BudgetSettings {
  return {
    unit: draft.unit,
    currency: draft.currency.trim(),
    default_limit: parseNumber(draft.defaultLimit),
    groups: draft.groups.map((group) => ({ group_id: group.id, limit: parseNumber(group.limit) })),
    users: draft.users.map((user) => ({ sub: user.id, limit: parseNumber(user.limit) })),
    prices: draft.prices.map((price) => ({
      model: price.model.trim(),
      input_per_million: parseNumber(price.input) ?? Number.NaN,
      output_per_million: parseNumber(price.output) ?? Number.NaN,
    })),
    transcription_tokens_per_minute: parseNumber(draft.transcription) ?? Number.NaN,
  };
}

/** Which kind of problem a field has; the form words it in the interface language. */
export type BudgetProblem = 'currency' | 'limit' | 'model' | 'price' | 'transcription' | 'duplicate' | 'needPrices' | 'tooMany' | 'other';

/**
 * The field a contract path is about, as the form names its fields: `currency`, `default_limit`,
 * `groups.0.limit`, `users.1.limit`, `prices.2.model`, `prices.2.input_per_million`, `prices`
 * (the table as a whole), `users` (too many overrides), `transcription_tokens_per_minute`.
 */
export function fieldOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

function problemOf(field: string, draft: BudgetsDraft): BudgetProblem {
  if (field === 'currency') return 'currency';
  if (field === 'default_limit' || /^(groups|users)\.\d+\.limit$/.test(field)) return 'limit';
  if (/^prices\.\d+\.model$/.test(field)) return 'model';
  if (/^prices\.\d+\.(input|output)_per_million$/.test(field)) return 'price';
  if (field === 'transcription_tokens_per_minute') return 'transcription';
  if (field === 'users') return 'tooMany';
  if (field === 'prices') {
    const models = draft.prices.map((price) => price.model.trim());
    return new Set(models).size !== models.length ? 'duplicate' : 'needPrices';
  }
  return 'other';
}

export interface FieldProblem {
  problem: BudgetProblem;
  /** The contract's (English) words, for a problem the form has no words of its own for. */
  message: string;
}

/** The problems the contract's schema finds in the draft, by field (the first per field). */
export function draftProblems(draft: BudgetsDraft): Record<string, FieldProblem> {
  const parsed = budgetSettingsSchema.safeParse(settingsFromDraft(draft));
  return parsed.success ? {} : problemsOf(parsed.error.issues, draft);
}

/** Problems by field from issues of the schema or of the server's refusal (whose paths start with `body`). */
export function problemsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[], draft: BudgetsDraft): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path[0] === 'body' ? issue.path.slice(1) : issue.path);
    problems[field] ??= { problem: problemOf(field, draft), message: issue.message };
  }
  return problems;
}

/** The id of the element that shows a field (focused when the field has a problem). */
export const fieldElementId = (field: string) => `budgets-${field.replaceAll('.', '-')}`;
