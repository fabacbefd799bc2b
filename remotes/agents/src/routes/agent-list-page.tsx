import { useDocumentTitle } from '@assistant/platform';
import { PageHeader } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { Link } from '@assistant/routing';
import { AgentsPanel } from '../features/agents';
import { NAMESPACE } from '../namespace';

/** /agents: the user's and the company's agents. */
export default function AgentListPage() {
  const { t } = useTranslation(NAMESPACE);
  useDocumentTitle(t('list.title'));
  const create = (
    <Link to="new" className="ui-button ui-button--primary ui-button--md">
      {t('list.create')}
    </Link>
  );
  return (
    <div className="remote-page agent-list-page">
      <PageHeader title={t('list.title')} description={t('list.intro')} actions={create} />
      <AgentsPanel />
    </div>
  );
}
