// Test kit of the chat remote: an in-memory fake of docs/chat.md's calls (conversations, messages,
// messages/v2, chat/stream), platform resets and a render of the remote.
import { conversationSearchQuerySchema, conversationSearchSnippet, conversationSearchWords, type Conversation, type ConversationUpdate, type CustomApp, type Message, type StreamEvent } from '@assistant/contracts';
import { createApiClients, setApiClients, setAuth, useGatingStore, useNotificationsStore, type Auth } from '@assistant/platform';
import { answerRatingHandlers, renderRemoteAt, startupHandlers } from '@assistant/platform/testing';
import { configure } from '@testing-library/react';
import { http, HttpResponse, type HttpHandler } from 'msw';
import remote from '../module';

// findBy/waitFor wait up to 5 s (not 1 s): parallel test runs on a shared machine can be slow.
configure({ asyncUtilTimeout: 5000 });

let counter = 0;
export function nextId(): string {
  counter += 1;
  return `7c1d2e3f-4a5b-4c6d-8e7f-${String(counter).padStart(12, '0')}`;
}

export function apiError(status: number, message: string): Response {
  const error = { 400: 'Bad Request', 404: 'Not Found', 409: 'Conflict', 500: 'Internal Server Error', 503: 'Service Unavailable' }[status] ?? 'Error';
  return HttpResponse.json({ statusCode: status, error, message }, { status });
}

/**
 * `minutes` before now, and still today when a suite runs just after midnight: the conversation
 * list groups by calendar day, so "a few minutes ago" must not become yesterday.
 */
export function minutesAgoToday(minutes: number): string {
  const midnight = new Date(new Date().setHours(0, 0, 0, 0)).getTime();
  return new Date(Math.max(Date.now(), midnight + 60 * 60_000) - minutes * 60_000).toISOString();
}

export function conversation(overrides: Partial<Conversation> & Pick<Conversation, 'name'>): Conversation {
  const time = overrides.updated_at ?? '2025-06-01T12:00:00.000Z';
  return { id: nextId(), created_at: time, updated_at: time, ...overrides };
}

/** The lines of a streamed answer with the given text, in the envelope's order. */
export function answerEvents(ids: { conversation_id: string; user_message_id: string; assistant_message_id: string }, text: string): StreamEvent[] {
  return [
    { kind: 'message', ...ids },
    { kind: 'stream_text', event: { stream_id: 'a1', type: 'begin', channel: 'answer' } },
    ...text.split(/(?<= )/).map((delta): StreamEvent => ({ kind: 'stream_text', event: { stream_id: 'a1', type: 'append', delta } })),
    { kind: 'stream_text', event: { stream_id: 'a1', type: 'end' } },
    { kind: 'done' },
  ];
}

const ndjson = (events: StreamEvent[]) => events.map((event) => `${JSON.stringify(event)}\n`).join('');

/** What the fake server holds and was asked. */
export const backend = {
  conversations: [] as Conversation[],
  messages: new Map<string, Message[]>(),
  requests: [] as { method: string; path: string; body?: unknown }[],
  /** Path and query of each search call (GET conversations/search), kept apart from `requests`. */
  searches: [] as string[],
  /** Answers of POST chat/stream: the events for a request body (default: "Answer to <content>"). */
  localAnswer: undefined as undefined | ((body: LocalStreamBody) => Response | StreamEvent[]),
  /** The list call fails with this status. */
  listFailure: undefined as number | undefined,
  /** How often the list was asked for (GET conversations). */
  listCalls: 0,
  /** While set, GET conversations answers the list as it was when asked, once this settles. */
  listHold: undefined as Promise<void> | undefined,
  /** Days the server keeps conversations (GET me/retention); null: until the user deletes them. */
  retentionDays: null as number | null,
  /** The user's apps (GET custom-apps): an empty conversation's suggestions. */
  customApps: [] as CustomApp[],
};

export interface LocalStreamBody {
  payload: { content: string; message_id?: string; parent_message_id?: string | null };
  history: { role: string; content: string }[];
  conversation_id?: string;
  assistant_message_id?: string;
}

let clock = Date.now();
const now = () => new Date((clock += 60_000)).toISOString();
const byLatest = (a: Conversation, b: Conversation) => b.updated_at.localeCompare(a.updated_at);

