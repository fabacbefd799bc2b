import type { Message, MessageAttachment, MessagePayloadInput } from '@assistant/contracts';
import { usageKeys } from '@assistant/endpoints';
import { ApiRequestError, isDeveloperModeOn, notifyError, useQuery, useQueryClient } from '@assistant/platform';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { conversationKeys } from '../../../query-keys';
import type { ChatHistory, ScopedChatHistory } from '../../history';
import { messagesQuery } from '../api/get-messages';
import { errorKeyForCode, errorKeyForFailure, type SendErrorKey } from '../model/describe-send-error';
import { activeBranch, branchTo, buildMessageTree, leafAfterSwitch, type MessageTree } from '../model/message-tree';
import { applyStreamEvent, emptyDraft, type StreamDraft } from '../model/stream-draft';

/** A question to send: its text and where it goes in the tree. */
export interface SendRequest {
  content: string;
  /** undefined: after the newest stored message; null: a new first question; else under that message. */
  parentId: string | null | undefined;
  /** Reuse a stored question's id (a retry answers it again instead of storing it twice). */
  messageId?: string;
}

/** The model and the think flag the answer is asked with, and what it is grounded in. */
export interface SendChoices {
  model: string | undefined;
  think: boolean;
  /** Processed files of this conversation: the question shows them, the payload's `attachments` are their ids. */
  attachments?: readonly MessageAttachment[];
  /** Ids of collections to search (the message payload's `collections`). */
  collections?: readonly string[];
  /** Ids of the tool (MCP) servers the model may call (the payload's `server_ids`). */
  serverIds?: readonly string[];
  /** Answer with a deep research run (`deep_research`). */
  deepResearch?: boolean;
  /** The run this message answers the clarifying question of (`deep_research_id`; implies deepResearch). */
  deepResearchId?: string;
  /** The agent the conversation is with (the payload's `personality`; docs/agents.md). */
  agentId?: string;
}

/** How an exchange ended, for the caller to announce. */
export type ExchangeOutcome = ({ kind: 'done'; answer: string } | { kind: 'stopped' } | { kind: 'error'; reason: SendErrorKey }) & {
  /** The server stored the exchange (its `message` event came): the conversation changed. */
  stored: boolean;
  /** The answer is this deep research run (it goes on after the exchange; its panel tells how). */
  researchId?: string;
};

interface Pending {
  question: Message;
  /** The question is already in `messages` (a retry): only the answer is new. */
  questionStored: boolean;
  /** Stands for the answer's id until the `message` event names it. */
  localAnswerId: string;
  draft: StreamDraft;
}

/** What this view adds to the loaded messages, for one history and conversation. */
interface ViewState {
  /** Whose state this is: after a switch to another history or conversation it counts as empty. */
  history: ChatHistory;
  conversationId: string;
  /**
   * Exchanges that ended here and are not in the loaded copy: stopped or failed answers, refused
   * questions, or a finished answer whose reload failed. Shown over the loaded messages until the
   * next finished exchange brings the server's copy.
   */
  kept: readonly Message[];
  /** The end of the branch shown; undefined: the newest message. */
  leafId: string | undefined;
  /** Answers that failed here, by message id, with the reason. */
  failures: Readonly<Record<string, SendErrorKey>>;
  /** Messages the history has not stored (the request failed before it streamed). */
  unsaved: ReadonlySet<string>;
  /** The exchange being streamed, as last shown. */
  pending: Pending | null;
}

type ViewChanges = Partial<Omit<ViewState, 'history' | 'conversationId'>>;

const NO_MESSAGES: readonly Message[] = [];
const NO_FAILURES: Readonly<Record<string, SendErrorKey>> = {};
const NO_IDS: ReadonlySet<string> = new Set();

function emptyView(history: ChatHistory, conversationId: string): ViewState {
  return { history, conversationId, kept: NO_MESSAGES, leafId: undefined, failures: NO_FAILURES, unsaved: NO_IDS, pending: null };
}

const viewOf = (state: ViewState, history: ChatHistory, conversationId: string): ViewState =>
  state.history === history && state.conversationId === conversationId ? state : emptyView(history, conversationId);

/** The loaded messages with the kept ones: a kept copy replaces a loaded one in place, new ones go last. */
function withKept(loaded: readonly Message[], kept: readonly Message[]): readonly Message[] {
  if (kept.length === 0) return loaded;
  const keptById = new Map(kept.map((message) => [message.message_id, message]));
  const loadedIds = new Set(loaded.map((message) => message.message_id));
  return [...loaded.map((message) => keptById.get(message.message_id) ?? message), ...kept.filter((message) => !loadedIds.has(message.message_id))];
}

