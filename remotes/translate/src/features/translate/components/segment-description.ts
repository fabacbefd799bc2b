import type { TranslationSegment } from '@assistant/contracts';
import type { TFunction } from 'i18next';

/** "Translated by DeepL, score 0.93" (or "Your original text" after a swap) for one segment. */
export function describeSegment(t: TFunction, segment: TranslationSegment, swapped: boolean, language: string): string {
  if (swapped) return t('segments.original');
  const { name, score } = segment.translated_by;
  if (score === undefined) return t('segments.by', { engine: name });
  const formatted = new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(score);
  return t('segments.byWithScore', { engine: name, score: formatted });
}
