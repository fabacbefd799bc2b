// Test kit for the conversation view: an in-memory ChatHistory that stores messages as the server
// does (docs/chat.md) and streams answers the test scripts or pushes chunk by chunk.
import type { LanguageModel, Message, MessagePayloadInput, StreamEvent } from '@assistant/contracts';
import { qaResourceKeys } from '@assistant/endpoints';
import { addNamespace, initialChatPreferences, queryClient, RequestAbortedError, useChatPreferencesStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import type { ChatHistoryScope, ScopedChatHistory } from '../../history';
import { ConversationView } from '../components/conversation-view';

export const CONVERSATION = '7d0c6f0e-1f2a-4b3c-8d4e-5f6a7b8c9d01';

// Every test starts with the user's chat choices unset (the model picker keeps them per user).
beforeEach(() => useChatPreferencesStore.setState(initialChatPreferences));

let clock = Date.parse('2026-05-01T08:00:00.000Z');
const nextTime = () => new Date((clock += 1000)).toISOString();

export function message(overrides: Partial<Message> & Pick<Message, 'message_id' | 'role' | 'content'>): Message {
  return { conversation_id: CONVERSATION, parent_message_id: null, created_at: nextTime(), status: 'complete', ...overrides };
}

/** A question and its answer below `parent`. */
export function exchange(id: string, question: string, answer: string, parent: string | null = null): [Message, Message] {
  return [
    message({ message_id: `${id}-q`, role: 'user', content: question, parent_message_id: parent }),
    message({ message_id: `${id}-a`, role: 'assistant', content: answer, parent_message_id: `${id}-q` }),
  ];
}

/** A stream the test feeds: push events, then end it; aborting the signal stops it like the server. */
export class ScriptedStream implements AsyncIterable<StreamEvent> {
  private readonly queue: StreamEvent[] = [];
  private wake: (() => void) | undefined;
  private ended = false;
  private failure: unknown;

  constructor(
    readonly answer: Message,
    private readonly signal: AbortSignal,
    private readonly store: FakeChatHistory,
  ) {
    signal.addEventListener('abort', () => {
      this.store.update(answer.message_id, { status: 'stopped' });
      this.wake?.();
    });
  }

  push(...events: StreamEvent[]): void {
    for (const event of events) {
      if (event.kind === 'stream_text' && event.event.type === 'append') {
        const channel = this.channels.get(event.event.stream_id) ?? 'answer';
        const stored = this.store.get(this.answer.message_id)!;
        this.store.update(this.answer.message_id, channel === 'reasoning' ? { reasoning: (stored.reasoning ?? '') + event.event.delta } : { content: stored.content + event.event.delta });
      }
      if (event.kind === 'stream_text' && event.event.type === 'begin') this.channels.set(event.event.stream_id, event.event.channel ?? 'answer');
      if (event.kind === 'done') this.store.update(this.answer.message_id, { status: 'complete' });
      if (event.kind === 'error') this.store.update(this.answer.message_id, { status: 'error' });
      this.queue.push(event);
    }
    this.wake?.();
  }

  private readonly channels = new Map<string, string>();

  /** Appends text on the answer channel (opening it first if needed). */
  text(...deltas: string[]): void {
    if (!this.channels.has('answer-1')) this.push({ kind: 'stream_text', event: { stream_id: 'answer-1', type: 'begin', channel: 'answer' } });
    this.push(...deltas.map((delta): StreamEvent => ({ kind: 'stream_text', event: { stream_id: 'answer-1', type: 'append', delta } })));
  }

  done(): void {
    this.push({ kind: 'stream_text', event: { stream_id: 'answer-1', type: 'end' } }, { kind: 'done' });
    this.end();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  fail(error: unknown): void {
    this.failure = error;
    this.end();
  }

  async *[Symbol.asyncIterator](): AsyncIterator<StreamEvent> {
    for (;;) {
      if (this.signal.aborted) throw new RequestAbortedError('stopped by the user');
      const next = this.queue.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.failure) throw this.failure;
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}

export interface FakeChatHistoryOptions {
  /** Answer each question at once with this text (in a few chunks); null: the test feeds `streams`. */
  autoAnswer?: ((payload: MessagePayloadInput) => string) | null;
  /** Throw this from sendMessage before anything streams. */
  refuse?: () => unknown;
}

/** The server side of docs/chat.md in memory: the tree, the ids, the statuses. */
export class FakeChatHistory implements ScopedChatHistory {
  readonly kind = 'server' as const;
  readonly scope: ChatHistoryScope = { kind: 'server' };
  messages: Message[];
  readonly sent: MessagePayloadInput[] = [];
  readonly streams: ScriptedStream[] = [];
  readonly signals: AbortSignal[] = [];
  listCalls = 0;
  /** The signal of each listMessages call. */
  readonly listSignals: (AbortSignal | undefined)[] = [];
  /** While set, listMessages answers once this settles. */
  listHold: Promise<void> | undefined;
  autoAnswer: FakeChatHistoryOptions['autoAnswer'];
  refuse: FakeChatHistoryOptions['refuse'];

  constructor(messages: Message[] = [], options: FakeChatHistoryOptions = {}) {
    this.messages = [...messages];
    this.autoAnswer = options.autoAnswer === undefined ? () => 'An **answer**.' : options.autoAnswer;
    this.refuse = options.refuse;
  }

  get(id: string): Message | undefined {
    return this.messages.find((entry) => entry.message_id === id);
  }

  update(id: string, changes: Partial<Message>): void {
    this.messages = this.messages.map((entry) => (entry.message_id === id ? { ...entry, ...changes } : entry));
  }

  listConversations = async () => [];
  searchConversations = async () => [];
  createConversation = async (): Promise<never> => Promise.reject(new Error('not in these tests'));
  renameConversation = async (): Promise<never> => Promise.reject(new Error('not in these tests'));
  updateConversation = async (): Promise<never> => Promise.reject(new Error('not in these tests'));
  deleteConversation = async (): Promise<never> => Promise.reject(new Error('not in these tests'));
  shareableId = async (): Promise<never> => Promise.reject(new Error('not in these tests'));
  continueShared = async (): Promise<never> => Promise.reject(new Error('not in these tests'));
  importConversations = async (): Promise<never> => Promise.reject(new Error('not in these tests'));

  async listMessages(conversationId: string, signal?: AbortSignal): Promise<Message[]> {
    this.listCalls += 1;
    this.listSignals.push(signal);
    expect(conversationId).toBe(CONVERSATION);
    if (this.listHold) await this.listHold;
    return this.messages.map((entry) => ({ ...entry }));
  }

  async sendMessage(conversationId: string, payload: MessagePayloadInput, signal: AbortSignal): Promise<AsyncIterable<StreamEvent>> {
    expect(conversationId).toBe(CONVERSATION);
    this.sent.push(payload);
    this.signals.push(signal);
    if (this.refuse) throw this.refuse();
    const parent = payload.parent_message_id === undefined ? (this.messages.at(-1)?.message_id ?? null) : payload.parent_message_id;
    const userId = payload.message_id ?? crypto.randomUUID();
    if (!this.get(userId)) this.messages.push(message({ message_id: userId, role: 'user', content: payload.content, parent_message_id: parent }));
    const answer = message({ message_id: crypto.randomUUID(), role: 'assistant', content: '', parent_message_id: userId, status: 'streaming' });
    this.messages.push(answer);
    const stream = new ScriptedStream(answer, signal, this);
    this.streams.push(stream);
    stream.push({ kind: 'message', conversation_id: CONVERSATION, user_message_id: userId, assistant_message_id: answer.message_id });
    if (this.autoAnswer) {
      const text = this.autoAnswer(payload);
      stream.text(...text.match(/[\s\S]{1,4}/g)!);
      stream.done();
    }
    return stream;
  }
}

export const MODELS: LanguageModel[] = [
  { id: 'llama-3', name: 'Llama 3', type: 'llm' },
  { id: 'qwen-think', name: 'Qwen (reasoning)', type: 'llm' },
];

/** The models on offer, as loaded in this session (the chat asks for them once per session). */
export function setModels(models: LanguageModel[] = MODELS): void {
  queryClient.setQueryData(qaResourceKeys.all, { collections: [], language_models: models });
}

export function renderConversation(history: ScopedChatHistory, options: { language?: 'de' | 'en'; onConversationChanged?: () => void } = {}) {
  addNamespace('chat', { de, en });
  return renderWithProviders(<ConversationView history={history} conversationId={CONVERSATION} onConversationChanged={options.onConversationChanged} />, {
    language: options.language ?? 'en',
  });
}

/** The texts of the shown messages, in order, as "Q: ..." / "A: ...". */
export function shownMessages(): string[] {
  return [...document.querySelectorAll('article.conversation__message')].map((article) => {
    const question = article.querySelector('.conversation__question-text');
    if (question) return `Q: ${question.textContent}`;
    const answer = article.querySelector('.ui-markdown');
    return `A: ${answer?.textContent ?? ''}`;
  });
}

export function liveRegion(): HTMLElement {
  return document.querySelector('[role="status"][aria-live="polite"]') as HTMLElement;
}
