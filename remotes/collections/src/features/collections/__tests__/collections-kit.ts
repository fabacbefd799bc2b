// Test kit for the collection list screens: a small in-memory /api/collections, store resets, render.
import type { CollectionScope, CollectionSummary } from '@assistant/contracts';
import {
  createApiClients,
  resetPermissions,
  setApiClients,
  useNotificationsStore,
  type Notification,
} from '@assistant/platform';
import { renderRemoteAt, startupHandlers, type StartupData } from '@assistant/platform/testing';
import { configure } from '@testing-library/react';
import { http, HttpResponse, type HttpHandler } from 'msw';
import remote from '../../../module';

// findBy/waitFor wait up to 5 s (not 1 s): parallel test runs on a shared machine can be slow.
configure({ asyncUtilTimeout: 5000 });

let counter = 0;
function nextId(): string {
  counter += 1;
  return `3f1c2a4e-1b2d-4c5e-8f90-${String(counter).padStart(12, '0')}`;
}

export function collection(overrides: Partial<CollectionSummary> & Pick<CollectionSummary, 'name'>): CollectionSummary {
  return {
    id: nextId(),
    scope: 'personal',
    file_count: 0,
    created_at: '2025-01-10T09:00:00.000Z',
    updated_at: '2025-01-10T09:00:00.000Z',
    can_manage: true,
    ...overrides,
  };
}

export function apiError(status: number, message: string): Response {
  const error = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 500: 'Internal Server Error' }[status] ?? 'Error';
  return HttpResponse.json({ statusCode: status, error, message }, { status });
}

/** What the fake server holds and was asked. */
export const backend = {
  collections: [] as CollectionSummary[],
  /** Whether the caller is an administrator (company changes; 403 otherwise). */
  administrator: false,
  listCalls: [] as string[],
  requests: [] as { method: string; path: string; body?: unknown }[],
};

const byLatestChange = (a: CollectionSummary, b: CollectionSummary) => Date.parse(b.updated_at) - Date.parse(a.updated_at);
let clock = Date.parse('2025-06-01T12:00:00.000Z');
const now = () => new Date((clock += 60_000)).toISOString();

function checkedName(value: unknown): string | Response {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name.length < 1 || name.length > 100) return apiError(400, 'body/name must be 1 to 100 characters');
  return name;
}

function mayChange(target: CollectionSummary): boolean {
  return target.scope === 'personal' || backend.administrator;
}

/** The collection calls of docs/collections.md, on `backend`. */
export function collectionHandlers(): HttpHandler[] {
  return [
    // The tabs list the document libraries that feed them too: none here (their own tests fill them).
    http.get('*/api/libraries', () => HttpResponse.json({ libraries: [] })),
    http.get('*/api/collections', ({ request }) => {
      const scope = (new URL(request.url).searchParams.get('scope') ?? 'personal') as CollectionScope;
      backend.listCalls.push(scope);
      const collections = backend.collections.filter((c) => c.scope === scope).sort(byLatestChange);
      return HttpResponse.json({ collections });
    }),
    http.post('*/api/collections', async ({ request }) => {
      const body = (await request.json()) as { name?: unknown; scope?: CollectionScope };
      backend.requests.push({ method: 'POST', path: '/api/collections', body });
      const name = checkedName(body.name);
      if (typeof name !== 'string') return name;
      const scope = body.scope ?? 'personal';
      if (scope === 'company' && !backend.administrator) return apiError(403, 'Only administrators may change company collections');
      const time = now();
      const made = collection({ name, scope, created_at: time, updated_at: time, can_manage: true });
      backend.collections.push(made);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.patch('*/api/collections/:id', async ({ request, params }) => {
      const body = (await request.json()) as { name?: unknown };
      backend.requests.push({ method: 'PATCH', path: `/api/collections/${String(params.id)}`, body });
      const target = backend.collections.find((c) => c.id === params.id);
      if (!target) return apiError(404, 'Collection not found');
      if (!mayChange(target)) return apiError(403, 'Only administrators may change company collections');
      const name = checkedName(body.name);
      if (typeof name !== 'string') return name;
      Object.assign(target, { name, updated_at: now() });
      return HttpResponse.json(target);
    }),
    http.delete('*/api/collections/:id', ({ params }) => {
      backend.requests.push({ method: 'DELETE', path: `/api/collections/${String(params.id)}` });
      const target = backend.collections.find((c) => c.id === params.id);
      if (!target) return apiError(404, 'Collection not found');
      if (!mayChange(target)) return apiError(403, 'Only administrators may change company collections');
      backend.collections = backend.collections.filter((c) => c !== target);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

/** What a collection's own page loads (the collection, its files, its runs): for a test that goes inside one. */
export function collectionDetailsHandlers(): HttpHandler[] {
  return [
    http.get('*/api/collections/:id', ({ params }) => {
      const found = backend.collections.find((c) => c.id === params.id);
      return found ? HttpResponse.json(found) : apiError(404, 'Collection not found');
    }),
    http.get('*/api/collections/:id/files', () => HttpResponse.json({ files: [] })),
    http.get('*/api/ingestion/runs', () => HttpResponse.json({ page: 1, size: 20, total: 0, runs: [] })),
  ];
}

export function handlers(startup: Partial<StartupData> = {}): HttpHandler[] {
  return [...startupHandlers(startup), ...collectionHandlers()];
}

/** Signed in as an administrator: the permission check grants AdministrateAssistant, the server lets company changes through. */
export function asAdministrator(): HttpHandler[] {
  backend.administrator = true;
  return startupHandlers({ permissions: ['AdministrateAssistant'] });
}

export function resetCollectionsState(collections: CollectionSummary[] = []): void {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  resetPermissions();
  useNotificationsStore.getState().clear();
  backend.collections = collections.map((c) => ({ ...c }));
  backend.administrator = false;
  backend.listCalls = [];
  backend.requests = [];
}

export const notifications = (): Notification[] => useNotificationsStore.getState().notifications;

/** The texts of the notifications shown so far, with their variant ("success: ..."). */
export function notificationTexts(): string[] {
  return notifications().map((n) => `${n.variant}: ${'text' in n.message ? n.message.text : n.message.key}`);
}

export function renderCollections(scope: CollectionScope = 'personal', language: 'de' | 'en' = 'en') {
  return renderRemoteAt(remote, '/collections', `/collections/${scope}`, language);
}
