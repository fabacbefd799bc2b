import type { FileUploadState, Message, MessageAttachment } from '@assistant/contracts';
import { qaResourceKeys, useAgentQuery, useToolServersQuery } from '@assistant/endpoints';
import { useConfigStore, useFeature, useFileDrop, useFlag, useQueryClient } from '@assistant/platform';
import { Button, EmptyState, ErrorState, Loading, VisuallyHidden, cx, useAnnouncer } from '@assistant/ui';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { CanvasMenu, titleFromMarkdown, useCanvasOpener } from '../../canvas';
import { AgentIntro } from '../../agent';
import { AttachButton, AttachmentChips, useAttachments, type AttachmentItem } from '../../attachments';
import { CollectionChips, CollectionPicker } from '../../collection-picker';
import type { ScopedChatHistory } from '../../history';
import { IMAGE_MAX_MB, imagesOf, useImagePaste, useImageRules } from '../../images';
import { useResearchReply } from '../../research';
import { useCopyLastAnswerShortcut } from '../../shortcuts';
import { AppSuggestions } from '../../suggestions';
import { ToolServerChips, ToolServerPicker, usePickedToolServers } from '../../tool-servers';
import { useConversation, type ConversationCreation, type SendChoices, type SendRequest } from '../hooks/use-conversation';
import { useCopyAnswer } from '../hooks/use-copy-answer';
import { useLanguageModels, useOfferedCollections } from '../hooks/use-qa-resources';
import { researchQuestionOf, siblingPosition } from '../model/message-tree';
import { markdownToPlainText } from '../model/plain-text';
import { Composer } from './composer';
import { MessageItem } from './message-item';
import { MessageList } from './message-list';
import { ModelPicker } from './model-picker';
import '../conversation.css';

/** How a question is asked besides its text: a deep research, or the reply to a run's clarifying question. */
type ResearchMode = Pick<SendChoices, 'deepResearch' | 'deepResearchId'>;

const NO_SERVERS: readonly never[] = [];

export interface ConversationViewProps {
  history: ScopedChatHistory;
  /** The conversation to show; undefined: a new one, created by its first question (`creation`). */
  conversationId: string | undefined;
  creation?: ConversationCreation;
  /** Focus the message box when shown ("New conversation"). */
  focusComposer?: boolean;
  /** The conversation does not exist: "Start a new conversation" goes here. */
  onStartNew?: () => void;
  /** Called after an exchange the history stored: the conversation's title or order may have changed. */
  onConversationChanged?: () => void;
  /** The agent the conversation is with (docs/agents.md): its introduction, starter prompts and `personality`. */
  agentId?: string;
  /** The page's actions in the top bar, right of the model (share, the prompt library, new conversation). */
  topBar?: ReactNode;
}

/**
 * One open conversation: a slim top bar (the model and Think, the page's actions), the branch of
 * messages shown (with versions to switch between), the answer streaming into it, and the composer
 * pinned below them. Announces politely when an answer
 * starts and ends; Escape stops an answer being written. A new conversation (no id) shows the
 * composer at once and is created by its first question. While the conversation is looked for
 * (the client retries a 404 for a while) there is no composer; one that does not exist says so.
 */