export interface ConversationModel {
  /** `not-found`: the history has no such conversation (deleted, another user's, a wrong link). */
  status: 'loading' | 'ready' | 'failed' | 'not-found';
  /** The conversation's id; undefined for a new one until its first question created it. */
  conversationId: string | undefined;
  tree: MessageTree;
  /** The messages shown, root first, including the question and answer being streamed. */
  branch: Message[];
  /** The id shown for the answer being streamed, if any. */
  streamingId: string | undefined;
  failures: Readonly<Record<string, SendErrorKey>>;
  reload(): void;
  send(request: SendRequest, choices: SendChoices): Promise<ExchangeOutcome | undefined>;
  stop(): void;
  /** Show sibling `siblingId` and its newest descendants. */
  switchTo(siblingId: string): void;
  /** Where a new question from the composer goes: the end of the shown branch (stored messages only). */
  composerParent(): string | undefined;
  /** The conversation's id; a new one is created first (a file attached before the first question). */
  ensureConversation(): Promise<string | undefined>;
}

function now(): string {
  return new Date().toISOString();
}

/** The question and its (partial) answer as messages, for showing them or keeping them locally. */
function pendingMessages(pending: Pending, status: Message['status']): [Message, Message] {
  const questionId = pending.draft.userMessageId ?? pending.question.message_id;
  // The same object while the id stays, so the question's row does not render again per chunk.
  const question = questionId === pending.question.message_id ? pending.question : { ...pending.question, message_id: questionId };
  const answer: Message = {
    message_id: pending.draft.assistantMessageId ?? pending.localAnswerId,
    conversation_id: question.conversation_id,
    parent_message_id: questionId,
    role: 'assistant',
    content: pending.draft.answer,
    created_at: question.created_at,
    status,
    ...(pending.draft.reasoning ? { reasoning: pending.draft.reasoning } : {}),
    ...(pending.draft.toolEvents.length > 0 ? { tool_events: [...pending.draft.toolEvents] } : {}),
    ...(pending.draft.researchId !== undefined ? { research_id: pending.draft.researchId } : {}),
    ...(pending.draft.details !== undefined ? { details: pending.draft.details } : {}),
  };
  return [question, answer];
}

/** How a new conversation comes into being: by its first question. */
export interface ConversationCreation {
  /** Creates it; resolves with its id, undefined when that failed (the caller notified it). */
  create(): Promise<string | undefined>;
  /** It exists now (the answer is being asked for): the page opens its path. */
  onCreated(conversationId: string): void;
}

/** The view's identity while the conversation is new, and after its first question created it. */
const NEW = '';

/**
 * One conversation: its messages (the messages query: api/get-messages), the branch shown, and
 * the exchange being streamed (an AsyncIterable from `history.sendMessage`). Streamed text
 * collects in a ref and is shown at most once per frame, as a transition, so typing stays
 * responsive while an answer streams. A finished exchange reloads the messages query (the
 * server's copy, with its ids); a stopped or failed one is kept here. Leaving the conversation
 * aborts the answer being streamed, and the query aborts a load still running.
 */
