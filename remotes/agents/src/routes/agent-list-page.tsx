import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** /agents: the user's agents. */
export default function AgentListPage() {
  const { t } = useTranslation('agents');
  return (
    <div className="remote-page agent-list-page">
      <h1>{t('list.title')}</h1>
      <p>
        <Link to="new" className="button button--primary">
          {t('list.create')}
        </Link>
      </p>
      <div className="empty-state" role="status">
        <p className="empty-state__title">{t('list.empty.title')}</p>
        <p className="empty-state__text">{t('list.empty.text')}</p>
      </div>
    </div>
  );
}
