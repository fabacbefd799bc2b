// Test kit of the qa remote: an in-memory fake of the calls the screen makes (qa/resources,
// collection files, qa/chat, qa/sources, file pages), platform resets and a render of the remote.
import type { Collection, CollectionFile, DocumentPage, LanguageModel, QaSource, StreamEvent } from '@assistant/contracts';
import {
  createApiClients,
  resetServerState,
  setApiClients,
  setAuth,
  setPersistenceUser,
  useNotificationsStore,
  type Auth,
} from '@assistant/platform';
import { answerRatingHandlers, renderRemoteAt, startupHandlers } from '@assistant/platform/testing';
import { configure } from '@testing-library/react';
import { http, HttpResponse, type HttpHandler } from 'msw';
import remote from '../module';

// findBy/waitFor wait up to 5 s (not 1 s): parallel test runs on a shared machine can be slow.
configure({ asyncUtilTimeout: 5000 });

export const TRACE = 'trace-1';
export const handbook: Collection = { id: '11111111-1111-4111-8111-111111111111', name: 'Handbook', type: 'personal' };
export const contracts: Collection = { id: '22222222-2222-4222-8222-222222222222', name: 'Contracts', type: 'company' };
export const collectionModel: LanguageModel = { id: 'qa-model', name: 'QA Model', type: 'llm', mode: 'collection', max_characters: 24000 };
export const documentModel: LanguageModel = { id: 'doc-model', name: 'Document Model', type: 'llm', mode: 'document', max_characters: 80000 };
export const FILE_ID = '33333333-3333-4333-8333-333333333333';
export const OTHER_FILE_ID = '44444444-4444-4444-8444-444444444444';

/** Page 1 of the notes (a text document): the source's text is a range of it. */
export const NOTES_PAGE = 'Intro line.\nThe deadline is 1 March. It was moved once.\nEnd.';
const DEADLINE = 'The deadline is 1 March.';
const deadlineStart = NOTES_PAGE.indexOf(DEADLINE);
const windowEnd = NOTES_PAGE.indexOf(' It was moved once.') + ' It was moved once.'.length;

/** Where the memo came from: a file synced from a document library. */
export const MEMO_ORIGINAL = 'https://contoso.sharepoint.com/sites/legal/Shared%20Documents/memo.txt';

/** Two sources: the first supports (its first sentence), the second contradicts (a synced file). */
export const twoSources: QaSource[] = [
  {
    source_name: 'notes.txt',
    source_url: `http://portal.test/collections/${handbook.id}?file=${FILE_ID}&at=1:${deadlineStart}-${windowEnd}`,
    source_text: NOTES_PAGE.slice(deadlineStart, windowEnd),
    highlights: [{ start: 0, end: DEADLINE.length, score: 0.9 }],
    supporting: true,
  },
  {
    source_name: 'memo.txt',
    // Synced from a document library: the original's URL, the location in its fragment.
    source_url: `${MEMO_ORIGINAL}#collection=${contracts.id}&file=${OTHER_FILE_ID}&at=1%3A0-27`,
    source_text: 'The deadline is 1 April.\nOK',
    highlights: [{ start: 0, end: 24, score: -0.75 }],
    supporting: false,
  },
];

export function fileRecord(overrides: Partial<CollectionFile> & Pick<CollectionFile, 'fileId' | 'name'>): CollectionFile {
  return {
    stageId: handbook.id,
    createdAt: '2025-06-01T12:00:00.000Z',
    updatedAt: '2025-06-01T12:00:00.000Z',
    version: 1,
    mediaType: 'text/plain',
    size: 100,
    status: 'processed',
    runId: null,
    error: null,
    ...overrides,
  };
}

const documentPages: Record<string, DocumentPage[]> = {
  [FILE_ID]: [{ reference_id: 'p1', wordcount: 9, page_number: 1, bounding_boxes: [], text: NOTES_PAGE }],
  [OTHER_FILE_ID]: [{ reference_id: 'p1', wordcount: 6, page_number: 1, bounding_boxes: [], text: 'The deadline is 1 April.\nOK' }],
};

/** The events of an answer: the trace, the retrieval with two text documents, the text in pieces, done. */
export function answerEvents(text: string, options: { trace?: string; end?: StreamEvent } = {}): StreamEvent[] {
  return [
    {
      kind: 'intent',
      event: {
        payload: { trace_id: options.trace ?? TRACE },
        intent_response: { greeting: false, chitchat: false, question: true, clarification: false, unclear: false, summary: false },
      },
    },
    { kind: 'tool', event: { call_id: 'c1', name: 'search_collections', type: 'begin' } },
    {
      kind: 'tool',
      event: {
        call_id: 'c1',
        name: 'search_collections',
        type: 'end',
        content: [
          { type: 'resource', resource: { uri: `file:${FILE_ID}`, mimeType: 'text/plain', metadata: { fileName: 'notes.txt', totalPages: 1 } }, source_index: 0 },
          { type: 'resource', resource: { uri: `file:${OTHER_FILE_ID}`, mimeType: 'text/plain', metadata: { fileName: 'memo.txt', totalPages: 1 } }, source_index: 1 },
        ],
      },
    },
    { kind: 'stream_text', event: { stream_id: 's1', type: 'begin', channel: 'answer' } },
    ...text.split(/(?<= )/).map((delta): StreamEvent => ({ kind: 'stream_text', event: { stream_id: 's1', type: 'append', delta } })),
    { kind: 'stream_text', event: { stream_id: 's1', type: 'end' } },
    options.end ?? { kind: 'done' },
  ];
}

const ndjson = (events: StreamEvent[]) => events.map((event) => `${JSON.stringify(event)}\n`).join('');

