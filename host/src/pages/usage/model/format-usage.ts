import type { BudgetStatus, Locale } from '@assistant/contracts';

const LOCALE_TAGS: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };

/** A whole number in the interface language: 12.345 (de), 12,345 (en). */
export function formatCount(value: number, language: Locale): string {
  return new Intl.NumberFormat(LOCALE_TAGS[language]).format(value);
}

/** Minutes of audio with one decimal at most: 12,5 (de), 12.5 (en). */
export function formatMinutes(value: number, language: Locale): string {
  return new Intl.NumberFormat(LOCALE_TAGS[language], { maximumFractionDigits: 1 }).format(value);
}

/** An amount of money in `currency` (the price table's), or the plain number without one. */
export function formatCost(value: number, currency: string | null, language: Locale): string {
  return new Intl.NumberFormat(LOCALE_TAGS[language], currency ? { style: 'currency', currency } : { maximumFractionDigits: 2 }).format(value);
}

/** A budget's figure in its unit: "12.345 Tokens" (through `tokens`, the words), or "3,20 €". */
export function formatBudgetAmount(value: number, budget: Pick<BudgetStatus, 'unit' | 'currency'>, language: Locale, tokens: (formatted: string) => string): string {
  return budget.unit === 'cost' ? formatCost(value, budget.currency, language) : tokens(formatCount(value, language));
}
