import { EmptyState, PageHeader } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import { useDocumentTitle } from './use-document-title';

/** /usecases/qa: questions over documents, with the chat history and the document preview. */
export default function QaPage() {
  const { t } = useTranslation(NAMESPACE);
  useDocumentTitle(t('title'));
  return (
    <div className="remote-page qa-page">
      <PageHeader title={t('title')} />
      <section aria-labelledby="qa-history-heading">
        <h2 id="qa-history-heading">{t('history.heading')}</h2>
        <EmptyState headingLevel={3} title={t('history.empty.title')} text={t('history.empty.text')} />
      </section>
      <section aria-labelledby="qa-preview-heading">
        <h2 id="qa-preview-heading">{t('preview.heading')}</h2>
        <EmptyState headingLevel={3} title={t('preview.empty.title')} text={t('preview.empty.text')} />
      </section>
    </div>
  );
}