export function useConversation(
  history: ScopedChatHistory,
  routeId: string | undefined,
  onExchangeStart?: () => void,
  creation?: ConversationCreation,
): ConversationModel {
  const queryClient = useQueryClient();
  // A new conversation (no id) is created by its first question; the page then opens its path,
  // which must not count as another conversation (the answer streaming into it goes on).
  const [createdId, setCreatedId] = useState<string>();
  const conversationId = routeId ?? createdId;
  const identity = routeId === undefined || routeId === createdId ? NEW : routeId;
  const { data: loaded, isError, error: loadError, refetch } = useQuery({
    ...messagesQuery(history, conversationId ?? NEW),
    enabled: conversationId !== undefined,
  });
  const [viewState, setViewState] = useState<ViewState>(() => emptyView(history, identity));
  const view = viewOf(viewState, history, identity);
  const pendingRef = useRef<Pending | null>(null);
  /** The conversation the exchange being sent goes to (created by it when new). */
  const createdRef = useRef<string | undefined>(undefined);
  const controllerRef = useRef<AbortController | null>(null);
  const frameRef = useRef(0);
  /** Bumped when the conversation changes or the view goes: answers of the old one are ignored. */
  const generationRef = useRef(0);

  useEffect(
    () => () => {
      generationRef.current += 1;
      pendingRef.current = null;
      controllerRef.current?.abort();
      controllerRef.current = null;
      cancelFrame(frameRef);
    },
    [history, identity],
  );

  const update = useCallback(
    (change: (current: ViewState) => ViewChanges) =>
      setViewState((state) => {
        const current = viewOf(state, history, identity);
        return { ...current, ...change(current) };
      }),
    [history, identity],
  );

  const reload = useCallback(() => void refetch(), [refetch]);

  const messages = useMemo(() => withKept(loaded ?? NO_MESSAGES, view.kept), [loaded, view.kept]);
  const tree = useMemo(() => buildMessageTree(messages), [messages]);
  const { pending, leafId, unsaved } = view;

  const branch = useMemo(() => {
    if (!pending) return activeBranch(tree, leafId);
    const [question, answer] = pendingMessages(pending, 'streaming');
    const parentId = pending.question.parent_message_id;
    const before = pending.questionStored
      ? branchTo(tree, pending.question.message_id)
      : [...(parentId ? branchTo(tree, parentId) : []), question];
    return [...before, answer];
  }, [tree, leafId, pending]);

  const streamingId = pending ? (pending.draft.assistantMessageId ?? pending.localAnswerId) : undefined;

  /** Keeps the ended exchange in the list without asking the history again (stopped, failed). */
  const keepLocally = useCallback(
    (final: Pending, status: Message['status'], reason?: SendErrorKey) => {
      const [question, answer] = pendingMessages(final, status);
      // Without the `message` event the history stored nothing of this exchange.
      const unsavedIds = final.draft.userMessageId ? [] : final.questionStored ? [answer.message_id] : [question.message_id, answer.message_id];
      update((current) => ({
        kept: [...current.kept.filter((message) => message.message_id !== question.message_id && message.message_id !== answer.message_id), question, answer],
        leafId: answer.message_id,
        failures: reason ? { ...current.failures, [answer.message_id]: reason } : current.failures,
        unsaved: new Set([...current.unsaved, ...unsavedIds]),
        pending: null,
      }));
    },
    [update],
  );

  /**
   * The conversation's id, creating a new one first (once, however often asked meanwhile): by
   * its first question, or by a file attached to it. The page then opens its path; this view
   * stays (its identity does not change).
   */
  const creatingRef = useRef<Promise<string | undefined> | null>(null);
  const ensureConversation = useCallback(async (): Promise<string | undefined> => {
    if (conversationId !== undefined) return conversationId;
    if (!creatingRef.current) {
      const generation = generationRef.current;
      creatingRef.current = (async () => {
        const id = await creation?.create();
        if (id === undefined || generation !== generationRef.current) return undefined;
        queryClient.setQueryData(conversationKeys.messages(history.scope, id), []);
        setCreatedId(id);
        creation?.onCreated(id);
        return id;
      })().finally(() => (creatingRef.current = null));
    }
    return creatingRef.current;
  }, [conversationId, creation, queryClient, history.scope]);

  const send = useCallback(
    async (request: SendRequest, choices: SendChoices): Promise<ExchangeOutcome | undefined> => {
      if (controllerRef.current) return undefined;
      const generation = generationRef.current;
      const messageId = request.messageId ?? crypto.randomUUID();
      const stored = messages.find((message) => message.message_id === messageId);
      const question: Message = stored ?? {
        message_id: messageId,
        conversation_id: conversationId ?? NEW,
        parent_message_id: request.parentId ?? null,
        role: 'user',
        content: request.content,
        created_at: now(),
        status: 'complete',
        ...(choices.attachments?.length ? { attachments: [...choices.attachments] } : {}),
      };
      const start: Pending = { question, questionStored: stored !== undefined, localAnswerId: `local-${crypto.randomUUID()}`, draft: emptyDraft };
      pendingRef.current = start;
      update(() => ({ pending: start }));
      onExchangeStart?.();

      const controller = new AbortController();
      controllerRef.current = controller;
      const payload: MessagePayloadInput = {
        content: request.content,
        message_id: messageId,
        think: choices.think,
        ...(request.parentId !== undefined ? { parent_message_id: request.parentId } : {}),
        ...(choices.model ? { reasoning_model_override: choices.model } : {}),
        ...(choices.attachments?.length ? { attachments: choices.attachments.map((file) => file.file_id) } : {}),
        ...(choices.collections?.length ? { collections: [...choices.collections] } : {}),
        ...(choices.serverIds?.length ? { server_ids: [...choices.serverIds] } : {}),
        ...(choices.deepResearch || choices.deepResearchId !== undefined ? { deep_research: true } : {}),
        ...(choices.deepResearchId !== undefined ? { deep_research_id: choices.deepResearchId } : {}),
        ...(choices.agentId !== undefined ? { personality: choices.agentId } : {}),
        // The server keeps this answer's raw events for the download (docs/developer-mode.md).
        ...(history.kind === 'server' && isDeveloperModeOn() ? { developer_mode: true } : {}),
      };
      let failure: SendErrorKey | undefined;
      try {
        let id = conversationId;
        if (id === undefined) {
          // The first question of a new conversation: only now is it created (POST conversations).
          id = await ensureConversation();
          if (id === undefined) throw new Error('The conversation could not be created');
          if (generation !== generationRef.current) return undefined;
        }
        createdRef.current = id;
        const events = await history.sendMessage(id, payload, controller.signal);
        for await (const event of events) {
          const current: Pending | null = pendingRef.current;
          if (!current || generation !== generationRef.current) break;
          const draft = applyStreamEvent(current.draft, event);
          if (draft === current.draft) continue;
          pendingRef.current = { ...current, draft };
          if (draft.phase !== 'streaming') break;
          scheduleCommit(frameRef, () => {
            const latest = pendingRef.current;
            startTransition(() => update(() => ({ pending: latest })));
          });
        }
      } catch (error) {
        if (!controller.signal.aborted) {
          console.warn('Sending the message failed', error);
          failure = errorKeyForFailure(error);
          // A limit of the server: the platform's notice says when to try again (retry-after).
          if (error instanceof ApiRequestError && error.code === 'rate_limited') notifyError(error);
          // Perhaps the conversation is gone (deleted elsewhere, a wrong link): look again; a 404
          // there shows that it does not exist.
          if (error instanceof ApiRequestError && error.code === 'not_found' && conversationId !== undefined) void refetch();
        }
      }
      cancelFrame(frameRef);
      if (controllerRef.current === controller) controllerRef.current = null;
      // The exchange counted against the month's budget: the shell's 80 % notice asks again.
      void queryClient.invalidateQueries({ queryKey: usageKeys.all });
      const final = pendingRef.current;
      if (!final || generation !== generationRef.current) return undefined;
      pendingRef.current = null;

      const research = final.draft.researchId !== undefined ? { researchId: final.draft.researchId } : {};
      if (controller.signal.aborted && final.draft.phase === 'streaming') {
        keepLocally(final, 'stopped');
        return { kind: 'stopped', stored: final.draft.userMessageId !== undefined, ...research };
      }
      if (failure !== undefined || final.draft.phase !== 'done') {
        const reason = failure ?? (final.draft.error ? errorKeyForCode(final.draft.error.code) : 'ended');
        keepLocally(final, 'error', reason);
        return { kind: 'error', reason, stored: final.draft.userMessageId !== undefined, ...research };
      }

      // Done: the history has the whole exchange: reload the messages query and show its copy.
      // Invalidating cancels a load still running (it started before the exchange) and loads again.
      const answerId = final.draft.assistantMessageId;
      const queryKey = conversationKeys.messages(history.scope, createdRef.current ?? NEW);
      try {
        await queryClient.invalidateQueries({ queryKey, exact: true }, { throwOnError: true });
        if (generation !== generationRef.current) return undefined;
        const reloaded = queryClient.getQueryData<Message[]>(queryKey) ?? [];
        if (answerId !== undefined && reloaded.some((message) => message.message_id === answerId)) {
          update(() => ({ kept: NO_MESSAGES, unsaved: NO_IDS, leafId: answerId, pending: null }));
        } else {
          keepLocally(final, 'complete');
        }
      } catch (error) {
        if (generation !== generationRef.current) return undefined;
        console.warn('Reloading the messages failed', error);
        keepLocally(final, 'complete');
      }
      return { kind: 'done', answer: final.draft.answer, stored: true, ...research };
    },
    [history, conversationId, messages, queryClient, update, keepLocally, onExchangeStart, ensureConversation, refetch],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  const switchTo = useCallback(
    (siblingId: string) => {
      const leaf = leafAfterSwitch(tree, siblingId);
      if (leaf !== undefined) update(() => ({ leafId: leaf }));
    },
    [tree, update],
  );

  const composerParent = useCallback((): string | undefined => {
    const shown = activeBranch(tree, leafId);
    for (let index = shown.length - 1; index >= 0; index -= 1) {
      const message = shown[index]!;
      if (!unsaved.has(message.message_id)) return message.message_id;
    }
    return undefined;
  }, [tree, leafId, unsaved]);

  const notFound = isError && loadError instanceof ApiRequestError && loadError.code === 'not_found';
  const status = conversationId === undefined || loaded !== undefined ? 'ready' : notFound ? 'not-found' : isError ? 'failed' : 'loading';
  return { status, conversationId, tree, branch, streamingId, failures: view.failures, reload, send, stop, switchTo, composerParent, ensureConversation };
}

function scheduleCommit(frameRef: { current: number }, commit: () => void): void {
  if (frameRef.current) return;
  const run = () => {
    frameRef.current = 0;
    commit();
  };
  frameRef.current = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : (setTimeout(run, 16) as unknown as number);
}

function cancelFrame(frameRef: { current: number }): void {
  if (!frameRef.current) return;
  if (typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frameRef.current);
  else clearTimeout(frameRef.current);
  frameRef.current = 0;
}
