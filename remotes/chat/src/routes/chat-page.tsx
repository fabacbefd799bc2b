import { useQueryClient, useWorkspaceStore } from '@assistant/platform';
import { ErrorState, IconButton, Loading, PlusIcon, VisuallyHidden, cx } from '@assistant/ui';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from '@assistant/routing';
import { CanvasOpenerProvider, CanvasPanel, takeCanvasHandoff, useCanvasStore, type CanvasPanelTarget, type OpenCanvas } from '../features/canvas';
import { ConversationView } from '../features/conversation/components/conversation-view';
import { useConversationMutations } from '../features/conversations/hooks/use-conversation-mutations';
import { useConversations } from '../features/conversations/hooks/use-conversations';
import { useChatHistory, type ScopedChatHistory } from '../features/history';
import { ShareConversationButton } from '../features/sharing';
import { ConversationProjectLink, useNewChatProject } from '../features/projects';
import { useChatPageShortcuts } from '../features/shortcuts';
import { EndTemporaryChatDialog, TemporaryChatBanner, TemporaryChatToggle, useTemporaryChat } from '../features/temporary';
import { NAMESPACE } from '../namespace';
import { conversationKeys } from '../query-keys';
import { asksForNewConversation, newConversationState } from './new-conversation';
import './chat-page.css';

/** Below this width the shell's side panel is a drawer over the page (as the host's layout). */
const NARROW_QUERY = '(max-width: 48rem)';

/**
 * /chat and /chat/{conversationId}: the open conversation, or a new one (/chat: the message box
 * at once; the first question creates it), with a slim bar on top (the model, the conversation's
 * actions, "New conversation" when the side panel is out of sight). The conversation list is the
 * module's side panel, shown by the shell under its navigation (routes/chat-side-panel.tsx). The
 * page fills the height it is given; only the messages scroll. The conversations are the server's,
 * or this browser's with the flag enableLocalChatHistory (features/history).
 */
export default function ChatPage() {
  const { t } = useTranslation(NAMESPACE);
  const chat = useChatHistory();
  return (
    <div className="remote-page remote-page--fill chat-page">
      {/* The page's name for screen readers and the outline; the conversation is what is shown. */}
      <VisuallyHidden>
        <h1>{t('title')}</h1>
      </VisuallyHidden>
      {chat.status === 'loading' && <Loading label={t('page.loading')} fill />}
      {chat.status === 'failed' && <ErrorState title={t('page.noUser.title')} message={t('page.noUser.text')} />}
      {chat.status === 'ready' && <ChatWorkspace history={chat.history} />}
    </div>
  );
}

