import { originalOfSourceUrl, type QaSource } from '@assistant/contracts';
import { Badge, MarkedText } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { locationOf, pagesOf, scoreOf, verdictOf } from '../model/source-facts';

/**
 * The source's text as it reads: a single line break (a printed line's wrap in a PDF, or the
 * joint between two pages) becomes a space, blank lines (paragraphs) stay. One character for one,
 * so the highlight offsets still fit.
 */
export function readableText(text: string): string {
  return text.replace(/(?<!\n)\n(?!\n)/g, ' ');
}

export interface SourceItemProps {
  /** Counted from 1: the answer cites it as [n]. */
  n: number;
  source: QaSource;
  /** The list entry's id: the answer's citation links point at it. */
  anchorId: string;
  /** Whether its document can be opened (a location in its URL). */
  canOpen: boolean;
  onOpen(): void;
}

/**
 * One source: its number, name, pages, the supporting/conflicting badge and score (and, for a
 * file synced from a document library, a link to its original), and its text with the sentences
 * the judgement marked. The name is the button that opens the document at
 * that place; a click anywhere on the entry (not a text selection) does the same.
 */
export function SourceItem({ n, source, anchorId, canOpen, onOpen }: SourceItemProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const language = i18n.language === 'en' ? 'en' : 'de';
  const verdict = verdictOf(source);
  const score = scoreOf(source);
  const pages = pagesOf(locationOf(source));
  // A file synced from a document library: its original there (opening the source shows the portal's copy).
  const original = originalOfSourceUrl(source.source_url);
  const pageLabel =
    pages.length === 0 ? undefined : pages.length === 1 ? t('sources.page', { page: pages[0] }) : t('sources.pages', { from: pages[0], to: pages.at(-1) });
  const scoreText =
    score === undefined
      ? undefined
      : new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'exceptZero' }).format(score);

  const onEntryClick = () => {
    if (canOpen && !window.getSelection()?.toString()) onOpen();
  };

  return (
    <li id={anchorId} tabIndex={-1} className={`qa-source qa-source--${verdict}`} onClick={onEntryClick}>
      <div className="qa-source__head">
        <span className="qa-source__number" aria-hidden="true">
          [{n}]
        </span>
        <h3 className="qa-source__name">
          {canOpen ? (
            <button
              type="button"
              className="qa-source__open"
              onClick={(event) => {
                event.stopPropagation();
                onOpen();
              }}
            >
              <span className="ui-visually-hidden">{t('sources.number', { n })} </span>
              {source.source_name}
            </button>
          ) : (
            <>
              <span className="ui-visually-hidden">{t('sources.number', { n })} </span>
              {source.source_name}
            </>
          )}
        </h3>
      </div>
      <div className="qa-source__facts">
        {pageLabel && <span className="qa-source__pages">{pageLabel}</span>}
        {verdict !== 'unjudged' && <Badge variant={verdict === 'supporting' ? 'success' : 'error'}>{t(`sources.verdict.${verdict}`)}</Badge>}
        {scoreText && (
          <span className="qa-source__score" title={t('sources.scoreHelp')}>
            {t('sources.score', { score: scoreText })}
          </span>
        )}
        {original && (
          <a
            className="qa-source__original"
            href={original}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('sources.originalLabel', { n, name: source.source_name })}
            onClick={(event) => event.stopPropagation()}
          >
            {t('sources.original')}
          </a>
        )}
      </div>
      <blockquote className="qa-source__text">
        <MarkedText text={readableText(source.source_text)} highlights={source.highlights} />
      </blockquote>
    </li>
  );
}
