// Test kit of the use cases remote: start-up data, fake endpoints, streams, store resets, render at a mount.
import { apiErrorCodeForStatus, type ApiError, type CollectionFile, type CollectionSummary, type CustomApp, type FileStatus } from '@assistant/contracts';
import { createApiClients, resetPermissions, resetServerState, setApiClients, setPersistenceUser, useConfigStore, useNotificationsStore } from '@assistant/platform';
import { answerRatingHandlers, renderRemoteAt, startupHandlers, type StartupData } from '@assistant/platform/testing';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { File as NodeFile } from 'node:buffer';
import { createElement } from 'react';
import remote from '../module';

/** A complete answer stream: begin, one append per piece, end, done. */
export function streamOf(...pieces: string[]): Response {
  const lines = [
    { kind: 'stream_text', event: { stream_id: 's1', type: 'begin' } },
    ...pieces.map((delta) => ({ kind: 'stream_text', event: { stream_id: 's1', type: 'append', delta } })),
    { kind: 'stream_text', event: { stream_id: 's1', type: 'end' } },
    { kind: 'done' },
  ];
  return new HttpResponse(lines.map((line) => JSON.stringify(line)).join('\n') + '\n', { headers: { 'content-type': 'application/x-ndjson' } });
}

/** A stream that stays open after its first piece until the client aborts it. */
export function openStream(first: string): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${JSON.stringify({ kind: 'stream_text', event: { stream_id: 's1', type: 'begin' } })}\n`));
      controller.enqueue(encoder.encode(`${JSON.stringify({ kind: 'stream_text', event: { stream_id: 's1', type: 'append', delta: first } })}\n`));
    },
  });
  return new HttpResponse(stream, { headers: { 'content-type': 'application/x-ndjson' } });
}

/** An answer stream the test writes line by line (progress of a long document, then the text). */
export function controlledStream() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    response: () => new HttpResponse(body, { headers: { 'content-type': 'application/x-ndjson' } }),
    push: (...events: object[]) => events.forEach((event) => controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`))),
    end: () => controller.close(),
  };
}

/** The progress line of a long document's part. */
export const part = (current: number, total: number) => ({ kind: 'progress', stage: 'part', current, total });

/** The visible progress line of work in parts (the live region says it too). */
export const progressLine = () => document.querySelector('.usecases__parts .usecases__progress');
export const progressBar = () => document.querySelector<HTMLProgressElement>('.usecases__parts progress');

/**
 * In German, part 3 of 12 is read; "Anhalten" stops: the page says so (announced and in view),
 * drops the progress and follows the stream no further (the server's side of the stop: long-document-routes.test.ts).
 */
export async function expectStopBetweenParts(stream: ReturnType<typeof controlledStream>, user: UserEvent) {
  stream.push(part(3, 12));
  await waitFor(() => expect(progressLine()).toHaveTextContent('Teil 3 von 12 wird gelesen …'));
  await user.click(screen.getByRole('button', { name: 'Anhalten' }));
  expect(await screen.findByText('Angehalten.')).toBeInTheDocument();
  expect(progressBar()).toBeNull();
  // Seen too, where the text would be (not "Noch nichts da").
  expect(screen.getByText('Angehalten, bevor ein Text geschrieben wurde.')).toBeVisible();
  expect(screen.queryByText('Noch nichts da')).toBeNull();
  stream.push(part(4, 12));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(screen.queryByText(/Teil 4 von 12/)).toBeNull();
}

export const COLLECTION_ID = 'a0c5d9c2-1b7e-4d2e-9d6f-5f0b8e7a6c51';
export const DOCUMENT_ID = 'b1d6e0d3-2c8f-4e3f-8e7a-6a1c9f8b7d62';

/** One personal collection "Handbook": "Travel policy.pdf" processed, "Draft.docx" still being processed (not offered). */
export function collectionHandlers(): HttpHandler[] {
  const at = '2026-11-01T10:00:00.000Z';
  const document = (fileId: string, name: string, status: FileStatus): CollectionFile => ({
    fileId,
    stageId: COLLECTION_ID,
    createdAt: at,
    updatedAt: at,
    name,
    version: 1,
    mediaType: 'application/pdf',
    size: 100,
    status,
    runId: null,
    error: null,
  });
  return [
    http.get('*/api/collections', ({ request }) =>
      HttpResponse.json({
        collections:
          new URL(request.url).searchParams.get('scope') === 'personal'
            ? [{ id: COLLECTION_ID, name: 'Handbook', scope: 'personal', file_count: 2, can_manage: true, created_at: at, updated_at: at } satisfies CollectionSummary]
            : [],
      }),
    ),
    http.get(`*/api/collections/${COLLECTION_ID}/files`, () =>
      HttpResponse.json({ files: [document(DOCUMENT_ID, 'Travel policy.pdf', 'processed'), document('c2e7f1e4-3d9a-4f4a-9f8b-7b2d0a9c8e73', 'Draft.docx', 'processing')] }),
    ),
  ];
}

