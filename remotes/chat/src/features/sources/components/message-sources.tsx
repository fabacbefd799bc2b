import { originalOfSourceUrl, type InContextSource } from '@assistant/contracts';
import { Badge, Button, MarkedText, Spinner } from '@assistant/ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useMessageSources } from '../hooks/use-message-sources';
import type { GroupedSources } from '../model/group-sources';
import { sourceExcerpt } from '../model/source-excerpt';
import { SourcePreviewDialog } from './source-preview-dialog';
import './message-sources.css';

export interface MessageSourcesProps {
  conversationId: string;
  messageId: string;
  /** The media type of the document a source came from (by source_index), from the answer's tool step. */
  mediaTypeOf?: (sourceIndex: number) => string | undefined;
  /** The name of the document a source came from, where the source itself has none. */
  documentNameOf?: (sourceIndex: number) => string | undefined;
  /** Says something politely (the view's live region): that the sources are ready. */
  announce?: (text: string) => void;
}

/**
 * Under a finished grounded answer: its sources once computed (trigger, then polled every 2 s),
 * grouped into supporting and conflicting, each with its document's name, its label (the page),
 * its text with the judged sentences marked, and "Show in document", which opens the shared
 * preview at that place; a source from a synced document library also links to its original. Clear states while computing, when it failed, and when there are none.
 */
export function MessageSources({ conversationId, messageId, mediaTypeOf, documentNameOf, announce }: MessageSourcesProps) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const sources = useMessageSources(conversationId, messageId);
  const [open, setOpen] = useState<InContextSource>();
  const nameOf = (source: InContextSource) => source.source_name ?? documentNameOf?.(source.source_index) ?? t('sources.unnamed');

  // Announced once, when this view waited for them: not for sources shown at once on reopening.
  const announced = useRef(false);
  const { status, waited } = sources;
  const total = sources.status === 'ready' ? sources.total : 0;
  useEffect(() => {
    if (!waited || announced.current || status === 'computing') return;
    announced.current = true;
    announce?.(status === 'ready' ? t('sources.announce.ready', { count: total }) : status === 'none' ? t('sources.none') : t('sources.failed'));
  }, [waited, status, total, announce, t]);

  return (
    <section className="message-sources" aria-labelledby={headingId} aria-busy={sources.status === 'computing' || undefined}>
      <h4 id={headingId} className="message-sources__title">
        {t('sources.title')}
      </h4>
      {sources.status === 'computing' && (
        <p className="message-sources__state">
          <Spinner size="sm" /> {t('sources.computing')}
        </p>
      )}
      {sources.status === 'failed' && (
        <div className="message-sources__failed">
          <p className="message-sources__state message-sources__state--failed">{t('sources.failed')}</p>
          <Button size="sm" variant="secondary" onClick={sources.retry}>
            {t('sources.retry')}
          </Button>
        </div>
      )}
      {sources.status === 'none' && <p className="message-sources__state">{t('sources.none')}</p>}
      {sources.status === 'ready' && <SourceGroups sources={sources.sources} nameOf={nameOf} onOpen={setOpen} />}
      {open && <SourcePreviewDialog source={open} name={nameOf(open)} mediaType={mediaTypeOf?.(open.source_index)} onClose={() => setOpen(undefined)} />}
    </section>
  );
}

export interface SourceGroupsProps {
  sources: GroupedSources;
  /** The name shown for a source (its own, else its document's from the tool step). */
  nameOf(source: InContextSource): string;
  /** Opens the source in its document; absent: no "Show in document" (a reader who may not open the document). */
  onOpen?: (source: InContextSource) => void;
}

/**
 * The supporting and the conflicting sources, each with its number, document name, label, badge,
 * its text with the judged sentences marked, "Show in document" (with `onOpen`), and the original
 * of a source synced from a document library.
 */
export function SourceGroups({ sources, nameOf, onOpen }: SourceGroupsProps) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const group = (kind: 'supporting' | 'conflicting', list: readonly InContextSource[]) =>
    list.length > 0 && (
      <section className={`message-sources__group message-sources__group--${kind}`} aria-labelledby={`${headingId}-${kind}`}>
        <h5 id={`${headingId}-${kind}`} className="message-sources__group-title">
          {t(`sources.${kind}`, { count: list.length })}
        </h5>
        <ul className="message-sources__list">
          {list.map((source) => {
            const name = nameOf(source);
            // A file synced from a document library: its original there (the preview stays the portal's copy).
            const original = originalOfSourceUrl(source.source_url);
            return (
              <li key={source.source_index} className="message-sources__item">
                <div className="message-sources__head">
                  <span className="message-sources__number">[{source.source_index + 1}]</span>
                  <span className="message-sources__name">{name}</span>
                  {source.source_label && <span className="message-sources__label">{source.source_label}</span>}
                  <Badge variant={kind === 'supporting' ? 'success' : 'error'}>{t(`sources.badge.${kind}`)}</Badge>
                </div>
                <SourceText source={source} />
                {onOpen && source.source_url && (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-haspopup="dialog"
                    aria-label={t('sources.openLabel', { number: source.source_index + 1, name })}
                    onClick={() => onOpen(source)}
                  >
                    {t('sources.open')}
                  </Button>
                )}
                {original && (
                  <a
                    className="message-sources__original"
                    href={original}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('sources.originalLabel', { number: source.source_index + 1, name })}
                  >
                    {t('sources.original')}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    );
  return (
    <>
      {group('supporting', sources.supporting)}
      {group('conflicting', sources.conflicting)}
    </>
  );
}

/**
 * A source's text with its judged sentences marked: an excerpt around the marks at first (a
 * source may be a whole document), "Show more" for all of it; printed line wraps read as spaces.
 */
function SourceText({ source }: { source: InContextSource }) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const [whole, setWhole] = useState(false);
  const excerpt = sourceExcerpt(source.text, source.highlights, whole);
  const cut = whole || excerpt.cutStart || excerpt.cutEnd;
  return (
    <>
      <blockquote id={id} className="message-sources__text">
        {excerpt.cutStart && '… '}
        <MarkedText text={excerpt.text} highlights={excerpt.highlights} />
        {excerpt.cutEnd && ' …'}
      </blockquote>
      {cut && (
        <Button size="sm" variant="ghost" aria-expanded={whole} aria-controls={id} onClick={() => setWhole(!whole)}>
          {whole ? t('sources.showLess') : t('sources.showMore')}
        </Button>
      )}
    </>
  );
}
