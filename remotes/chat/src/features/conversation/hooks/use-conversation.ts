import type { Message, MessagePayloadInput } from '@assistant/contracts';
import { ApiRequestError, notifyError, RequestAbortedError } from '@assistant/platform';
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChatHistory } from '../../history/chat-history';
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

/** The model and the think flag the answer is asked with. */
export interface SendChoices {
  model: string | undefined;
  think: boolean;
}

/** How an exchange ended, for the caller to announce. */
export type ExchangeOutcome = ({ kind: 'done'; answer: string } | { kind: 'stopped' } | { kind: 'error'; reason: SendErrorKey }) & {
  /** The server stored the exchange (its `message` event came): the conversation changed. */
  stored: boolean;
};

interface Pending {
  question: Message;
  /** The question is already in `messages` (a retry): only the answer is new. */
  questionStored: boolean;
  /** Stands for the answer's id until the `message` event names it. */
  localAnswerId: string;
  draft: StreamDraft;
}

interface LoadedState {
  status: 'loading' | 'ready' | 'failed';
  messages: Message[];
  /** The end of the branch shown; undefined: the newest message. */
  leafId: string | undefined;
  /** Answers that failed here, by message id, with the reason. */
  failures: Readonly<Record<string, SendErrorKey>>;
  /** Messages the server has not stored (the request failed before it streamed). */
  unsaved: ReadonlySet<string>;
}

const initialState: LoadedState = { status: 'loading', messages: [], leafId: undefined, failures: {}, unsaved: new Set() };

export interface ConversationModel {
  status: LoadedState['status'];
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
}

const isStoredRole = (message: Message) => message.role !== 'system';

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
  };
  return [question, answer];
}

/**
 * One conversation: its messages (loaded with `history.listMessages`), the branch shown, and the
 * exchange being streamed. Streamed text collects in a ref and is shown at most once per frame,
 * as a transition, so typing stays responsive while an answer streams.
 */
