import type { TranslationSegment } from '@assistant/contracts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { describeSegment } from './segment-description';

export interface SegmentDetailsProps {
  segments: readonly TranslationSegment[];
  activeIndex: number | null;
  /** Position of the active sentence among the shown ones (1-based) and their number. */
  position: { index: number; count: number } | null;
  swapped: boolean;
  /** Id prefix of the per-sentence descriptions the sentences point at (aria-describedby). */
  descriptionIdPrefix: string;
}

/**
 * Under the translation: which engine made the active sentence, and its score when the engine
 * gives one (the small "tooltip" of the segment view, kept in one place so it never covers text).
 * Also holds one hidden description per sentence for aria-describedby, and announces the
 * highlighted source sentence politely for screen readers.
 */
export function SegmentDetails({ segments, activeIndex, position, swapped, descriptionIdPrefix }: SegmentDetailsProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const active = activeIndex === null ? undefined : segments[activeIndex];
  return (
    <>
      <p className="translate-details" data-active={active ? 'true' : undefined}>
        {active && position
          ? `${t('segments.position', { index: position.index, count: position.count })} · ${describeSegment(t, active, swapped, language)}`
          : t('segments.hint')}
      </p>
      <div hidden>
        {segments.map((segment, index) => (
          <span key={index} id={`${descriptionIdPrefix}-${index}`}>
            {describeSegment(t, segment, swapped, language)}
          </span>
        ))}
      </div>
      <p className="ui-visually-hidden" aria-live="polite" aria-atomic="true">
        {active && position ? t('segments.announce', { index: position.index, count: position.count, source: active.source.trim() }) : ''}
      </p>
    </>
  );
}
