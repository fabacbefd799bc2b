import { useAgentQuery } from '@assistant/endpoints';
import { ApiRequestError, useDocumentTitle } from '@assistant/platform';
import { EmptyState, ErrorState, Loading, PageHeader } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useResolvedPath } from '@assistant/routing';
import { AgentVersions } from '../features/agent-versions';
import { NAMESPACE } from '../namespace';
import { AgentTabs } from './agent-tabs';

/** /agents/:id/versions: an agent's versions, what each changed, and restoring an earlier one. */
export default function AgentVersionsPage() {
  const { t } = useTranslation(NAMESPACE);
  const { id = '' } = useParams();
  const query = useAgentQuery(id);
  const agentPath = useResolvedPath('..', { relative: 'path' }).pathname;
  const agent = query.data;
  const title = agent ? t('versions.title', { name: agent.name }) : t('versions.titlePlain');
  useDocumentTitle(title);

  let content;
  if (agent) {
    content = (
      <>
        <AgentTabs agentPath={agentPath} />
        <AgentVersions agent={agent} />
      </>
    );
  } else if (query.isError && query.error instanceof ApiRequestError && query.error.code === 'not_found') {
    content = <EmptyState title={t('form.notFound.title')} text={t('form.notFound.text')} />;
  } else if (query.isError) {
    content = <ErrorState title={t('form.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} retryLabel={t('list.failed.retry')} />;
  } else {
    content = <Loading label={t('form.loading')} fill />;
  }

  return (
    <div className="remote-page agent-versions-page">
      <PageHeader title={title} before={<Link to="..">{t('form.back')}</Link>} />
      {content}
    </div>
  );
}
