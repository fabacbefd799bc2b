import { Link } from '@assistant/routing';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useProjects } from '../hooks/use-projects';
import { FolderIcon } from './folder-icon';
import './projects.css';

export interface ConversationProjectLinkProps {
  /** The project of the open conversation, or the one a new chat is started in. */
  projectId: string;
  /** Where the chat is (/chat): the project's page is {chatPath}/projects/{id}. */
  chatPath: string;
  /** A new chat that will be filed into the project with its first question. */
  draft: boolean;
}

/**
 * The open conversation's project in the chat's top bar, a link to its page ("New chat in the
 * project …" while the chat is not started). Nothing for a project the user no longer reaches.
 */
export function ConversationProjectLink({ projectId, chatPath, draft }: ConversationProjectLinkProps) {
  const { t } = useTranslation(NAMESPACE);
  const project = useProjects().data?.find((entry) => entry.id === projectId);
  if (!project) return null;
  return (
    <Link to={`${chatPath}/projects/${encodeURIComponent(project.id)}`} className="chat-project-link">
      <FolderIcon />
      <span className="chat-project-link__name">{draft ? t('projects.draft', { project: project.name }) : project.name}</span>
    </Link>
  );
}
