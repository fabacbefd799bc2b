import type { QaSource } from '@assistant/contracts';
import { useSourcePreview } from '@assistant/endpoints';
import { errorMessageFor, errorMessageKey } from '@assistant/platform';
import { DOCUMENT_PREVIEW_TEXTS_DE, DOCUMENT_PREVIEW_TEXTS_EN, Dialog, DocumentPreview, ErrorState, Loading } from '@assistant/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { locationOf, pagesOf } from '../model/source-facts';

export interface SourcePreviewDialogProps {
  /** The source shown, with its number (from 1); null: closed. */
  open: { n: number; source: QaSource; mediaType?: string } | null;
  onClose(): void;
}

/**
 * A source in its document (the shared DocumentPreview, in a dialog): the platform's
 * useSourcePreview loads the document and turns the source's highlights into marks over exactly
 * the cited characters, on each page they touch (a PDF), or into ranges of its text.
 */
export function SourcePreviewDialog({ open, onClose }: SourcePreviewDialogProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const language = i18n.language === 'en' ? 'en' : 'de';
  const source = open?.source;
  const location = useMemo(() => (source ? locationOf(source) : null), [source]);
  const state = useSourcePreview(location, {
    ...(open?.mediaType ? { mediaType: open.mediaType } : {}),
    ...(source && source.highlights.length > 0 ? { highlightRanges: source.highlights } : {}),
    ...(source ? { text: source.source_text } : {}),
  });
  if (!open || !source) return null;
  const pages = pagesOf(location);
  const texts = language === 'en' ? DOCUMENT_PREVIEW_TEXTS_EN : DOCUMENT_PREVIEW_TEXTS_DE;
  const description =
    pages.length === 0
      ? t('preview.description', { n: open.n })
      : pages.length === 1
        ? t('preview.descriptionPage', { n: open.n, page: pages[0] })
        : t('preview.descriptionPages', { n: open.n, from: pages[0], to: pages.at(-1) });
  return (
    <Dialog open onClose={onClose} size="lg" title={source.source_name} description={description} closeLabel={t('preview.close')} className="qa-preview">
      {state.status === 'loading' || state.status === 'idle' ? (
        <Loading label={t('preview.loading')} />
      ) : state.status === 'error' ? (
        <ErrorState
          headingLevel={3}
          title={t('preview.failed')}
          message={errorMessageFor(errorMessageKey(state.error), language)}
          onRetry={state.retry}
          retryLabel={t('sources.retry')}
        />
      ) : (
        <DocumentPreview title={source.source_name} texts={texts} {...state.preview} />
      )}
    </Dialog>
  );
}