export function ConversationView({ history, conversationId, creation, focusComposer, onStartNew, onConversationChanged, agentId, topBar }: ConversationViewProps) {
  const { t } = useTranslation(NAMESPACE);
  const [announcement, announce] = useAnnouncer();
  const models = useLanguageModels();
  const [chosenModel, setChosenModel] = useState<string>();
  const [think, setThink] = useState(false);
  const model = chosenModel !== undefined && models.some((entry) => entry.id === chosenModel) ? chosenModel : models[0]?.id;
  const agent = useAgentQuery(agentId);
  // With an agent, its own model answers unless the user picked another one here.
  const sentModel = agentId !== undefined && chosenModel === undefined ? undefined : model;

  const onStart = useCallback(() => announce(t('conversation.announce.writing')), [announce, t]);
  const conversation = useConversation(history, conversationId, onStart, creation);
  const rootRef = useRef<HTMLDivElement>(null);
  const focusMessageBox = useCallback(() => rootRef.current?.querySelector<HTMLTextAreaElement>('.conversation__composer textarea')?.focus(), []);
  // A conversation that does not exist has no message box (a question typed while it is still
  // being looked for ends in this state too, never in a failed answer).
  const canWrite = conversation.status !== 'not-found';
  useEffect(() => {
    if (focusComposer && canWrite) focusMessageBox();
  }, [focusComposer, canWrite, focusMessageBox]);
  const { tree, send, switchTo, composerParent } = conversation;
  const copy = useCopyAnswer(announce);
  useCopyLastAnswerShortcut(conversation.branch, conversation.streamingId, copy);

  // Grounding (the server's history only: the browser-kept one stores no files and no sources):
  // files attached in the composer, and collections picked for the conversation while it is open.
  const grounding = history.kind === 'server' && canWrite;
  const onAttachmentSettled = useCallback(
    (item: AttachmentItem, state: FileUploadState) =>
      announce(
        state === 'processed' || state === 'success'
          ? t('attachments.announce.ready', { name: item.file.name })
          : t('attachments.announce.failed', { name: item.file.name, state: t(`attachments.state.${state}`) }),
      ),
    [announce, t],
  );
  const attachments = useAttachments(conversation.conversationId, conversation.ensureConversation, onAttachmentSettled);
  const drop = useFileDrop(grounding, attachments.add);
  // Screenshots pasted into the message box become attachments; a model without images is said before sending.
  useImagePaste(rootRef, grounding, attachments.add);
  const images = useImageRules(models, sentModel, attachments.hasImages);
  const { collections: offered, unavailable: resourcesUnavailable } = useOfferedCollections();
  const [pickedCollections, setPickedCollections] = useState<string[]>([]);
  const queryClient = useQueryClient();
  // The collections are loaded with the models once per session; opening the menu asks again, so
  // a collection made meanwhile (another tab, the collections page) is offered.
  const refreshCollections = useCallback(() => void queryClient.invalidateQueries({ queryKey: qaResourceKeys.all }), [queryClient]);
  const collections = useMemo(() => pickedCollections.filter((id) => offered.some((entry) => entry.id === id)), [pickedCollections, offered]);
  // Tool servers (BETA): picked for the conversation (kept by the server), sent with every question.
  const toolServersOn = useFeature('mcpTools') && grounding;
  const { data: toolServers = NO_SERVERS, refetch: refetchToolServers } = useToolServersQuery(toolServersOn);
  const [pickedServers, setPickedServers] = usePickedToolServers(conversation.conversationId, toolServersOn);
  const serverIds = useMemo(() => pickedServers.filter((id) => toolServers.some((entry) => entry.id === id)), [pickedServers, toolServers]);
  // Deep research (flag, server's history): the switch makes the next question a research run.
  // Not with an agent: the server answers deep research in an agent's conversation with 501 (docs/agents.md).
  const researchOn = useFlag('enableDeepResearch') && history.kind === 'server' && canWrite && agentId === undefined;
  const [deepResearch, setDeepResearch] = useState(false);
  const streamingNow = conversation.streamingId !== undefined;
  // The branch's last answer is a run asking its clarifying question: the next message answers it.
  const replyTo = useResearchReply(streamingNow ? undefined : conversation.branch.at(-1), history.kind === 'server');
  const maxMB = useConfigStore((state) => state.config.maxFileUploadSizeMB);
  const attachHintId = useId();
  const blockedReason =
    images.blockedReason ??
    (attachments.readiness === 'in-progress' ? t('attachments.waiting') : attachments.readiness === 'failed' ? t('attachments.removeFailed') : undefined);
  const onBlocked = useCallback((reason: string) => announce(reason), [announce]);
  const { items: attachmentItems, states: attachmentStates, retry: retryAttachment, remove: removeAttachment, add: addAttachments } = attachments;
  const chips = useMemo(
    () =>
      grounding && (attachmentItems.length > 0 || collections.length > 0 || serverIds.length > 0) ? (
        <div className="conversation__composer-chips">
          <AttachmentChips items={attachmentItems} states={attachmentStates} onRetry={retryAttachment} onRemove={removeAttachment} />
          <CollectionChips collections={offered} selected={collections} onRemove={(id) => setPickedCollections((current) => current.filter((entry) => entry !== id))} />
          <ToolServerChips servers={toolServers} selected={serverIds} onRemove={(id) => setPickedServers(serverIds.filter((entry) => entry !== id))} />
        </div>
      ) : undefined,
    [grounding, attachmentItems, attachmentStates, retryAttachment, removeAttachment, collections, offered, serverIds, toolServers, setPickedServers],
  );
  // The canvas (features/canvas): a new document or one of the conversation's, from the composer;
  // an answer or a report from its actions. A new conversation is created first.
  const canvas = useCanvasOpener();
  const { ensureConversation } = conversation;
  const openInCanvas = useCallback(
    async (seed: { title: string; markdown: string } | { canvasId: string }) => {
      const id = await ensureConversation();
      if (id === undefined || !canvas) return;
      canvas.open('canvasId' in seed ? { conversationId: id, canvasId: seed.canvasId } : { conversationId: id, seed });
    },
    [ensureConversation, canvas],
  );
  const onOpenInCanvas = useCallback(
    (message: Message) => void openInCanvas({ title: titleFromMarkdown(message.content) ?? t('canvas.newTitle'), markdown: message.content }),
    [openInCanvas, t],
  );
  const conversationIdNow = conversation.conversationId;
  const canvasMenu = useMemo(
    () =>
      canvas && (
        <CanvasMenu
          store={canvas.store}
          conversationId={conversationIdNow}
          onNew={() => void openInCanvas({ title: t('canvas.newTitle'), markdown: '' })}
          onOpen={(canvasId) => void openInCanvas({ canvasId })}
        />
      ),
    [canvas, conversationIdNow, openInCanvas, t],
  );
  const tools = useMemo(
    () =>
      grounding ? (
        <>
          {canvasMenu}
          <AttachButton describedBy={attachHintId} onFiles={addAttachments} />
          <VisuallyHidden id={attachHintId}>{t('attachments.hint', { max: maxMB, imageMax: IMAGE_MAX_MB })}</VisuallyHidden>
          <CollectionPicker
            collections={offered}
            unavailable={resourcesUnavailable}
            selected={collections}
            onChange={setPickedCollections}
            onOpen={refreshCollections}
          />
          {toolServersOn && toolServers.length > 0 && (
            <ToolServerPicker servers={toolServers} selected={serverIds} onChange={setPickedServers} onOpen={() => void refetchToolServers()} />
          )}
          {researchOn && replyTo === undefined && (
            <Button variant={deepResearch ? 'primary' : 'secondary'} size="sm" aria-pressed={deepResearch} onClick={() => setDeepResearch((on) => !on)}>
              {t('conversation.composer.research')}
            </Button>
          )}
        </>
      ) : (
        canvasMenu || undefined
      ),
    [
      canvasMenu,
      grounding,
      attachHintId,
      addAttachments,
      t,
      maxMB,
      offered,
      resourcesUnavailable,
      collections,
      refreshCollections,
      toolServersOn,
      toolServers,
      serverIds,
      setPickedServers,
      refetchToolServers,
      researchOn,
      replyTo,
      deepResearch,
    ],
  );

  const changed = useRef(onConversationChanged);
  useEffect(() => {
    changed.current = onConversationChanged;
  }, [onConversationChanged]);

  /** How each question sent from this view was asked (a research, a reply to one): a retry asks the same way. */
  const modes = useRef(new Map<string, ResearchMode>());
  const ask = useCallback(
    /** `attachments`: the composer's files go with a new question (not with a regenerated or retried one). */
    async (request: SendRequest, attachments: readonly MessageAttachment[] = [], mode: ResearchMode = {}) => {
      const messageId = request.messageId ?? crypto.randomUUID();
      modes.current.set(messageId, mode);
      const outcome = await send({ ...request, messageId }, { model: sentModel, think, attachments, collections, serverIds, agentId, ...mode });
      if (!outcome) return;
      if (outcome.kind === 'done' && outcome.researchId !== undefined) {
        // The run goes on: its panel announces where it stands.
      } else if (outcome.kind === 'done') {
        const spoken = markdownToPlainText(outcome.answer);
        announce(spoken === '' ? t('conversation.announce.finished') : spoken);
      } else if (outcome.kind === 'stopped') {
        announce(t('conversation.announce.stopped'));
      } else {
        announce(`${t('conversation.announce.failed')} ${t(`conversation.errors.${outcome.reason}`)}`);
      }
      // The list shows the new title (after the first answer) and the new order.
      if (outcome.stored) changed.current?.();
    },
    [send, sentModel, think, collections, serverIds, agentId, announce, t],
  );

  const { clear: clearAttachments, files: attachedFiles } = attachments;
  const onSend = useCallback(
    (text: string) => {
      const mode: ResearchMode = replyTo !== undefined ? { deepResearchId: replyTo } : researchOn && deepResearch ? { deepResearch: true } : {};
      void ask({ content: text, parentId: composerParent() }, attachedFiles, mode);
      // The files went with this question; they stay in the conversation, the composer starts empty.
      clearAttachments();
      // The switch is for one question: the next one is an ordinary question again.
      if (mode.deepResearch) setDeepResearch(false);
    },
    [ask, composerParent, attachedFiles, clearAttachments, replyTo, researchOn, deepResearch],
  );
  const questionOf = useCallback((answerId: string): Message | undefined => {
    const answer = tree.byId.get(answerId);
    const question = answer?.parent_message_id ? tree.byId.get(answer.parent_message_id) : undefined;
    return question?.role === 'user' ? question : undefined;
  }, [tree]);
  const onRegenerate = useCallback(
    (answerId: string) => {
      // A research answer: a new research for the run's question (the one before its clarifying question, if it asked one).
      const research = tree.byId.get(answerId)?.research_id !== undefined;
      const question = research ? researchQuestionOf(tree, answerId) : questionOf(answerId);
      if (question) void ask({ content: question.content, parentId: question.parent_message_id }, research ? [] : imagesOf(question.attachments), research ? { deepResearch: true } : {});
    },
    [ask, questionOf, tree],
  );
  const onRetry = useCallback(
    (answerId: string) => {
      const question = questionOf(answerId);
      if (!question) return;
      const mode = modes.current.get(question.message_id) ?? (tree.byId.get(answerId)?.research_id !== undefined ? { deepResearch: true } : {});
      void ask({ content: question.content, parentId: question.parent_message_id, messageId: question.message_id }, mode.deepResearch ? [] : imagesOf(question.attachments), mode);
    },
    [ask, questionOf, tree],
  );
  const onEdit = useCallback(
    (questionId: string, text: string) => {
      const question = tree.byId.get(questionId);
      if (question) void ask({ content: text, parentId: question.parent_message_id });
    },
    [ask, tree],
  );

  const streaming = streamingNow;
  const { stop } = conversation;
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      // Escape stops the answer being written (a dialog or the inline edit handle their own first).
      if (event.key !== 'Escape' || event.defaultPrevented || !streaming) return;
      event.preventDefault();
      stop();
    },
    [streaming, stop],
  );
  const last = conversation.branch.at(-1);
  // Stable while an answer streams (its chunks change none of these), so the list's rows far from
  // the streaming answer are not rendered again per chunk.
  const { streamingId, failures, conversationId: shownConversationId } = conversation;
  const sourcesConversationId = history.kind === 'server' ? shownConversationId : undefined;
  const openInCanvasOrNot = canvas ? onOpenInCanvas : undefined;
  const renderMessage = useCallback((message: Message) => {
    const position = siblingPosition(tree, message.message_id);
    return (
      <MessageItem
        message={message}
        streaming={message.message_id === streamingId}
        busy={streaming}
        siblingIndex={position.index}
        siblingCount={position.count}
        previousId={position.previousId}
        nextId={position.nextId}
        failure={failures[message.message_id]}
        onSwitch={switchTo}
        onCopy={copy}
        onRegenerate={onRegenerate}
        onRetry={onRetry}
        onEdit={onEdit}
        sourcesConversationId={sourcesConversationId}
        announce={announce}
        onOpenInCanvas={openInCanvasOrNot}
        question={message.role !== 'assistant' ? undefined : (message.research_id !== undefined ? researchQuestionOf(tree, message.message_id) : questionOf(message.message_id))?.content}
        agentId={agentId}
      />
    );
  }, [tree, streamingId, streaming, failures, switchTo, copy, onRegenerate, onRetry, onEdit, sourcesConversationId, announce, openInCanvasOrNot, questionOf, agentId]);

  return (
    // The key handler only catches Escape bubbling from the view's own controls.
    <div className={cx('conversation', drop.dragging && 'conversation--dragging')} ref={rootRef} onKeyDown={onKeyDown} {...drop.handlers}>
      <div className="conversation__top-bar">
        {canWrite && <ModelPicker models={models} model={model} onModelChange={setChosenModel} think={think} onThinkChange={setThink} />}
        <div className="conversation__top-actions">{topBar}</div>
      </div>
      {drop.dragging && (
        <p className="conversation__drop-hint" aria-hidden="true">
          {t('attachments.dropHint')}
        </p>
      )}
      {conversation.status === 'loading' && <Loading label={t('conversation.loading')} showLabel fill />}
      {conversation.status === 'not-found' && (
        <EmptyState
          headingLevel={2}
          title={t('conversation.notFound.title')}
          text={t('conversation.notFound.text')}
          className="conversation__empty"
          action={onStartNew && <Button onClick={onStartNew}>{t('conversation.notFound.action')}</Button>}
        />
      )}
      {conversation.status === 'failed' && (
        <ErrorState headingLevel={2} title={t('conversation.loadFailed')} onRetry={conversation.reload} retryLabel={t('conversation.tryAgain')} />
      )}
      {agent.isError && (
        <p className="agent-intro__missing" role="alert">
          {t('agent.notFound')}
        </p>
      )}
      {agent.data && (conversation.status === 'ready' || conversation.branch.length > 0) && (
        <AgentIntro agent={agent.data} empty={conversation.branch.length === 0} disabled={streaming || blockedReason !== undefined} onStarter={onSend} />
      )}
      {!agent.data && conversation.status === 'ready' && conversation.branch.length === 0 && conversation.conversationId === undefined && (
        <EmptyState title={t('page.start.title')} text={t('page.start.text')} action={<AppSuggestions />} className="conversation__empty conversation__start" />
      )}
      {!agent.data && conversation.status === 'ready' && conversation.branch.length === 0 && conversation.conversationId !== undefined && (
        <EmptyState headingLevel={2} title={t('conversation.empty.title')} text={t('conversation.empty.text')} className="conversation__empty" />
      )}
      {/* The page's h1 is the chat's; the messages' own headings (h3) need an h2 above them. */}
      {conversation.branch.length > 0 && <h2 className="ui-visually-hidden">{t('conversation.messages')}</h2>}
      {conversation.branch.length > 0 && (
        <MessageList
          messages={conversation.branch}
          contentKey={`${conversation.branch.length}:${last?.content.length ?? 0}:${last?.reasoning?.length ?? 0}`}
          followKey={streaming ? conversation.branch.at(-2)?.message_id : undefined}
          renderMessage={renderMessage}
          onJumped={focusMessageBox}
        />
      )}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
      {canWrite && (
      <Composer
        streaming={streaming}
        onSend={onSend}
        onStop={conversation.stop}
        chips={chips}
        tools={tools}
        blockedReason={blockedReason}
        onBlocked={onBlocked}
        notice={replyTo !== undefined ? t('conversation.composer.researchReply') : researchOn && deepResearch ? t('conversation.composer.researchNext') : undefined}
        placeholder={replyTo !== undefined ? t('conversation.composer.researchReplyPlaceholder') : undefined}
        draftKey={conversation.conversationId ?? (agentId !== undefined ? `new:agent:${agentId}` : 'new')}
      />
      )}
    </div>
  );
}