function checkedName(url: string): string | Response {
  const name = (new URL(url).searchParams.get('name') ?? '').trim();
  if (name.length < 1 || name.length > 200) return apiError(400, 'querystring/name Must not be empty');
  return name;
}

/** A PATCH body's changes, as the server makes them (the order stays: `updated_at` does not move). */
function applyUpdate(target: Conversation, body: ConversationUpdate): void {
  if (body.pinned === true) Object.assign(target, { pinned: true, pinned_at: now() });
  if (body.pinned === false) {
    delete target.pinned;
    delete target.pinned_at;
  }
  if (body.archived === true) target.archived = true;
  if (body.archived === false) delete target.archived;
  if (body.project_id) target.project_id = body.project_id;
  if (body.project_id === null) delete target.project_id;
}

export function chatHandlers(): HttpHandler[] {
  return [
    http.get('*/api/custom-apps', () => HttpResponse.json({ apps: backend.customApps })),
    // Voice (features/voice): no transcription or text-to-speech model unless a test configures one.
    http.get('*/api/transcriptions/config', () => HttpResponse.json({ available: false, max_bytes: 0, accepted_types: [], accepted_extensions: [] })),
    http.get('*/api/speech/config', () => HttpResponse.json({ available: false, max_characters: 4096 })),
    http.get('*/api/me/retention', () =>
      HttpResponse.json({ days: { conversations: backend.retentionDays, chat_attachments: null, qa_traces: null, research_runs: null, canvases: null } }),
    ),
    http.get('*/api/qa/resources', () =>
      HttpResponse.json({ collections: [], language_models: [{ id: 'scripted-model', name: 'scripted-model', type: 'llm' }] }),
    ),
    http.get('*/api/conversations', async () => {
      backend.listCalls += 1;
      if (backend.listFailure) return apiError(backend.listFailure, 'The list failed');
      const conversations = backend.conversations.map((c) => ({ ...c })).sort(byLatest);
      if (backend.listHold) await backend.listHold;
      return HttpResponse.json({ conversations });
    }),
    // Matched like the server (docs/chat.md "Search"): every word in the name or a message's text.
    http.get('*/api/conversations/search', ({ request }) => {
      const url = new URL(request.url);
      backend.searches.push(url.pathname + url.search);
      const query = conversationSearchQuerySchema.safeParse({ q: url.searchParams.get('q') ?? '' });
      if (!query.success) return apiError(400, 'querystring/q Must not be empty');
      const words = conversationSearchWords(query.data.q);
      const found = backend.conversations
        .map((c) => {
          const texts = (backend.messages.get(c.id) ?? []).filter((m) => m.role !== 'system').map((m) => m.content);
          const all = [c.name, ...texts].map((text) => text.toLowerCase());
          if (!words.every((word) => all.some((text) => text.includes(word)))) return undefined;
          const hit = texts.find((text) => words.some((word) => text.toLowerCase().includes(word)));
          const snippet = hit === undefined ? undefined : conversationSearchSnippet(hit, words);
          return snippet ? { ...c, snippet } : { ...c };
        })
        .filter((c) => c !== undefined)
        .sort(byLatest);
      return HttpResponse.json({ conversations: found });
    }),
    http.post('*/api/conversations', ({ request }) => {
      backend.requests.push({ method: 'POST', path: new URL(request.url).pathname + new URL(request.url).search });
      const name = checkedName(request.url);
      if (typeof name !== 'string') return name;
      const time = now();
      const made = conversation({ name, created_at: time, updated_at: time });
      backend.conversations.push(made);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.patch('*/api/conversations/:id', async ({ request, params }) => {
      // A rename names itself in the query; pin, archive and project come as the body (docs/chat.md).
      const text = await request.text();
      const body = text ? (JSON.parse(text) as ConversationUpdate) : undefined;
      backend.requests.push({ method: 'PATCH', path: new URL(request.url).pathname + new URL(request.url).search, ...(body ? { body } : {}) });
      const target = backend.conversations.find((c) => c.id === params.id);
      if (!target) return apiError(404, 'No such conversation');
      if (body) {
        applyUpdate(target, body);
        return HttpResponse.json(target);
      }
      const name = checkedName(request.url);
      if (typeof name !== 'string') return name;
      Object.assign(target, { name, updated_at: now() });
      return HttpResponse.json(target);
    }),
    http.delete('*/api/conversations/:id', ({ params }) => {
      backend.requests.push({ method: 'DELETE', path: `/api/conversations/${String(params.id)}` });
      const target = backend.conversations.find((c) => c.id === params.id);
      if (!target) return apiError(404, 'No such conversation');
      backend.conversations = backend.conversations.filter((c) => c !== target);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/conversations/:id/messages', ({ params }) => {
      if (!backend.conversations.some((c) => c.id === params.id)) return apiError(404, 'No such conversation');
      return HttpResponse.json({ conversation_id: params.id, messages: backend.messages.get(String(params.id)) ?? [] });
    }),
    http.post('*/api/conversations/:id/messages/v2', async ({ request, params }) => {
      const body = (await request.json()) as { content: string; message_id?: string };
      backend.requests.push({ method: 'POST', path: `/api/conversations/${String(params.id)}/messages/v2`, body });
      const target = backend.conversations.find((c) => c.id === params.id);
      if (!target) return apiError(404, 'No such conversation');
      const ids = { conversation_id: String(params.id), user_message_id: body.message_id ?? nextId(), assistant_message_id: nextId() };
      // Like the server: the first exchange titles the conversation, and it moves to the top.
      const stored = backend.messages.get(target.id) ?? [];
      if (stored.length === 0) target.name = `About ${body.content}`;
      target.updated_at = now();
      const time = target.updated_at;
      stored.push(
        { message_id: ids.user_message_id, conversation_id: target.id, parent_message_id: stored.at(-1)?.message_id ?? null, role: 'user', content: body.content, created_at: time, status: 'complete' },
        { message_id: ids.assistant_message_id, conversation_id: target.id, parent_message_id: ids.user_message_id, role: 'assistant', content: `Answer to ${body.content}`, created_at: time, status: 'complete' },
      );
      backend.messages.set(target.id, stored);
      return new HttpResponse(ndjson(answerEvents(ids, `Answer to ${body.content}`)), { headers: { 'Content-Type': 'application/x-ndjson' } });
    }),
    http.post('*/api/chat/stream', async ({ request }) => {
      const body = (await request.json()) as LocalStreamBody;
      backend.requests.push({ method: 'POST', path: '/api/chat/stream', body });
      const answer = backend.localAnswer?.(body);
      if (answer instanceof Response) return answer;
      const ids = {
        conversation_id: body.conversation_id ?? nextId(),
        user_message_id: body.payload.message_id ?? nextId(),
        assistant_message_id: body.assistant_message_id ?? nextId(),
      };
      return new HttpResponse(ndjson(answer ?? answerEvents(ids, `Answer to ${body.payload.content}`)), {
        headers: { 'Content-Type': 'application/x-ndjson' },
      });
    }),
  ];
}

/** The start-up calls, the chat's calls, and the answer ratings its answers read and save (a fake of its own per call). */
export function handlers(): HttpHandler[] {
  return [...startupHandlers(), ...chatHandlers(), ...answerRatingHandlers().handlers];
}

/** A signed-in user as the platform's auth reports it (only getUser is used by the chat remote). */
export function signInAs(sub: string | null): void {
  setAuth(sub === null ? null : ({ getUser: async () => ({ profile: { sub } }) } as unknown as Auth));
}

export function resetChatState(conversations: Conversation[] = [], options: { local?: boolean } = {}): void {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  useNotificationsStore.getState().clear();
  useGatingStore.setState({ flags: { enableLocalChatHistory: options.local ?? false } });
  backend.conversations = conversations.map((c) => ({ ...c }));
  backend.messages = new Map();
  backend.requests = [];
  backend.searches = [];
  backend.localAnswer = undefined;
  backend.listFailure = undefined;
  backend.listCalls = 0;
  backend.listHold = undefined;
  backend.retentionDays = null;
  backend.customApps = [];
}

/** The texts of the notifications shown so far, with their variant ("success: ..."). */
export function notificationTexts(): string[] {
  return useNotificationsStore
    .getState()
    .notifications.map((n) => `${n.variant}: ${'text' in n.message ? n.message.text : n.message.key}`);
}

export function renderChat(path = '/chat', language: 'de' | 'en' = 'en') {
  return renderRemoteAt(remote, '/chat', path, language);
}
