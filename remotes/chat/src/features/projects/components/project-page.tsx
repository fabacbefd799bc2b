import type { Conversation, Project } from '@assistant/contracts';
import { useShareDialog } from '@assistant/endpoints';
import { ApiRequestError, formatShortDate, useDocumentTitle, useLocale, useQuery, useQueryClient } from '@assistant/platform';
import { Link, useNavigate } from '@assistant/routing';
import { Button, EmptyState, ErrorState, Loading, PageHeader, PlusIcon, ShareDialog, SharingBadge } from '@assistant/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { ScopedChatHistory } from '../../history';
import { projectKeys } from '../../../query-keys';
import { projectQuery } from '../api/get-project';
import { useFileIntoProject } from '../hooks/use-file-into-project';
import { newChatInProjectPath } from '../hooks/use-new-chat-project';
import { useProjectMutations } from '../hooks/use-project-mutations';
import { DeleteProjectDialog } from './delete-project-dialog';
import { FolderIcon } from './folder-icon';
import { ProjectFiles } from './project-files';
import { ProjectInstructions } from './project-instructions';
import { ProjectNameDialog } from './project-name-dialog';
import './projects.css';

/** The user's conversations as the chat's list has them (the route passes the conversations feature's list). */
export interface ProjectChatList {
  status: 'loading' | 'ready' | 'failed';
  conversations: readonly Conversation[];
  error?: string | undefined;
  reload(): void;
}

export interface ProjectPageProps {
  history: ScopedChatHistory;
  /** The user's own conversations; those of this project are listed. */
  list: ProjectChatList;
  projectId: string;
  /** Where the chat is (/chat). */
  chatPath: string;
}

type Dialog = 'rename' | 'share' | 'delete' | undefined;

/**
 * A project's page (/chat/projects/{id}), as in ChatGPT: its name with rename, share and delete
 * (the owner), "New chat in this project", the user's own conversations in it (each can leave
 * it), its instructions and its files. Loading, missing (404: also one no longer shared) and
 * failure states.
 */
export function ProjectPage({ history, list, projectId, chatPath }: ProjectPageProps) {
  const { t } = useTranslation(NAMESPACE);
  const query = useQuery(projectQuery(projectId));
  useDocumentTitle(query.data?.name ?? t('projects.heading'));
  if (query.isPending) return <Loading label={t('projects.page.loading')} fill />;
  if (query.isError) {
    const missing = query.error instanceof ApiRequestError && query.error.code === 'not_found';
    return (
      <div className="remote-page project-page">
        <ErrorState
          title={missing ? t('projects.page.missing') : t('projects.page.loadFailed')}
          message={missing ? t('projects.page.missingText') : undefined}
          onRetry={missing ? undefined : () => void query.refetch()}
          retryLabel={t('projects.retry')}
        />
        <Link to={chatPath}>{t('projects.page.back')}</Link>
      </div>
    );
  }
  return <ProjectDetails history={history} list={list} project={query.data} chatPath={chatPath} />;
}

function ProjectDetails({ history, list, project, chatPath }: Omit<ProjectPageProps, 'projectId'> & { project: Project }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const navigate = useNavigate();
  const chatsHeading = useId();
  const [dialog, setDialog] = useState<Dialog>(undefined);
  const { update, remove } = useProjectMutations();
  const fileInto = useFileIntoProject(history);
  const share = useShareDialog('project', project.id, { enabled: dialog === 'share' });
  const client = useQueryClient();
  // A saved share changes how the project reaches its owner ("Shared with Finance").
  const closeShare = () => {
    setDialog(undefined);
    void client.invalidateQueries({ queryKey: projectKeys.all });
  };
  const owner = project.sharing.access === 'owner';
  const conversations = list.conversations.filter((conversation) => conversation.project_id === project.id);

  return (
    <div className="remote-page project-page">
      <PageHeader
        title={
          <span className="project-page__title">
            <FolderIcon />
            {project.name}
          </span>
        }
        description={<SharingBadge sharing={project.sharing} />}
        actions={
          owner && (
            <>
              <Button size="sm" variant="secondary" onClick={() => setDialog('share')}>
                {t('projects.share')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setDialog('rename')}>
                {t('projects.rename.open')}
              </Button>
              <Button size="sm" variant="danger" onClick={() => setDialog('delete')}>
                {t('projects.delete.open')}
              </Button>
            </>
          )
        }
      />
      <div className="project-page__layout">
        <section className="project-page__section project-page__chats" aria-labelledby={chatsHeading}>
          <div className="project-page__section-header">
            <h2 id={chatsHeading} className="project-page__section-heading">
              {t('projects.chats.heading')}
            </h2>
            <Link to={newChatInProjectPath(chatPath, project.id)} className="ui-button ui-button--primary ui-button--sm">
              <PlusIcon />
              {t('projects.chats.new')}
            </Link>
          </div>
          {list.status === 'loading' && <Loading label={t('projects.chats.loading')} showLabel />}
          {list.status === 'failed' && <ErrorState headingLevel={3} title={t('projects.chats.loadFailed')} message={list.error} onRetry={list.reload} retryLabel={t('projects.retry')} />}
          {list.status === 'ready' && conversations.length === 0 && <EmptyState headingLevel={3} title={t('projects.chats.emptyTitle')} text={t('projects.chats.empty')} />}
          {conversations.length > 0 && (
            <ul className="project-chats">
              {conversations.map((conversation) => (
                <li key={conversation.id} className="project-chat">
                  <Link to={`${chatPath}/${encodeURIComponent(conversation.id)}`} className="project-chat__name">
                    {conversation.name}
                  </Link>
                  <time className="project-chat__date" dateTime={conversation.updated_at}>
                    {formatShortDate(conversation.updated_at, { language })}
                  </time>
                  <Button variant="ghost" size="sm" aria-label={t('projects.move.removeNamed', { name: conversation.name })} onClick={() => void fileInto(conversation, null)}>
                    {t('projects.move.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className="project-page__aside">
          <ProjectInstructions project={project} />
          <ProjectFiles project={project} />
        </div>
      </div>
      {dialog === 'rename' && (
        <ProjectNameDialog initialName={project.name} onSubmit={(name) => update.mutateAsync({ id: project.id, changes: { name } })} onClose={() => setDialog(undefined)} />
      )}
      {dialog === 'share' && <ShareDialog {...share} open onClose={closeShare} itemName={project.name} owner="you" />}
      {dialog === 'delete' && (
        <DeleteProjectDialog
          project={project}
          conversationCount={conversations.length}
          onConfirm={async (fate) => {
            await remove.mutateAsync({ id: project.id, conversations: fate });
            void navigate(chatPath);
          }}
          onClose={() => setDialog(undefined)}
        />
      )}
    </div>
  );
}
