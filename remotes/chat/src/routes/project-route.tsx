import { useLocation, useParams } from '@assistant/routing';
import { ErrorState, Loading } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { useConversations } from '../features/conversations/hooks/use-conversations';
import { useChatHistory, type ScopedChatHistory } from '../features/history';
import { ProjectPage } from '../features/projects';
import { NAMESPACE } from '../namespace';

/** /chat/projects/{projectId}: a project's page (docs/projects.md); projects are the server's history's. */
export default function ProjectRoute() {
  const { t } = useTranslation(NAMESPACE);
  const { projectId = '' } = useParams();
  const chat = useChatHistory();
  const chatPath = useLocation().pathname.replace(/\/+$/, '').replace(/\/projects\/[^/]+$/, '') || '/';
  if (chat.status === 'loading') return <Loading label={t('page.loading')} fill />;
  if (chat.status === 'failed' || chat.history.kind !== 'server') {
    return <ErrorState title={t('projects.page.unavailable')} message={t('projects.page.unavailableText')} />;
  }
  return <ProjectWithChats key={projectId} history={chat.history} projectId={projectId} chatPath={chatPath} />;
}

/** The page with the user's conversations (the same query as the side list's). */
function ProjectWithChats({ history, projectId, chatPath }: { history: ScopedChatHistory; projectId: string; chatPath: string }) {
  const list = useConversations(history);
  return <ProjectPage history={history} list={list} projectId={projectId} chatPath={chatPath} />;
}
