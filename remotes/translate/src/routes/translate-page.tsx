import { EmptyState, PageHeader } from '@assistant/ui';
import { useTranslation } from 'react-i18next';

/** /translate: source text and translation side by side. */
export default function TranslatePage() {
  const { t } = useTranslation('translate');
  return (
    <div className="remote-page translate-page">
      <PageHeader title={t('skills.translate')} />
      <section aria-labelledby="translate-result-heading">
        <h2 id="translate-result-heading">{t('result.heading')}</h2>
        <EmptyState headingLevel={3} title={t('result.empty.title')} text={t('result.empty.text')} />
      </section>
    </div>
  );
}
