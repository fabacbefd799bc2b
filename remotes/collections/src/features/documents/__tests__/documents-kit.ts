// Test kit for the collection details page: a fake collection with files and runs behind msw.
import {
  defaultConfig,
  type CollectionFile,
  type CollectionSummary,
  type FileStatus,
  type IngestionRun,
} from '@assistant/contracts';
import { createApiClients, setApiClients, useConfigStore } from '@assistant/platform';
import { renderRemoteAt, startupHandlers } from '@assistant/platform/testing';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { File as NodeFile } from 'node:buffer';
import remote from '../../../module';
import { FILES_POLLING } from '../model/polling';

export const COLLECTION_ID = '5d2c7a52-8c1e-4c8e-9a55-0c6f1e2b3a01';
const AT = '2026-03-05T14:30:00.000Z';

let uuidCounter = 0;
/** A fresh v4-shaped uuid. */
export function uuid(): string {
  uuidCounter += 1;
  return `00000000-0000-4000-8000-${String(uuidCounter).padStart(12, '0')}`;
}

export function collection(change: Partial<CollectionSummary> = {}): CollectionSummary {
  return { id: COLLECTION_ID, name: 'Handbooks', scope: 'personal', file_count: 0, created_at: AT, updated_at: AT, can_manage: true, ...change };
}

export function file(change: Partial<CollectionFile> & { name: string }): CollectionFile {
  return {
    fileId: uuid(),
    stageId: COLLECTION_ID,
    createdAt: AT,
    updatedAt: AT,
    version: 1,
    mediaType: 'application/pdf',
    size: 1536,
    status: 'processed',
    runId: uuid(),
    error: null,
    ...change,
  };
}

export function run(change: Partial<IngestionRun> & { fileName: string }): IngestionRun {
  const { fileName, ...rest } = change;
  return { id: uuid(), fileId: uuid(), status: 'completed', output: { datasetId: 'x' }, errors: null, metadata: { fileName, createdAt: AT }, ...rest };
}

/** A browser File whose bytes FormData (Node's, in jest-fixed-jsdom) accepts. */
export function testFile(name: string, size = 10, type = 'application/pdf'): File {
  return new NodeFile([new Uint8Array(size)], name, { type }) as unknown as File;
}

/** What the fake server holds and what it was asked. */
export const fake = {
  collection: collection() as CollectionSummary | 'missing',
  files: [] as CollectionFile[],
  runs: [] as IngestionRun[],
  /** Each GET of the files moves files one step on (uploaded -> processing -> processed) before answering. */
  advance: false,
  /** Answer of the upload for a file name: a status code and message to refuse it, else accepted. */
  refuse: {} as Record<string, { status: number; message: string }>,
  /** Holds every upload until released (to see the uploading state and the limit of two at once). */
  holdUploads: null as Promise<void> | null,
  uploads: [] as string[],
  uploadsInFlight: 0,
  maxUploadsInFlight: 0,
  filesRequests: 0,
  retries: [] as string[],
  deletes: [] as string[],
  runsQueries: [] as { page: number; size: number; collection_id: string | null }[],
};

const NEXT: Partial<Record<FileStatus, FileStatus>> = { uploaded: 'processing', processing: 'processed' };

/** The media type the server would detect for a name (docs/collections.md: by content; names decide for text). */
function mediaTypeOf(name: string): string {
  if (name.endsWith('.md')) return 'text/markdown; charset=utf-8';
  if (name.endsWith('.html')) return 'text/html; charset=utf-8';
  if (name.endsWith('.txt')) return 'text/plain; charset=utf-8';
  if (name.endsWith('.docx')) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  return 'application/pdf';
}

function apiError(status: number, message: string): Response {
  return HttpResponse.json({ statusCode: status, error: 'Error', message }, { status });
}

export function handlers(): HttpHandler[] {
  return [
    ...startupHandlers(),
    // The page names the library folders that feed the collection: none here.
    http.get('*/api/libraries', () => HttpResponse.json({ libraries: [] })),
    http.get('*/api/collections/:id', ({ params }) =>
      fake.collection === 'missing' || params.id !== fake.collection.id ? apiError(404, 'Collection not found') : HttpResponse.json(fake.collection),
    ),
    http.get('*/api/collections/:id/files', () => {
      fake.filesRequests += 1;
      if (fake.advance) fake.files = fake.files.map((f) => (NEXT[f.status] ? { ...f, status: NEXT[f.status]! } : f));
      return HttpResponse.json({ files: fake.files });
    }),
    http.post('*/api/collections/:id/files', async ({ request }) => {
      fake.uploadsInFlight += 1;
      fake.maxUploadsInFlight = Math.max(fake.maxUploadsInFlight, fake.uploadsInFlight);
      try {
        const form = await request.formData();
        const sent = form.get('file') as File;
        fake.uploads.push(sent.name);
        if (fake.holdUploads) await fake.holdUploads;
        const refusal = fake.refuse[sent.name];
        if (refusal) return apiError(refusal.status, refusal.message);
        const record = file({ name: sent.name, size: sent.size, status: 'uploaded', mediaType: mediaTypeOf(sent.name) });
        fake.files = [record, ...fake.files];
        const { error: _error, ...uploaded } = record;
        return HttpResponse.json({ files: [{ ...uploaded, runId: record.runId! }] }, { status: 201 });
      } finally {
        fake.uploadsInFlight -= 1;
      }
    }),
    http.post('*/api/files/:fileId/runs', ({ params }) => {
      const fileId = String(params.fileId);
      fake.retries.push(fileId);
      fake.files = fake.files.map((f) => (f.fileId === fileId ? { ...f, status: 'uploaded', error: null } : f));
      return HttpResponse.json({ id: uuid(), fileId, status: 'created', output: null, errors: null }, { status: 201 });
    }),
    http.delete('*/api/files/:fileId', ({ params }) => {
      const fileId = String(params.fileId);
      fake.deletes.push(fileId);
      fake.files = fake.files.filter((f) => f.fileId !== fileId);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/ingestion/runs', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const page = Number(query.get('page'));
      const size = Number(query.get('size'));
      fake.runsQueries.push({ page, size, collection_id: query.get('collection_id') });
      return HttpResponse.json({ page, size, total: fake.runs.length, runs: fake.runs.slice((page - 1) * size, page * size) });
    }),
  ];
}

export function resetDocumentsState(): void {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  useConfigStore.setState({ config: defaultConfig(false) });
  FILES_POLLING.intervalMs = 20;
  Object.assign(fake, {
    collection: collection(),
    files: [],
    runs: [],
    advance: false,
    refuse: {},
    holdUploads: null,
    uploads: [],
    uploadsInFlight: 0,
    maxUploadsInFlight: 0,
    filesRequests: 0,
    retries: [],
    deletes: [],
    runsQueries: [],
  });
}

export function renderDetails(language: 'de' | 'en' = 'en', id = COLLECTION_ID) {
  return renderRemoteAt(remote, '/collections', `/collections/${id}`, language);
}

/** What the documents section's polite live region says now. */
export function announced(): string {
  const region = screen.getByRole('region', { name: /^(Documents|Dokumente)$/ });
  return within(region)
    .getAllByRole('status')
    .map((status) => status.textContent ?? '')
    .join(' ');
}
