import type { Conversation } from '@assistant/contracts';
import { useQueryClient } from '@assistant/platform';
import { Button, ErrorState, Loading, PageHeader, cx } from '@assistant/ui';
import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from '@assistant/routing';
import { CanvasOpenerProvider, CanvasPanel, takeCanvasHandoff, useCanvasStore, type CanvasPanelTarget, type OpenCanvas } from '../features/canvas';
import { ConversationView } from '../features/conversation/components/conversation-view';
import { ConversationList } from '../features/conversations/components/conversation-list';
import { useConversationMutations } from '../features/conversations/hooks/use-conversation-mutations';
import { useConversations } from '../features/conversations/hooks/use-conversations';
import { useDownloadEvents } from '../features/developer';
import { useChatHistory, type ScopedChatHistory } from '../features/history';
import { ShareConversationButton } from '../features/sharing';
import { NAMESPACE } from '../namespace';
import { conversationKeys } from '../query-keys';
import './chat-page.css';

/** Below this width the conversation list is a drawer over the conversation (as in chat-page.css). */
const NARROW_QUERY = '(max-width: 48rem)';

/**
 * /chat and /chat/{conversationId}: the conversation list in a collapsible side panel (a drawer
 * on a phone) beside the open conversation, or a new one (/chat: the message box at once; the
 * first question creates it). The page fills the height it is given; only the messages scroll.
 * The conversations are the server's, or this browser's with the flag enableLocalChatHistory
 * (features/history).
 */
export default function ChatPage() {
  const { t } = useTranslation(NAMESPACE);
  const chat = useChatHistory();
  const [panel, setPanel] = useState<boolean>();
  const narrow = useNarrow();
  const panelOpen = panel ?? !narrow;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // The prompt library beside the chat (docs/prompts.md).
  const promptsPath = `${useChatBasePath(useParams().conversationId)}/prompts`;
  const panelControl = useMemo(
    () => ({
      id: panelId,
      open: panelOpen,
      narrow,
      close: () => {
        setPanel(false);
        toggleRef.current?.focus();
      },
      /** A conversation was chosen or started: on a phone the drawer gives way to it. */
      done: () => {
        if (narrow) setPanel(false);
      },
      /** The canvas opened beside the conversation: the list gives it the room. */
      collapse: () => setPanel(false),
    }),
    [panelId, panelOpen, narrow],
  );
  return (
    <div className="remote-page remote-page--fill chat-page">
      <PageHeader
        title={t('title')}
        actions={
          chat.status === 'ready' && (
            <>
              <ShareAction history={chat.history} />
              <Link to={promptsPath} className="ui-button ui-button--ghost ui-button--sm">
                {t('prompts.title')}
              </Link>
              <Button ref={toggleRef} variant="secondary" size="sm" aria-expanded={panelOpen} aria-controls={panelId} onClick={() => setPanel(!panelOpen)}>
                {t('page.panelToggle')}
              </Button>
            </>
          )
        }
      />
      {chat.status === 'loading' && <Loading label={t('page.loading')} fill />}
      {chat.status === 'failed' && <ErrorState title={t('page.noUser.title')} message={t('page.noUser.text')} />}
      {chat.status === 'ready' && <ChatWorkspace history={chat.history} panel={panelControl} />}
    </div>
  );
}

interface PanelControl {
  id: string;
  open: boolean;
  /** A phone: the panel is a drawer over the conversation. */
  narrow: boolean;
  close(): void;
  done(): void;
  collapse(): void;
}

