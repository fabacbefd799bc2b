import { GENERATE_FIELD_REQUIRED } from '@assistant/contracts';
import type { TFunction } from 'i18next';

const PATTERNS: Array<[RegExp, string]> = [
  [/^Must not be longer than (\d+) characters$/, 'validation.tooLong'],
  [/^Must not be below (-?[\d.]+)$/, 'validation.below'],
  [/^Must not be above (-?[\d.]+)$/, 'validation.above'],
  [/^Must offer at least (\d+) options$/, 'validation.fewOptions'],
  [/^Must not offer more than (\d+) options$/, 'validation.manyOptions'],
];

const FIXED: Record<string, string> = {
  [GENERATE_FIELD_REQUIRED]: 'validation.required',
  'Must be filled in': 'validation.required',
  'Must be a number': 'validation.number',
  'Must be one line': 'validation.oneLine',
  'Must be a date written YYYY-MM-DD, such as 2025-06-30': 'validation.date',
};

/**
 * A field issue of the contracts (English, the words the server answers too) in the interface
 * language; the common ones have their own text, any other is shown as the contracts word it.
 */
export function fieldMessage(t: TFunction, message: string): string {
  const fixed = FIXED[message];
  if (fixed) return t(fixed);
  for (const [pattern, key] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(key, { value: match[1] });
  }
  if (message.startsWith('Must be one of')) return t('validation.oneOf');
  return message;
}
