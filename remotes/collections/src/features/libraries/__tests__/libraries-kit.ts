// Test kit for the document-library screens: an in-memory library server behind msw (connections,
// a folder tree, bindings whose sync moves on with each look, their files), store resets, render.
import {
  connectWebdavRequestSchema,
  createLibraryBindingsRequestSchema,
  type CollectionScope,
  type CollectionSummary,
  type LibraryBinding,
  type LibraryConnection,
  type LibraryFolder,
  type LibraryItem,
} from '@assistant/contracts';
import { createApiClients, resetPermissions, setApiClients, useNotificationsStore, useWorkspaceStore } from '@assistant/platform';
import { renderRemoteAt, startupHandlers } from '@assistant/platform/testing';
import { configure } from '@testing-library/react';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import remote from '../../../module';
import { SYNC_POLLING } from '../model/sync-polling';

configure({ asyncUtilTimeout: 5000 });

const AT = '2026-03-05T14:30:00.000Z';
let counter = 0;
export function uuid(): string {
  counter += 1;
  return `7a1c2a4e-1b2d-4c5e-8f90-${String(counter).padStart(12, '0')}`;
}

export function connection(change: Partial<LibraryConnection> = {}): LibraryConnection {
  return {
    id: uuid(),
    kind: 'webdav',
    name: 'Team Nextcloud',
    scope: 'personal',
    url: 'https://cloud.example.com/remote.php/dav/files/anna/',
    account: 'anna',
    state: 'connected',
    problem: null,
    created_at: AT,
    ...change,
  };
}

export function collection(change: Partial<CollectionSummary> & Pick<CollectionSummary, 'name'>): CollectionSummary {
  return { id: uuid(), scope: 'personal', file_count: 0, created_at: AT, updated_at: AT, can_manage: true, ...change };
}

export function binding(libraryId: string, change: Partial<LibraryBinding> = {}): LibraryBinding {
  return {
    id: uuid(),
    library_id: libraryId,
    collection_id: uuid(),
    collection_name: 'Handbooks',
    folder: { id: '/Handbooks/', name: 'Handbooks', path: '/Handbooks' },
    state: 'idle',
    progress: { files_total: 4, files_done: 4, files_skipped: 0, files_failed: 0, bytes_total: 4096, bytes_done: 4096 },
    problem: null,
    last_synced_at: AT,
    next_sync_at: '2026-03-05T15:30:00.000Z',
    ...change,
  };
}

export function item(change: Partial<LibraryItem> & Pick<LibraryItem, 'path'>): LibraryItem {
  return {
    size: 2048,
    state: 'imported',
    skip_reason: null,
    error_code: null,
    problem: null,
    file_id: null,
    source_url: null,
    updated_at: AT,
    ...change,
  };
}

const folder = (path: string): LibraryFolder => ({ id: `${path}/`, name: path.split('/').at(-1)!, path });

/** What the fake server holds and was asked. */
export const libraryBackend = {
  libraries: [] as LibraryConnection[],
  /** Whether the server offers Microsoft 365 (an Entra ID app is configured). */
  microsoftAvailable: false,
  collections: [] as CollectionSummary[],
  /** Sub-folders and file counts by folder id ('' is the root). */
  tree: new Map<string, { folders: LibraryFolder[]; fileCount: number }>(),
  bindings: [] as LibraryBinding[],
  /** Files by binding id, in the server's order. */
  items: new Map<string, LibraryItem[]>(),
  /** How POST /api/libraries answers: accepted, a refused host (400) or a refused sign-in (502). */
  connectAnswer: 'ok' as 'ok' | 'refused-host' | 'wrong-password',
  /** How POST bindings answers. */
  bindAnswer: 'ok' as 'ok' | 'conflict',
  /** Each look at a syncing binding moves it this many files on; done when all are. */
  filesPerLook: 2,
  requests: [] as { method: string; path: string; body?: unknown }[],
};

export function apiError(status: number, code: string, message: string, extra: Record<string, unknown> = {}): Response {
  return HttpResponse.json({ statusCode: status, error: 'Error', code, message, ...extra }, { status });
}

/** A syncing binding moves on by `filesPerLook` files (and their bytes); at the end it is idle. */
function advance(target: LibraryBinding): void {
  if (target.state !== 'syncing' || !target.progress) return;
  const progress = target.progress;
  const done = Math.min(progress.files_total, progress.files_done + libraryBackend.filesPerLook);
  const share = progress.files_total === 0 ? 1 : done / progress.files_total;
  target.progress = { ...progress, files_done: done, bytes_done: Math.round(progress.bytes_total * share) };
  if (done === progress.files_total) {
    target.state = 'idle';
    target.last_synced_at = AT;
    for (const file of libraryBackend.items.get(target.id) ?? []) if (file.state === 'queued') file.state = 'imported';
  }
}

