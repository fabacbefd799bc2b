import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayoutPart } from '../model/segment-layout';
import { NAMESPACE } from '../../../namespace';

export interface SourceViewProps {
  /** The sent text laid out by the segments' sources. */
  parts: readonly LayoutPart[];
  activeIndex: number | null;
  lang?: string;
  headingId: string;
}

/**
 * The text that was translated, read-only, with the source sentence of the active translated
 * sentence marked (<mark>) and scrolled into view.
 */
export function SourceView({ parts, activeIndex, lang, headingId }: SourceViewProps) {
  const { t } = useTranslation(NAMESPACE);
  const markRef = useRef<HTMLElement>(null);
  useEffect(() => {
    markRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activeIndex]);
  return (
    <section className="translate-source" aria-labelledby={headingId}>
      <h3 id={headingId} className="translate-source__heading">
        {t('source.heading')}
      </h3>
      <div className="translate-source__text" lang={lang}>
        {parts.map((part, i) =>
          part.kind === 'segment' && part.index === activeIndex ? (
            <mark key={i} ref={markRef} className="translate-source__mark" data-source-segment={part.index}>
              {part.text}
            </mark>
          ) : (
            <span key={i} data-source-segment={part.kind === 'segment' ? part.index : undefined}>
              {part.text}
            </span>
          ),
        )}
      </div>
    </section>
  );
}
