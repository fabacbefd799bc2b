import type { SearchHit } from '@assistant/contracts';
import { errorMessageFor, errorMessageKey, useLocale } from '@assistant/platform';
import { DOCUMENT_PREVIEW_TEXTS_DE, DOCUMENT_PREVIEW_TEXTS_EN, Dialog, DocumentPreview, ErrorState, Loading } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { usePassagePreview } from '../hooks/use-passage-preview';

export interface PassagePreviewDialogProps {
  hit: SearchHit | null;
  onClose: () => void;
}

/** The document of a hit in a dialog, scrolled to the passage, which is marked on its page. */
export function PassagePreviewDialog({ hit, onClose }: PassagePreviewDialogProps) {
  const { t } = useTranslation('collections');
  const language = useLocale();
  const { state, retry } = usePassagePreview(hit);
  if (!hit) return null;
  const texts = language === 'en' ? DOCUMENT_PREVIEW_TEXTS_EN : DOCUMENT_PREVIEW_TEXTS_DE;
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={hit.file_name}
      description={t('search.previewDescription', { page: hit.page_number })}
      closeLabel={t('search.closePreview')}
      className="collection-search__preview-dialog"
    >
      {state.status === 'loading' && <Loading label={t('search.previewLoading')} />}
      {state.status === 'error' && (
        <ErrorState
          headingLevel={3}
          title={t('search.previewError')}
          message={errorMessageFor(errorMessageKey(state.error), language)}
          onRetry={retry}
          retryLabel={t('search.retry')}
        />
      )}
      {state.status === 'ready' &&
        (state.source.kind === 'pdf' && state.preview.kind === 'pdf' ? (
          <DocumentPreview
            title={hit.file_name}
            texts={texts}
            source={state.source}
            highlights={state.preview.highlights}
            passageText={hit.text}
            initialPage={state.preview.pageNumber}
          />
        ) : state.source.kind === 'text' && state.preview.kind === 'text' ? (
          <DocumentPreview title={hit.file_name} texts={texts} source={state.source} highlights={state.preview.highlights} />
        ) : null)}
    </Dialog>
  );
}