export function libraryHandlers(): HttpHandler[] {
  const record = (method: string, request: Request, body?: unknown) =>
    libraryBackend.requests.push({ method, path: new URL(request.url).pathname + new URL(request.url).search, body });
  return [
    http.get('*/api/libraries', ({ request }) => {
      const scope = (new URL(request.url).searchParams.get('scope') ?? 'personal') as CollectionScope;
      return HttpResponse.json({
        libraries: libraryBackend.libraries.filter((known) => known.scope === scope),
        microsoft_available: libraryBackend.microsoftAvailable,
      });
    }),
    http.post('*/api/libraries', async ({ request }) => {
      const body = await request.json();
      record('POST', request, body);
      const parsed = connectWebdavRequestSchema.safeParse(body);
      if (!parsed.success) return apiError(400, 'validation_failed', 'Invalid request');
      if (libraryBackend.connectAnswer === 'refused-host')
        return apiError(400, 'validation_failed', 'Invalid body: url: cloud.internal is not an allowed library host', {
          issues: [{ path: ['body', 'url'], message: 'cloud.internal is not an allowed library host' }],
        });
      if (libraryBackend.connectAnswer === 'wrong-password') return apiError(502, 'upstream_failed', 'The library answered 401 Unauthorized');
      const made = connection({ name: parsed.data.name, url: parsed.data.url, account: parsed.data.username, scope: parsed.data.scope });
      libraryBackend.libraries.push(made);
      return HttpResponse.json(made, { status: 201 });
    }),
    // The Microsoft 365 sign-in: where the popup goes, then the connection once it came back.
    http.post('*/api/libraries/microsoft/authorize', async ({ request }) => {
      const body = await request.json();
      record('POST', request, body);
      return HttpResponse.json({ authorize_url: 'https://login.example/authorize?client_id=portal', state: 'state-1' });
    }),
    http.post('*/api/libraries/microsoft/complete', async ({ request }) => {
      const body = await request.json();
      record('POST', request, body);
      // The same account signing in again renews its connection.
      const renewed = libraryBackend.libraries.find((known) => known.kind === 'microsoft' && known.state === 'needs-sign-in');
      if (renewed) {
        Object.assign(renewed, { state: 'connected', problem: null });
        return HttpResponse.json(renewed, { status: 201 });
      }
      const made = connection({ kind: 'microsoft', name: 'SharePoint Sales', url: 'https://contoso.sharepoint.com', account: 'erika@contoso.example' });
      libraryBackend.libraries.push(made);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.delete('*/api/libraries/:id', ({ request, params }) => {
      record('DELETE', request);
      const before = libraryBackend.libraries.length;
      libraryBackend.libraries = libraryBackend.libraries.filter((known) => known.id !== params.id);
      if (libraryBackend.libraries.length === before) return apiError(404, 'not_found', 'Library not found');
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/libraries/:id/folders', ({ request }) => {
      const id = new URL(request.url).searchParams.get('folder') ?? '';
      const entry = libraryBackend.tree.get(id);
      if (!entry) return apiError(404, 'not_found', 'Folder not found');
      const listed = id === '' ? null : [...libraryBackend.tree.values()].flatMap((e) => e.folders).find((f) => f.id === id) ?? null;
      return HttpResponse.json({ folder: listed, folders: entry.folders, file_count: entry.fileCount, more: 0 });
    }),
    http.get('*/api/libraries/:id/bindings', ({ params }) => {
      const bindings = libraryBackend.bindings.filter((known) => known.library_id === params.id);
      const answer = structuredClone(bindings);
      bindings.forEach(advance);
      return HttpResponse.json({ bindings: answer });
    }),
    http.post('*/api/libraries/:id/bindings', async ({ request, params }) => {
      const body = await request.json();
      record('POST', request, body);
      const parsed = createLibraryBindingsRequestSchema.safeParse(body);
      if (!parsed.success) return apiError(400, 'validation_failed', 'Invalid request');
      if (libraryBackend.bindAnswer === 'conflict') return apiError(409, 'conflict', 'Folder bound already');
      const target = libraryBackend.collections.find((known) => known.id === parsed.data.collection_id);
      for (const chosen of parsed.data.folders) {
        libraryBackend.bindings.push(
          binding(String(params.id), {
            collection_id: parsed.data.collection_id,
            collection_name: target?.name ?? '?',
            folder: { id: chosen.id, path: chosen.path, name: chosen.path.split('/').at(-1)! },
            state: 'syncing',
            progress: { files_total: 4, files_done: 0, files_skipped: 0, files_failed: 0, bytes_total: 4096, bytes_done: 0 },
            last_synced_at: null,
          }),
        );
      }
      return HttpResponse.json({ bindings: [] }, { status: 201 });
    }),
    http.post('*/api/library-bindings/:id/:action', ({ request, params }) => {
      record('POST', request);
      const target = libraryBackend.bindings.find((known) => known.id === params.id);
      if (!target) return apiError(404, 'not_found', 'Binding not found');
      target.state = params.action === 'pause' ? 'paused' : params.action === 'sync' ? 'syncing' : 'idle';
      if (params.action === 'sync') target.progress = { ...target.progress!, files_done: 0, bytes_done: 0 };
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/library-bindings/:id/items', ({ request, params }) => {
      const all = libraryBackend.items.get(String(params.id)) ?? [];
      const cursor = Number(new URL(request.url).searchParams.get('cursor') ?? '0');
      const page = all.slice(cursor, cursor + 2);
      const next = cursor + 2 < all.length ? String(cursor + 2) : null;
      return HttpResponse.json({ items: page, next_cursor: next });
    }),
    // A collection's own page, for the folders that feed it.
    http.get('*/api/collections/:id', ({ params }) => {
      const found = libraryBackend.collections.find((known) => known.id === params.id);
      return found ? HttpResponse.json(found) : apiError(404, 'not_found', 'Collection not found');
    }),
    http.get('*/api/collections/:id/files', () => HttpResponse.json({ files: [] })),
    http.get('*/api/ingestion/runs', () => HttpResponse.json({ page: 1, size: 20, total: 0, runs: [] })),
    // The collections the folder browser offers as targets, and a new one made there.
    http.get('*/api/collections', ({ request }) => {
      const scope = new URL(request.url).searchParams.get('scope') ?? 'personal';
      return HttpResponse.json({ collections: libraryBackend.collections.filter((known) => known.scope === scope) });
    }),
    http.post('*/api/collections', async ({ request }) => {
      const body = (await request.json()) as { name: string; scope: CollectionScope };
      record('POST', request, body);
      const made = collection({ name: body.name, scope: body.scope });
      libraryBackend.collections.push(made);
      return HttpResponse.json(made, { status: 201 });
    }),
  ];
}

export function handlers(permissions: string[] = []): HttpHandler[] {
  return [...startupHandlers({ permissions }), ...libraryHandlers()];
}

/** A library with /Handbooks (two sub-folders) and /Contracts at its root. */
export function folderTree(): Map<string, { folders: LibraryFolder[]; fileCount: number }> {
  return new Map([
    ['', { folders: [folder('/Handbooks'), folder('/Contracts')], fileCount: 1 }],
    ['/Handbooks/', { folders: [folder('/Handbooks/HR'), folder('/Handbooks/IT')], fileCount: 3 }],
    ['/Handbooks/HR/', { folders: [], fileCount: 5 }],
    ['/Handbooks/IT/', { folders: [], fileCount: 2 }],
    ['/Contracts/', { folders: [], fileCount: 7 }],
  ]);
}

/**
 * The fake library server for one test file, listening from its first test to its last, reset
 * (and the stores with it) before each test. Whole dialogs typed key by key: tests get 30 s.
 */
export function libraryServer() {
  const server = setupServer(...handlers());
  jest.setTimeout(30_000);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => resetLibrariesState());
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

export function resetLibrariesState(): void {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  resetPermissions();
  useNotificationsStore.getState().clear();
  useWorkspaceStore.setState({ documentLibrary: { connected: false, promptDismissed: false } });
  SYNC_POLLING.intervalMs = 50;
  Object.assign(libraryBackend, {
    libraries: [],
    microsoftAvailable: false,
    collections: [],
    tree: folderTree(),
    bindings: [],
    items: new Map(),
    connectAnswer: 'ok',
    bindAnswer: 'ok',
    filesPerLook: 2,
    requests: [],
  });
}

export const notificationTexts = () =>
  useNotificationsStore.getState().notifications.map((n) => `${n.variant}: ${'text' in n.message ? n.message.text : n.message.key}`);

export function renderLibraries(path = '/collections/personal', language: 'de' | 'en' = 'en') {
  return renderRemoteAt(remote, '/collections', path, language);
}
