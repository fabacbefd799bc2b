import { useAgentQuery } from '@assistant/endpoints';
import { ApiRequestError, useDocumentTitle } from '@assistant/platform';
import { Button, EmptyState, ErrorState, Loading, PageHeader } from '@assistant/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useResolvedPath } from '@assistant/routing';
import { AgentDetails, AgentForm } from '../features/agent-form';
import { ShareAgentDialog } from '../features/agent-sharing';
import { NAMESPACE } from '../namespace';
import { AgentTabs } from './agent-tabs';

/**
 * /agents/new and /agents/:id: one form for creating and editing. An agent the user may not
 * change (a company agent for a non-administrator, one shared with them to view) is shown to
 * read; one shared with them to edit opens the form. A missing one (or one they may not read) is
 * "not found". Its owner shares a personal agent from here too.
 */
export default function AgentFormPage() {
  const { t } = useTranslation(NAMESPACE);
  const { id } = useParams();
  const query = useAgentQuery(id);
  const agent = query.data;
  const readOnly = agent !== undefined && !agent.editable;
  const title = id === undefined ? t('form.createTitle') : readOnly ? agent.name : t('form.editTitle');
  useDocumentTitle(title);
  const titleId = useId();
  const back = <Link to="..">{t('form.back')}</Link>;
  const agentPath = useResolvedPath('.').pathname;
  const [sharing, setSharing] = useState(false);
  const share =
    agent?.sharing?.access === 'owner' && agent.visibility === 'personal' ? (
      <Button variant="secondary" onClick={() => setSharing(true)}>
        {t('form.share')}
      </Button>
    ) : undefined;

  let content;
  if (id === undefined) {
    content = <AgentForm labelledBy={titleId} />;
  } else if (agent) {
    const form = readOnly ? (
      <>
        <p className="agent-form__note">{t('form.readOnly')}</p>
        <AgentDetails agent={agent} />
        <p>
          <Link to={`/chat?agent=${encodeURIComponent(agent.id)}`} className="ui-button ui-button--primary ui-button--md">
            {t('form.chat')}
          </Link>
        </p>
      </>
    ) : (
      <AgentForm key={agent.id} agent={agent} labelledBy={titleId} />
    );
    content = (
      <>
        <AgentTabs agentPath={agentPath} />
        {form}
      </>
    );
  } else if (query.isError && query.error instanceof ApiRequestError && query.error.code === 'not_found') {
    content = <EmptyState title={t('form.notFound.title')} text={t('form.notFound.text')} />;
  } else if (query.isError) {
    content = (
      <ErrorState title={t('form.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} retryLabel={t('list.failed.retry')} />
    );
  } else {
    content = <Loading label={t('form.loading')} fill />;
  }

  return (
    <div className="remote-page agent-form-page">
      <PageHeader title={<span id={titleId}>{title}</span>} before={back} actions={share} />
      {content}
      {sharing && agent && <ShareAgentDialog agent={agent} onClose={() => setSharing(false)} />}
    </div>
  );
}
