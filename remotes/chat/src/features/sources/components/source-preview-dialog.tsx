import { parseSourceUrl, type InContextSource } from '@assistant/contracts';
import { useSourcePreview } from '@assistant/endpoints';
import { errorMessageFor, errorMessageKey, useLocale } from '@assistant/platform';
import { DOCUMENT_PREVIEW_TEXTS_DE, DOCUMENT_PREVIEW_TEXTS_EN, Dialog, DocumentPreview, ErrorState, Loading } from '@assistant/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface SourcePreviewDialogProps {
  source: InContextSource;
  /** The document's name to show (the source's name, else the found document's). */
  name: string;
  /** The document's media type where the tool step named it (else the preview tells by its pages). */
  mediaType?: string;
  onClose(): void;
}

/**
 * One source in its document: the shared DocumentPreview in a dialog, at the source's place, with
 * the cited characters marked (a PDF page's boxes over exactly those characters, also over a page
 * break; a text document's marks). The location comes from the source's `source_url`.
 */
export function SourcePreviewDialog({ source, name, mediaType, onClose }: SourcePreviewDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const location = useMemo(() => parseSourceUrl(source.source_url), [source.source_url]);
  const highlightRanges = useMemo(() => source.highlights.map(({ start, end }) => ({ start, end })), [source.highlights]);
  const state = useSourcePreview(location, { ...(mediaType ? { mediaType } : {}), highlightRanges, text: source.text });
  const texts = language === 'en' ? DOCUMENT_PREVIEW_TEXTS_EN : DOCUMENT_PREVIEW_TEXTS_DE;

  let body;
  if (location === null) body = <p>{t('sources.preview.noLocation')}</p>;
  else if (state.status === 'error')
    body = (
      <ErrorState
        headingLevel={3}
        title={t('sources.preview.failed')}
        message={errorMessageFor(errorMessageKey(state.error), language)}
        onRetry={state.retry}
        retryLabel={t('conversation.tryAgain')}
      />
    );
  else if (state.status === 'ready') body = <DocumentPreview title={name} texts={texts} {...state.preview} />;
  else body = <Loading label={t('sources.preview.loading')} showLabel />;

  return (
    <Dialog open onClose={onClose} size="lg" title={source.source_label ? `${name} · ${source.source_label}` : name} closeLabel={t('sources.preview.close')} className="message-sources__dialog">
      {body}
    </Dialog>
  );
}
