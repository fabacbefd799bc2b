import { useTranslation } from 'react-i18next';

/** /translate: source text and translation side by side. */
export default function TranslatePage() {
  const { t } = useTranslation('translate');
  return (
    <div className="remote-page translate-page">
      <h1>{t('skills.translate')}</h1>
      <section aria-labelledby="translate-result-heading">
        <h2 id="translate-result-heading">{t('result.heading')}</h2>
        <div className="empty-state" role="status">
          <p className="empty-state__title">{t('result.empty.title')}</p>
          <p className="empty-state__text">{t('result.empty.text')}</p>
        </div>
      </section>
    </div>
  );
}