/** An error answer as the server sends it. */
export function apiError(status: number, message: string, extra: Partial<ApiError> = {}): Response {
  return HttpResponse.json({ statusCode: status, error: 'Error', message, code: apiErrorCodeForStatus(status), ...extra }, { status });
}

export const APP_ID = '4b6f1c8e-2a0d-4e5f-9b1c-3d2e1f0a9b8c';

/** Who saved a version in the fakes: the signed-in user. */
export const ME = { sub: 'employee', name: 'Erika Mustermann' };

/** The user's own app (an app they may not change reaches them some other way: view). */
export const customApp = (overrides: Partial<CustomApp> = {}): CustomApp => ({
  sharing: { access: overrides.can_edit === false ? 'view' : 'owner', shared_by: null, shared_with: [] },
  id: APP_ID,
  name: 'Meeting invitation',
  icon: 'calendar',
  description: 'Writes an invitation',
  template: 'Write an invitation about {{topic}} for {{day}} with {{people}} people in a {{tone}} tone.',
  variables: [
    { name: 'topic', label: 'Topic', kind: 'short_text', required: true, max_length: 50 },
    { name: 'day', label: 'Day', kind: 'date', required: true },
    { name: 'people', label: 'People', kind: 'number', required: false, min: 1, max: 20 },
    { name: 'tone', label: 'Tone', kind: 'choice', required: true, options: ['friendly', 'formal'] },
  ],
  visibility: 'personal',
  version: 1,
  can_edit: true,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

/** The start-up calls, and the answer ratings a written result reads and saves (a fake of its own per call). */
export function handlers(startup: Partial<StartupData> = {}): HttpHandler[] {
  return [...startupHandlers(startup), ...answerRatingHandlers().handlers];
}

export async function resetUseCases(options: { createYourOwn?: boolean } = {}): Promise<void> {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  await setPersistenceUser(null);
  localStorage.clear();
  resetPermissions();
  resetServerState();
  useNotificationsStore.getState().clear();
  useConfigStore.setState((state) => ({
    config: { ...state.config, maxFileUploadSizeMB: 1, customization: { ...state.config.customization, create_your_own_enabled: options.createYourOwn ?? true } },
  }));
}

/** The local registry's mounts of this remote (scripts/portal-layout.mjs): the route table at each base. */
export const MOUNTS: Readonly<Record<string, string>> = {
  '/usecases/summarize': 'summarize',
  '/usecases/generate': 'generate',
  '/usecases/transcribe': 'transcribe',
  '/create-your-own': 'create-your-own',
  '/usecases': 'custom-apps',
};

/** Stands in for the host's not-found page, which the host puts after a remote's routes. */
export const HOST_NOT_FOUND = 'Host: page not found';

/** Renders the remote as the registry mounts it at `routeBase`, opened at `path` (default: the base itself). */
export function renderAt(routeBase: string, path = routeBase, language: 'de' | 'en' = 'en') {
  return renderRemoteAt(remote, routeBase, path, language, { mount: MOUNTS[routeBase], notFound: createElement('h1', null, HOST_NOT_FOUND) });
}

/** axe on the whole document, with the rules that need a real page (title, landmarks, colours) off. */
export async function violations() {
  const off = ['color-contrast', 'color-contrast-enhanced', 'target-size', 'scrollable-region-focusable', 'document-title', 'html-has-lang', 'region', 'page-has-heading-one', 'heading-order'];
  const result = await axe.run(document, { rules: Object.fromEntries(off.map((id) => [id, { enabled: false }])) });
  return result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html) }));
}

/** A file the test's FormData (Node's, under jest-fixed-jsdom) takes, as a browser's FormData takes the browser's File. */
export const file = (content: string, name: string, type: string) => new NodeFile([content], name, { type }) as unknown as File;

export const notifications = () => useNotificationsStore.getState().notifications;