export function useConversation(history: ChatHistory, conversationId: string, onExchangeStart?: () => void): ConversationModel {
  const [state, setState] = useState<LoadedState>(initialState);
  const [pending, setPending] = useState<Pending | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const pendingRef = useRef<Pending | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const frameRef = useRef(0);
  /** Bumped when the conversation changes: answers of the old one are ignored. */
  const generationRef = useRef(0);
  const [loadCount, setLoadCount] = useState(0);
  /** Bumped whenever an exchange puts fresher messages in place: an older load then loses. */
  const freshnessRef = useRef(0);

  useEffect(() => {
    const generation = ++generationRef.current;
    const freshness = freshnessRef.current;
    const controller = new AbortController();
    setState(initialState);
    setPending(null);
    pendingRef.current = null;
    history.listMessages(conversationId, controller.signal).then(
      (messages) => {
        if (generation !== generationRef.current || freshness !== freshnessRef.current) return;
        setState({ ...initialState, status: 'ready', messages: messages.filter(isStoredRole) });
      },
      (error: unknown) => {
        if (generation !== generationRef.current || error instanceof RequestAbortedError || controller.signal.aborted) return;
        console.warn('Loading the messages failed', error);
        setState({ ...initialState, status: 'failed' });
      },
    );
    return () => {
      controller.abort();
      controllerRef.current?.abort();
      controllerRef.current = null;
      cancelFrame(frameRef);
    };
  }, [history, conversationId, loadCount]);

  const reload = useCallback(() => setLoadCount((count) => count + 1), []);

  const tree = useMemo(() => buildMessageTree(state.messages), [state.messages]);

  const branch = useMemo(() => {
    if (!pending) return activeBranch(tree, state.leafId);
    const [question, answer] = pendingMessages(pending, 'streaming');
    const parentId = pending.question.parent_message_id;
    const before = pending.questionStored
      ? branchTo(tree, pending.question.message_id)
      : [...(parentId ? branchTo(tree, parentId) : []), question];
    return [...before, answer];
  }, [tree, state.leafId, pending]);

  const streamingId = pending ? (pending.draft.assistantMessageId ?? pending.localAnswerId) : undefined;

  /** Keeps the ended exchange in the list without asking the server (stopped, failed). */
  const keepLocally = useCallback((final: Pending, status: Message['status'], reason?: SendErrorKey) => {
    const [question, answer] = pendingMessages(final, status);
    // Without the `message` event the server stored nothing of this exchange.
    const unsavedIds = final.draft.userMessageId ? [] : final.questionStored ? [answer.message_id] : [question.message_id, answer.message_id];
    setState((current) => {
      const hasQuestion = current.messages.some((message) => message.message_id === question.message_id);
      const messages = [...current.messages.filter((message) => message.message_id !== answer.message_id), ...(hasQuestion ? [] : [question]), answer];
      return {
        ...current,
        messages,
        leafId: answer.message_id,
        failures: reason ? { ...current.failures, [answer.message_id]: reason } : current.failures,
        unsaved: new Set([...current.unsaved, ...unsavedIds]),
      };
    });
  }, []);

  const send = useCallback(
    async (request: SendRequest, choices: SendChoices): Promise<ExchangeOutcome | undefined> => {
      if (controllerRef.current) return undefined;
      const generation = generationRef.current;
      const messageId = request.messageId ?? crypto.randomUUID();
      const stored = stateRef.current.messages.find((message) => message.message_id === messageId);
      const question: Message = stored ?? {
        message_id: messageId,
        conversation_id: conversationId,
        parent_message_id: request.parentId ?? null,
        role: 'user',
        content: request.content,
        created_at: now(),
        status: 'complete',
      };
      const start: Pending = { question, questionStored: stored !== undefined, localAnswerId: `local-${crypto.randomUUID()}`, draft: emptyDraft };
      pendingRef.current = start;
      setPending(start);
      onExchangeStart?.();

      const controller = new AbortController();
      controllerRef.current = controller;
      const payload: MessagePayloadInput = {
        content: request.content,
        message_id: messageId,
        think: choices.think,
        ...(request.parentId !== undefined ? { parent_message_id: request.parentId } : {}),
        ...(choices.model ? { reasoning_model_override: choices.model } : {}),
      };
      let failure: SendErrorKey | undefined;
      try {
        const events = await history.sendMessage(conversationId, payload, controller.signal);
        for await (const event of events) {
          const current: Pending | null = pendingRef.current;
          if (!current || generation !== generationRef.current) break;
          const draft = applyStreamEvent(current.draft, event);
          if (draft === current.draft) continue;
          pendingRef.current = { ...current, draft };
          if (draft.phase !== 'streaming') break;
          scheduleCommit(frameRef, () => {
            const latest = pendingRef.current;
            startTransition(() => setPending(latest));
          });
        }
      } catch (error) {
        if (!controller.signal.aborted) {
          console.warn('Sending the message failed', error);
          failure = errorKeyForFailure(error);
          // A limit of the server: the platform's notice says when to try again (retry-after).
          if (error instanceof ApiRequestError && error.status === 429) notifyError(error);
        }
      }
      cancelFrame(frameRef);
      if (controllerRef.current === controller) controllerRef.current = null;
      const final = pendingRef.current;
      if (!final || generation !== generationRef.current) return undefined;
      pendingRef.current = null;

      if (controller.signal.aborted && final.draft.phase === 'streaming') {
        keepLocally(final, 'stopped');
        setPending(null);
        return { kind: 'stopped', stored: final.draft.userMessageId !== undefined };
      }
      if (failure !== undefined || final.draft.phase !== 'done') {
        const reason = failure ?? (final.draft.error ? errorKeyForCode(final.draft.error.code) : 'ended');
        keepLocally(final, 'error', reason);
        setPending(null);
        return { kind: 'error', reason, stored: final.draft.userMessageId !== undefined };
      }

      // Done: the server has the whole exchange (and perhaps a new title): show its copy.
      const answerId = final.draft.assistantMessageId;
      try {
        const messages = (await history.listMessages(conversationId)).filter(isStoredRole);
        if (generation !== generationRef.current) return undefined;
        if (answerId !== undefined && messages.some((message) => message.message_id === answerId)) {
          freshnessRef.current += 1;
          setState((current) => ({ ...current, status: 'ready', messages, leafId: answerId, unsaved: new Set() }));
        } else {
          keepLocally(final, 'complete');
        }
      } catch (error) {
        console.warn('Reloading the messages failed', error);
        if (generation !== generationRef.current) return undefined;
        keepLocally(final, 'complete');
      }
      setPending(null);
      return { kind: 'done', answer: final.draft.answer, stored: true };
    },
    [history, conversationId, keepLocally, onExchangeStart],
  );

  const stop = useCallback(() => controllerRef.current?.abort(), []);

  const switchTo = useCallback(
    (siblingId: string) => {
      const leaf = leafAfterSwitch(tree, siblingId);
      if (leaf !== undefined) setState((current) => ({ ...current, leafId: leaf }));
    },
    [tree],
  );

  const composerParent = useCallback((): string | undefined => {
    const shown = activeBranch(buildMessageTree(stateRef.current.messages), stateRef.current.leafId);
    for (let index = shown.length - 1; index >= 0; index -= 1) {
      const message = shown[index]!;
      if (!stateRef.current.unsaved.has(message.message_id)) return message.message_id;
    }
    return undefined;
  }, []);

  return { status: state.status, tree, branch, streamingId, failures: state.failures, reload, send, stop, switchTo, composerParent };
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
