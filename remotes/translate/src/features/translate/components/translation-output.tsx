import { Button, EmptyState, Loading } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import type { Ref } from 'react';
import type { TranslationResult } from '../hooks/use-translate-request';
import type { LayoutPart } from '../model/segment-layout';
import { NAMESPACE } from '../../../namespace';
import { SegmentDetails } from './segment-details';
import { SegmentText } from './segment-text';

export interface TranslationOutputProps {
  result: TranslationResult | null;
  parts: readonly LayoutPart[];
  running: boolean;
  activeIndex: number | null;
  onActiveChange(index: number | null): void;
  onCopy(): void;
  idPrefix: string;
  textRef?: Ref<HTMLDivElement>;
}

/** The translation sentence by sentence, with copy, the engine of the active sentence, and the empty state. */
export function TranslationOutput({ result, parts, running, activeIndex, onActiveChange, onCopy, idPrefix, textRef }: TranslationOutputProps) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = `${idPrefix}-heading`;
  const order = parts.flatMap((part) => (part.kind === 'segment' ? [part.index] : []));
  const position = activeIndex === null || !order.includes(activeIndex) ? null : { index: order.indexOf(activeIndex) + 1, count: order.length };
  return (
    <section className="translate-output" aria-labelledby={headingId} aria-busy={running || undefined}>
      <div className="translate-output__header">
        <h2 id={headingId} className="translate-output__heading">
          {t('result.heading')}
        </h2>
        {result && (
          <Button variant="secondary" size="sm" onClick={onCopy}>
            {t('actions.copy')}
          </Button>
        )}
      </div>
      {running && <Loading label={t('status.running')} showLabel size="sm" className="translate-output__loading" />}
      {result ? (
        <>
          <SegmentText
            ref={textRef}
            parts={parts}
            segments={result.response.translation_segments}
            activeIndex={activeIndex}
            onActiveChange={onActiveChange}
            descriptionId={(index) => `${idPrefix}-description-${index}`}
            lang={result.targetLanguage}
          />
          <SegmentDetails
            segments={result.response.translation_segments}
            activeIndex={activeIndex}
            position={position}
            swapped={result.swapped}
            descriptionIdPrefix={`${idPrefix}-description`}
          />
        </>
      ) : (
        !running && <EmptyState headingLevel={3} title={t('result.empty.title')} text={t('result.empty.text')} />
      )}
    </section>
  );
}