function ChatWorkspace({ history, panel }: { history: ScopedChatHistory; panel: PanelControl }) {
  const { t } = useTranslation(NAMESPACE);
  const { conversationId } = useParams();
  const navigate = useNavigate();
  const basePath = useChatBasePath(conversationId);
  const list = useConversations(history);
  const mutations = useConversationMutations(history);
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
  const queryClient = useQueryClient();
  const { scope } = history;
  // Developer mode: a conversation's raw events (only the server's history keeps them).
  const downloadEvents = useDownloadEvents();

  // An exchange changed the conversation: the list shows its new order, and after the first
  // answer the title the server made (the local history's name after the first question).
  const conversationChanged = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: conversationKeys.list(scope) }),
    [queryClient, scope],
  );

  // "New conversation" creates nothing yet: a fresh view with the focus in its message box.
  const startNew = useCallback(() => {
    setDraftAgent(undefined);
    setDraft((current) => ({ serial: current.serial + 1, focus: true }));
    if (conversationId !== undefined) void navigate(basePath);
    panel.done();
  }, [conversationId, navigate, basePath, panel]);

  const creation = useMemo(
    () => ({
      create: async () => {
        const result = await mutations.create(t('page.newConversationName'));
        return result.ok ? result.value.id : undefined;
      },
      onCreated: (id: string) => {
        setDraft((current) => ({ ...current, createdId: id }));
        void navigate(`${basePath}/${encodeURIComponent(id)}`);
      },
    }),
    [mutations, t, navigate, basePath],
  );
  const isDraft = conversationId === undefined || conversationId === draft.createdId;
  // The open conversation's agent: the one it names, or the one the new conversation is started with.
  const listedAgent = conversationId === undefined ? undefined : list.conversations.find((entry) => entry.id === conversationId)?.agent_id;
  const agentId = listedAgent ?? (isDraft ? draftAgent : undefined);

  const onDeleted = useCallback(
    (conversation: Conversation) => {
      if (conversation.id === conversationId) void navigate(basePath);
    },
    [conversationId, navigate, basePath],
  );

  // The canvas beside the conversation (features/canvas): one at a time, of the open conversation.
  const canvasStore = useCanvasStore(history);
  const [canvas, setCanvas] = useState<{ conversationId: string; target: CanvasPanelTarget } | null>(null);
  const seeds = useRef(0);
  const { collapse } = panel;
  const openCanvas = useCallback<OpenCanvas>(
    (request) => {
      const target: CanvasPanelTarget = 'canvasId' in request ? { canvasId: request.canvasId } : { seed: request.seed, serial: ++seeds.current };
      setCanvas({ conversationId: request.conversationId, target });
      collapse();
    },
    [collapse],
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

  const drawer = panel.narrow && panel.open;
  // The drawer opened: the focus goes to its heading.
  useEffect(() => {
    if (drawer) document.getElementById('chat-conversations-heading')?.focus();
  }, [drawer]);
  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Escape in the drawer itself (not in a dialog it opened, which React bubbles here too) closes it.
    if (!drawer || event.key !== 'Escape' || event.defaultPrevented || !event.currentTarget.contains(event.target as Node)) return;
    event.preventDefault();
    panel.close();
  };

  return (
    <div className={cx('chat-page__layout', !panel.open && 'chat-page__layout--collapsed', canvas && 'chat-page__layout--canvas')}>
      {/* Only Escape is handled here, for the drawer around the list. */}
      <div className="chat-page__panel" onKeyDown={onPanelKeyDown}>
        <ConversationList
          id={panel.id}
          hidden={!panel.open}
          list={list}
          mutations={mutations}
          basePath={basePath}
          openId={conversationId}
          onNew={startNew}
          onDeleted={onDeleted}
          onClose={panel.narrow ? panel.close : undefined}
          onOpen={panel.done}
          onDownloadEvents={history.kind === 'server' ? downloadEvents : undefined}
          showRetention={history.kind === 'server'}
        />
      </div>
      {drawer && <div className="chat-page__backdrop" aria-hidden="true" onClick={panel.close} />}
      <section className="chat-page__conversation" aria-label={t('page.conversationRegion')} inert={drawer}>
        <CanvasOpenerProvider value={canvasOpener}>
        <ConversationView
          key={isDraft ? `new-${draft.serial}` : conversationId}
          history={history}
          conversationId={conversationId}
          creation={creation}
          focusComposer={isDraft && draft.focus}
          onStartNew={startNew}
          onConversationChanged={conversationChanged}
          agentId={agentId}
        />
        </CanvasOpenerProvider>
      </section>
      {canvas && (
        <div className="chat-page__canvas" inert={drawer}>
          <CanvasPanel store={canvasStore} conversationId={canvas.conversationId} target={canvas.target} onCreated={canvasCreated} onClose={closeCanvas} />
        </div>
      )}
    </div>
  );
}

/** "Share" for the open conversation, once it exists (the list knows its name): not for a new one. */
function ShareAction({ history }: { history: ScopedChatHistory }) {
  const { conversationId } = useParams();
  const { conversations } = useConversations(history);
  const conversation = conversationId === undefined ? undefined : conversations.find((entry) => entry.id === conversationId);
  return conversation ? <ShareConversationButton history={history} conversationId={conversation.id} name={conversation.name} /> : null;
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
