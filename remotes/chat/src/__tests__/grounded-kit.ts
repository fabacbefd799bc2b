// Test kit of grounded chat: an msw fake of a conversation's files (upload, list with processing
// status, delete), of grounded answers (tool events before the text, kept on the stored answer)
// and of message sources (trigger, then "not ready" until the test says otherwise). Builds on chat-kit.
import { File as NodeFile } from 'node:buffer';
import {
  sourceUrl,
  type CollectionFile,
  type FileStatus,
  type InContextSourcesResponse,
  type Message,
  type StreamEvent,
  type ToolEvent,
} from '@assistant/contracts';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { ATTACHMENTS_POLLING } from '../features/attachments/api/get-attachments';
import { SOURCES_POLLING } from '../features/sources/api/get-message-sources';
import { apiError, backend, nextId } from './chat-kit';

const AT = '2026-03-05T14:30:00.000Z';
export const PERSONAL = { id: '5d2c7a52-8c1e-4c8e-9a55-0c6f1e2b3a01', name: 'My notes', type: 'personal' };
export const TEAM = { id: '5d2c7a52-8c1e-4c8e-9a55-0c6f1e2b3a02', name: 'Team handbook', type: 'personal' };
export const COMPANY = { id: '5d2c7a52-8c1e-4c8e-9a55-0c6f1e2b3a03', name: 'HR policies', type: 'company' };
export const REPORT_FILE = '9a1b2c3d-0000-4000-8000-000000000001';
export const POLICY_FILE = '9a1b2c3d-0000-4000-8000-000000000002';

/** A browser File whose bytes FormData (Node's, in jest-fixed-jsdom) accepts. */
export function testFile(name: string, size = 10, type = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'): File {
  return new NodeFile([new Uint8Array(size)], name, { type }) as unknown as File;
}

/** The retrieval of a grounded answer: begin, then end with two documents (three passages). */
export function retrievalEvents(callId = 'call-1'): ToolEvent[] {
  const resource = (fileId: string, fileName: string, index: number, totalPages: number, mimeType: string) => ({
    type: 'resource' as const,
    resource: {
      uri: `file:${fileId}`, // as the server names a file
      mimeType,
      metadata: { fileName, title: fileName.replace(/\.\w+$/, ''), totalPages },
    },
    source_index: index,
  });
  return [
    { call_id: callId, name: 'search_documents', type: 'begin' },
    {
      call_id: callId,
      name: 'search_documents',
      type: 'end',
      content: [
        resource(REPORT_FILE, 'Annual report.docx', 0, 4, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
        resource(POLICY_FILE, 'Travel policy.txt', 1, 1, 'text/plain'),
        resource(REPORT_FILE, 'Annual report.docx', 2, 4, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
      ],
    },
  ];
}

/** The page texts of the two documents (their previews show them). */
export const PAGE_TEXT = {
  [REPORT_FILE]: 'The revenue grew by 12 percent in 2025. Costs stayed flat.',
  [POLICY_FILE]: 'Trains are preferred over flights. The revenue fell in 2025.',
};

/** Where the policy came from: a file synced from a document library. */
export const POLICY_ORIGINAL = 'https://cloud.example.com/remote.php/dav/files/anna/Travel%20policy.txt';

/** Sources of an answer: one supporting (the report), one conflicting (the policy, synced from a library). */
export function sourcesAnswer(): InContextSourcesResponse {
  const report = PAGE_TEXT[REPORT_FILE];
  const policy = PAGE_TEXT[POLICY_FILE];
  return {
    trace_id: 'trace-1',
    highlighted_sources: [
      {
        supporting: [
          {
            source_index: 0,
            text: report,
            highlights: [{ start: 0, end: report.indexOf(' Costs'), relevancy: 0.9 }],
            source_name: 'Annual report.docx',
            source_label: 'p. 1',
            source_url: sourceUrl('http://portal.test', { collectionId: PERSONAL.id, fileId: REPORT_FILE, segments: [{ page: 1, start: 0, end: report.length }] }),
          },
        ],
        conflicting: [
          {
            source_index: 1,
            text: policy,
            highlights: [{ start: policy.indexOf('The revenue'), end: policy.length, relevancy: 0.7 }],
            source_name: 'Travel policy.txt',
            source_label: 'p. 1',
            // Synced from a document library: it links to the original, the location in its fragment.
            source_url: sourceUrl('http://portal.test', { collectionId: PERSONAL.id, fileId: POLICY_FILE, segments: [{ page: 1, start: 0, end: policy.length }] }, POLICY_ORIGINAL),
          },
        ],
      },
    ],
  };
}

export const grounded = {
  /** The files of each conversation. */
  files: new Map<string, CollectionFile[]>(),
  /** Each upload: the conversation and the file name. */
  uploads: [] as { conversationId: string; name: string }[],
  /** Answer of an upload for a file name: a response to refuse it, else accepted. */
  uploadAnswer: undefined as undefined | ((name: string) => Response | undefined),
  /** Each GET of the files moves files one step on (uploaded -> processing -> processed), unless held. */
  holdProcessing: false,
  deletes: [] as string[],
  /** Each sources call, as "POST <messageId>" / "GET <messageId>". */
  sourcesCalls: [] as string[],
  /** Answers of GET sources in turn (the last one repeats): a response factory. */
  sourcesAnswers: [] as (() => Response)[],
  /** Every question is answered grounded (tool events first), not only those with attachments or collections. */
  alwaysGrounded: false,
};

const NEXT: Partial<Record<FileStatus, FileStatus>> = { uploaded: 'processing', processing: 'processed' };

export const notReady = () => HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'The sources are being computed', code: 'sources_not_ready' }, { status: 409 });
export const sourcesFailed = () => HttpResponse.json({ statusCode: 422, error: 'Unprocessable Entity', message: 'No sources', code: 'sources_failed' }, { status: 422 });
export const sourcesReady = (answer: InContextSourcesResponse = sourcesAnswer()) => () => HttpResponse.json(answer);

