import type { Locale, UsageFigures } from '@assistant/contracts';

/** What the charts show of each row's figures. */
export const USAGE_MEASURES = ['tokens', 'cost', 'calls'] as const;
export type UsageMeasure = (typeof USAGE_MEASURES)[number];

/** The value `measure` takes of `figures`: tokens in and out together, the cost (0 without a price), or the calls. */
export function measureOf(figures: UsageFigures, measure: UsageMeasure): number {
  if (measure === 'tokens') return figures.input_tokens + figures.output_tokens;
  if (measure === 'cost') return figures.cost ?? 0;
  return figures.calls;
}

export interface UsageFormat {
  number: (value: number) => string;
  /** A cost in the price table's currency; a dash where no call had a price. */
  cost: (value: number | null) => string;
  minutes: (value: number) => string;
  measure: (measure: UsageMeasure) => (value: number) => string;
}

/** Number formats of the interface language (and the currency, when prices are set). */
export function usageFormat(language: Locale, currency: string | null): UsageFormat {
  const tag = language === 'de' ? 'de-DE' : 'en-GB';
  const integer = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  const moneyOptions: Intl.NumberFormatOptions = currency ? { style: 'currency', currency } : {};
  const money = new Intl.NumberFormat(tag, { ...moneyOptions, maximumFractionDigits: 2 });
  // A user's cost of a few calls is a fraction of a cent: shown with the digits that say it.
  const small = new Intl.NumberFormat(tag, { ...moneyOptions, minimumFractionDigits: 2, maximumFractionDigits: 4 });
  const tenths = new Intl.NumberFormat(tag, { maximumFractionDigits: 1 });
  const cost = (value: number | null) => (value === null ? '–' : value > 0 && value < 1 ? small.format(value) : money.format(value));
  const number = (value: number) => integer.format(value);
  return {
    number,
    cost,
    minutes: (value) => tenths.format(value),
    measure: (measure) => (measure === 'cost' ? (value: number) => cost(value) : number),
  };
}