/** A streamed answer the test feeds line by line (to see it streaming, or stop it). */
export class ControlledStream {
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  readonly body = new ReadableStream<Uint8Array>({ start: (controller) => void (this.controller = controller) });
  send(events: StreamEvent[]): void {
    this.controller.enqueue(new TextEncoder().encode(ndjson(events)));
  }
  close(): void {
    this.controller.close();
  }
}

export const ANSWER = 'The deadline is **1 March** [1]. Another memo says 1 April [2].';

/** What the fake server holds and was asked. */
export const backend = {
  resources: 'ok' as 'ok' | 'fail',
  collections: [handbook, contracts],
  models: [collectionModel, documentModel],
  searchMode: 'hybrid' as 'hybrid' | 'full-text',
  files: [fileRecord({ fileId: FILE_ID, name: 'notes.txt' }), fileRecord({ fileId: OTHER_FILE_ID, name: 'draft.txt', status: 'processing' })],
  /** The answer to POST qa/chat: events, a response, or a stream the test drives. */
  answer: (() => answerEvents(ANSWER)) as (body: unknown) => StreamEvent[] | Response | ControlledStream,
  /** GET qa/sources answers "not ready" this many times first. */
  notReadyTimes: 1,
  sources: twoSources as QaSource[] | 'failed',
  requests: [] as { method: string; path: string; body?: unknown }[],
};

export function apiError(status: number, message: string, code: string): Response {
  const error = { 404: 'Not Found', 409: 'Conflict', 422: 'Unprocessable Entity', 500: 'Internal Server Error' }[status] ?? 'Error';
  return HttpResponse.json({ statusCode: status, error, message, code }, { status });
}

export function qaHandlers(): HttpHandler[] {
  let sourcePolls = 0;
  return [
    http.get('*/api/qa/resources', () => {
      backend.requests.push({ method: 'GET', path: '/api/qa/resources' });
      if (backend.resources === 'fail') return apiError(500, 'boom', 'internal');
      return HttpResponse.json({ collections: backend.collections, language_models: backend.models, search_mode: backend.searchMode });
    }),
    http.get('*/api/collections/:id/files', ({ params }) => {
      backend.requests.push({ method: 'GET', path: `/api/collections/${String(params.id)}/files` });
      return HttpResponse.json({ files: backend.files.filter((file) => file.stageId === params.id) });
    }),
    http.post('*/api/qa/chat', async ({ request }) => {
      const body = await request.json();
      backend.requests.push({ method: 'POST', path: '/api/qa/chat', body });
      const answer = backend.answer(body);
      if (answer instanceof Response) return answer;
      const stream = answer instanceof ControlledStream ? answer.body : ndjson(answer);
      return new HttpResponse(stream, { headers: { 'Content-Type': 'application/x-ndjson' } });
    }),
    http.post('*/api/qa/sources/:trace', ({ params }) => {
      backend.requests.push({ method: 'POST', path: `/api/qa/sources/${String(params.trace)}` });
      return new HttpResponse(null, { status: 202 });
    }),
    http.get('*/api/qa/sources/:trace', ({ params }) => {
      backend.requests.push({ method: 'GET', path: `/api/qa/sources/${String(params.trace)}` });
      if (sourcePolls++ < backend.notReadyTimes) return apiError(409, 'The sources are being computed', 'sources_not_ready');
      if (backend.sources === 'failed') return apiError(422, 'No sources', 'sources_failed');
      return HttpResponse.json({ trace_id: params.trace, qa_sources: backend.sources });
    }),
    http.get('*/api/files/:id/pages', ({ params }) => {
      backend.requests.push({ method: 'GET', path: `/api/files/${String(params.id)}/pages` });
      const pages = documentPages[String(params.id)];
      return pages ? HttpResponse.json({ pages }) : apiError(404, 'No such file', 'not_found');
    }),
  ];
}

/** The start-up calls, the QA calls, and the answer ratings a written answer reads and saves (a fake of its own per call). */
export function handlers(): HttpHandler[] {
  return [...startupHandlers(), ...qaHandlers(), ...answerRatingHandlers().handlers];
}

/** A signed-in user as the platform's auth reports it. */
export function signInAs(sub: string | null): void {
  setAuth(sub === null ? null : ({ getUser: async () => ({ profile: { sub } }), on: () => () => undefined } as unknown as Auth));
}

export async function resetQaState(sub: string | null = 'employee'): Promise<void> {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  await setPersistenceUser(null);
  localStorage.clear();
  resetServerState();
  useNotificationsStore.getState().clear();
  signInAs(sub);
  Object.assign(backend, {
    resources: 'ok',
    collections: [handbook, contracts],
    models: [collectionModel, documentModel],
    searchMode: 'hybrid',
    files: [fileRecord({ fileId: FILE_ID, name: 'notes.txt' }), fileRecord({ fileId: OTHER_FILE_ID, name: 'draft.txt', status: 'processing' })],
    answer: () => answerEvents(ANSWER),
    notReadyTimes: 1,
    sources: twoSources,
    requests: [],
  });
}

/** Stores the picks a user made earlier (as the screen keeps them), so a test starts ready to ask. */
export function pickedBefore(sub: string, choices: Record<string, unknown>): void {
  localStorage.setItem(`assistant.qa-choices.${sub}`, JSON.stringify(choices));
}

export const requestsTo = (method: string, path: string) => backend.requests.filter((r) => r.method === method && r.path === path);

export function notificationKeys(): string[] {
  return useNotificationsStore.getState().notifications.map((n) => `${n.variant}: ${'key' in n.message ? n.message.key : n.message.text}`);
}

export function renderQa(language: 'de' | 'en' = 'en') {
  return renderRemoteAt(remote, '/usecases/qa', '/usecases/qa', language);
}