const ndjson = (events: StreamEvent[]) => events.map((event) => `${JSON.stringify(event)}\n`).join('');

export function groundedHandlers(): HttpHandler[] {
  return [
    http.post('*/api/conversations/:id/files', async ({ request, params }) => {
      const conversationId = String(params.id);
      if (!backend.conversations.some((c) => c.id === conversationId)) return apiError(404, 'No such conversation');
      const sent = (await request.formData()).get('file') as File;
      grounded.uploads.push({ conversationId, name: sent.name });
      const refusal = grounded.uploadAnswer?.(sent.name);
      if (refusal) return refusal;
      const record: CollectionFile = {
        fileId: nextId(),
        stageId: conversationId,
        createdAt: AT,
        updatedAt: AT,
        name: sent.name,
        version: 1,
        mediaType: sent.type || 'text/plain',
        size: sent.size,
        status: 'uploaded',
        runId: nextId(),
        error: null,
      };
      grounded.files.set(conversationId, [record, ...(grounded.files.get(conversationId) ?? [])]);
      const { error: _error, ...uploaded } = record;
      return HttpResponse.json({ files: [{ ...uploaded, runId: record.runId! }] }, { status: 201 });
    }),
    http.get('*/api/conversations/:id/files', ({ params }) => {
      const conversationId = String(params.id);
      if (!backend.conversations.some((c) => c.id === conversationId)) return apiError(404, 'No such conversation');
      const files = grounded.files.get(conversationId) ?? [];
      const answer = files.map((f) => ({ ...f }));
      if (!grounded.holdProcessing) grounded.files.set(conversationId, files.map((f) => ({ ...f, status: NEXT[f.status] ?? f.status })));
      return HttpResponse.json({ files: answer });
    }),
    http.delete('*/api/conversations/:id/files/:fileId', ({ params }) => {
      grounded.deletes.push(String(params.fileId));
      const conversationId = String(params.id);
      grounded.files.set(conversationId, (grounded.files.get(conversationId) ?? []).filter((f) => f.fileId !== params.fileId));
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/files/:fileId/runs', ({ params }) => {
      for (const [conversationId, files] of grounded.files) {
        grounded.files.set(conversationId, files.map((f) => (f.fileId === params.fileId ? { ...f, status: 'uploaded', error: null } : f)));
      }
      return HttpResponse.json({ id: nextId(), fileId: String(params.fileId), status: 'created', output: null, errors: null }, { status: 201 });
    }),
    http.post('*/api/conversations/:id/messages/:messageId/sources', ({ params }) => {
      grounded.sourcesCalls.push(`POST ${String(params.messageId)}`);
      return new HttpResponse(null, { status: 202 });
    }),
    http.get('*/api/conversations/:id/messages/:messageId/sources', ({ params }) => {
      grounded.sourcesCalls.push(`GET ${String(params.messageId)}`);
      const answer = grounded.sourcesAnswers.length > 1 ? grounded.sourcesAnswers.shift()! : grounded.sourcesAnswers[0];
      return answer ? answer() : notReady();
    }),
    http.get('*/api/files/:fileId/pages', ({ params }) => {
      const text = PAGE_TEXT[String(params.fileId) as keyof typeof PAGE_TEXT];
      if (text === undefined) return apiError(404, 'No such file');
      return HttpResponse.json({ pages: [{ reference_id: String(params.fileId), wordcount: text.split(' ').length, page_number: 1, text, bounding_boxes: [] }] });
    }),
    // Like the server: a question with attachments or collections is answered grounded, the
    // retrieval streamed as tool events before the text and kept on the stored answer.
    http.post('*/api/conversations/:id/messages/v2', async ({ request, params }) => {
      const body = (await request.json()) as { content: string; message_id?: string; attachments?: string[]; collections?: string[] };
      backend.requests.push({ method: 'POST', path: `/api/conversations/${String(params.id)}/messages/v2`, body });
      const target = backend.conversations.find((c) => c.id === params.id);
      if (!target) return apiError(404, 'No such conversation');
      const isGrounded = grounded.alwaysGrounded || (body.attachments?.length ?? 0) > 0 || (body.collections?.length ?? 0) > 0;
      const ids = { conversation_id: target.id, user_message_id: body.message_id ?? nextId(), assistant_message_id: nextId() };
      const stored = backend.messages.get(target.id) ?? [];
      const tools = isGrounded ? retrievalEvents() : [];
      const text = isGrounded ? 'The revenue grew by 12 percent [1], though one policy says otherwise [2].' : `Answer to ${body.content}`;
      // Like the server: the question keeps the files it was sent with, by name.
      const files = grounded.files.get(target.id) ?? [];
      const attachments = (body.attachments ?? []).flatMap((id) => files.filter((file) => file.fileId === id).map((file) => ({ file_id: id, name: file.name })));
      const question: Message = {
        message_id: ids.user_message_id,
        conversation_id: target.id,
        parent_message_id: stored.at(-1)?.message_id ?? null,
        role: 'user',
        content: body.content,
        created_at: AT,
        status: 'complete',
        ...(attachments.length > 0 ? { attachments } : {}),
      };
      const answer: Message = { message_id: ids.assistant_message_id, conversation_id: target.id, parent_message_id: ids.user_message_id, role: 'assistant', content: text, created_at: AT, status: 'complete', ...(isGrounded ? { tool_events: tools } : {}) };
      backend.messages.set(target.id, [...stored, question, answer]);
      const events: StreamEvent[] = [
        { kind: 'message', ...ids },
        ...tools.map((event): StreamEvent => ({ kind: 'tool', event })),
        ...(isGrounded ? [{ kind: 'intent', event: { payload: { trace_id: 'trace-1' }, intent_response: { greeting: false, chitchat: false, question: true, clarification: false, unclear: false, summary: false } } } as StreamEvent] : []),
        { kind: 'stream_text', event: { stream_id: 'a1', type: 'begin', channel: 'answer' } },
        { kind: 'stream_text', event: { stream_id: 'a1', type: 'append', delta: text } },
        { kind: 'stream_text', event: { stream_id: 'a1', type: 'end' } },
        { kind: 'done' },
      ];
      return new HttpResponse(ndjson(events), { headers: { 'Content-Type': 'application/x-ndjson' } });
    }),
  ];
}

export function resetGrounded(): void {
  grounded.files = new Map();
  grounded.uploads = [];
  grounded.uploadAnswer = undefined;
  grounded.holdProcessing = false;
  grounded.deletes = [];
  grounded.sourcesCalls = [];
  grounded.sourcesAnswers = [];
  grounded.alwaysGrounded = false;
  ATTACHMENTS_POLLING.intervalMs = 20;
  SOURCES_POLLING.intervalMs = 50;
}

/** The message payloads sent (POST messages/v2), in order. */
export function sentPayloads(): { content: string; attachments?: string[]; collections?: string[] }[] {
  return backend.requests.filter((r) => r.path.endsWith('/messages/v2')).map((r) => r.body as { content: string });
}