function ChatWorkspace({ history }: { history: ScopedChatHistory }) {
  const { t } = useTranslation(NAMESPACE);
  const { conversationId } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const basePath = useChatBasePath(conversationId);
  const list = useConversations(history);
  const mutations = useConversationMutations(history);
  const narrow = useNarrow();
  // The shell's side panel (wide screens; a phone's drawer is the shell's own state).
  const sidebarOpen = useWorkspaceStore((state) => state.sidebarOpen);
  const setSidebarOpen = useWorkspaceStore((state) => state.setSidebarOpen);
  // The new conversation shown at /chat: `serial` starts another one, `createdId` is the one its
  // first question created (its path shows the same view, so the answer streaming into it goes on).
  const [draft, setDraft] = useState<{ serial: number; createdId?: string; focus: boolean }>({ serial: 0, focus: false });
  // "Chat with this agent" (the agents remote) opens /chat?agent={id}: a new conversation with it.
  const [searchParams] = useSearchParams();
  const [draftAgent, setDraftAgent] = useState<string>();
  const agentParam = searchParams.get('agent') ?? undefined;
  useEffect(() => {
    if (agentParam === undefined || conversationId !== undefined) return;
    setDraftAgent(agentParam);
    setDraft((current) => ({ serial: current.serial + 1, focus: true }));
  }, [agentParam, conversationId]);
  // "New conversation" (side panel, top bar, a missing conversation's button) navigates to the
  // base with a request: each such navigation starts a fresh view with the focus in its message box.
  const newRequest = asksForNewConversation(location.state) ? location.key : undefined;
  // The temporary chat of a new conversation (features/temporary): a new chat ends it, asking first.
  const temporary = useTemporaryChat(conversationId === undefined);
  const { end: endTemporary } = temporary;
  useEffect(() => {
    if (newRequest === undefined) return;
    endTemporary(() => {
      setDraftAgent(undefined);
      setDraft((current) => ({ serial: current.serial + 1, focus: true }));
    });
  }, [newRequest, endTemporary]);
  const queryClient = useQueryClient();
  const { scope } = history;

  // An exchange changed the conversation: the list shows its new order, and after the first
  // answer the title the server made (the local history's name after the first question).
  const conversationChanged = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: conversationKeys.list(scope) }),
    [queryClient, scope],
  );

  // "New conversation" creates nothing yet: a fresh view with the focus in its message box.
  const startNew = useCallback(() => void navigate(basePath, { state: newConversationState }), [navigate, basePath]);
  useChatPageShortcuts(startNew);

  // A chat started in a project (/chat?project={id}) is filed into it before its first question goes out.
  const { projectId: draftProjectId, fileNew } = useNewChatProject(history);
  const creation = useMemo(
    () => ({
      create: async () => {
        const result = await mutations.create(t('page.newConversationName'));
        if (result.ok) await fileNew(result.value);
        return result.ok ? result.value.id : undefined;
      },
      onCreated: (id: string) => {
        setDraft((current) => ({ ...current, createdId: id }));
        void navigate(`${basePath}/${encodeURIComponent(id)}`);
      },
    }),
    [mutations, t, navigate, basePath, fileNew],
  );
  const isDraft = conversationId === undefined || conversationId === draft.createdId;
  // The open conversation's agent: the one it names, or the one the new conversation is started with.
  const listed = conversationId === undefined ? undefined : list.conversations.find((entry) => entry.id === conversationId);
  const listedAgent = listed?.agent_id;
  const agentId = listedAgent ?? (isDraft ? draftAgent : undefined);

  // The canvas beside the conversation (features/canvas): one at a time, of the open conversation.
  const canvasStore = useCanvasStore(history);
  const [canvas, setCanvas] = useState<{ conversationId: string; target: CanvasPanelTarget } | null>(null);
  const seeds = useRef(0);
  const openCanvas = useCallback<OpenCanvas>(
    (request) => {
      const target: CanvasPanelTarget = 'canvasId' in request ? { canvasId: request.canvasId } : { seed: request.seed, serial: ++seeds.current };
      setCanvas({ conversationId: request.conversationId, target });
      // The canvas takes the room of the side panel (on a wide screen; a phone's canvas covers the page).
      if (!narrow) setSidebarOpen(false);
    },
    [narrow, setSidebarOpen],
  );
  const canvasOpener = useMemo(() => ({ open: openCanvas, store: canvasStore }), [openCanvas, canvasStore]);
  // Another conversation (or a new one) was opened: its canvas is not this one.
  useEffect(() => setCanvas((current) => (current && current.conversationId !== conversationId ? null : current)), [conversationId]);
  const closeCanvas = useCallback(() => {
    setCanvas(null);
    document.querySelector<HTMLTextAreaElement>('.chat-page__conversation .conversation__composer textarea')?.focus();
  }, []);
  // A text another remote handed to the canvas (/chat?canvas=new, docs/canvas.md): a new
  // conversation named after it, with the text open in its canvas. Taken once.
  const canvasParam = searchParams.get('canvas');
  const handoffTaken = useRef(false);
  const { create: createConversation } = mutations;
  useEffect(() => {
    if (canvasParam !== 'new' || handoffTaken.current) return;
    handoffTaken.current = true;
    const handoff = takeCanvasHandoff();
    if (!handoff) {
      void navigate(basePath, { replace: true });
      return;
    }
    void (async () => {
      const result = await createConversation(handoff.title);
      if (!result.ok) return;
      void navigate(`${basePath}/${encodeURIComponent(result.value.id)}`, { replace: true });
      openCanvas({ conversationId: result.value.id, seed: handoff });
    })();
  }, [canvasParam, createConversation, navigate, basePath, openCanvas]);
  const canvasCreated = useCallback((canvasId: string) => setCanvas((current) => current && { ...current, target: { canvasId } }), []);

  // The prompt library beside the chat (docs/prompts.md), the open conversation's Share, and "New
  // conversation" where the side panel's is out of sight (collapsed, or a phone's closed drawer).
  // The project the open conversation is in, or the one a new chat is started in (a link to its page).
  const chatProject = listed?.project_id ?? (isDraft ? draftProjectId : undefined);
  const topBar = (
    <>
      {chatProject && <ConversationProjectLink projectId={chatProject} chatPath={basePath} draft={!listed?.project_id} />}
      {/* Once the conversation exists (the list knows its name): not for a new one. */}
      {listed && <ShareConversationButton history={history} conversationId={listed.id} name={listed.name} />}
      {conversationId === undefined && <TemporaryChatToggle temporary={temporary} />}
      <Link to={`${basePath}/prompts`} className="ui-button ui-button--ghost ui-button--sm">
        {t('prompts.title')}
      </Link>
      {(narrow || !sidebarOpen) && (
        <IconButton className="chat-page__new" variant="ghost" size="sm" icon={<PlusIcon />} aria-label={t('conversations.new')} onClick={startNew} />
      )}
    </>
  );

  return (
    <div className={cx('chat-page__layout', canvas && 'chat-page__layout--canvas')}>
      <section className="chat-page__conversation" aria-label={t('page.conversationRegion')}>
        {temporary.history && <TemporaryChatBanner />}
        <EndTemporaryChatDialog temporary={temporary} />
        <CanvasOpenerProvider value={temporary.history ? undefined : canvasOpener}>
          <ConversationView
            key={temporary.id ? `temporary-${temporary.id}` : isDraft ? `new-${draft.serial}` : conversationId}
            history={temporary.history ?? history}
            conversationId={conversationId}
            creation={temporary.creation ?? creation}
            focusComposer={isDraft && draft.focus}
            onStartNew={startNew}
            onConversationChanged={temporary.history ? undefined : conversationChanged}
            agentId={agentId}
            topBar={topBar}
          />
        </CanvasOpenerProvider>
      </section>
      {canvas && (
        <div className="chat-page__canvas">
          <CanvasPanel store={canvasStore} conversationId={canvas.conversationId} target={canvas.target} onCreated={canvasCreated} onClose={closeCanvas} />
        </div>
      )}
    </div>
  );
}

/** Whether the window is phone-narrow (false where matchMedia is missing). */
function useNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const query = window.matchMedia(NARROW_QUERY);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
}

/**
 * Where the chat page is mounted (/chat unless the host mounts it elsewhere): the current path
 * without the open conversation's id. Links are made from it rather than relative to the route,
 * which below the host's splat route would resolve against the open conversation's path.
 */
function useChatBasePath(conversationId: string | undefined): string {
  const { pathname } = useLocation();
  const trimmed = pathname.replace(/\/+$/, '');
  return conversationId ? trimmed.slice(0, trimmed.lastIndexOf('/')) : trimmed;
}
