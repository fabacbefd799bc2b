// Test kit for the prompt library: an msw fake of /api/prompts that keeps prompts as the server
// does (create, change, delete; the list by title) with the sharing a recipient sees.
import type { Prompt, PromptDefinition } from '@assistant/contracts';
import { promptVariables } from '@assistant/contracts';
import { createApiClients, resetServerState, setApiClients } from '@assistant/platform';
import { configure } from '@testing-library/react';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { setupServer } from 'msw/node';
import { setModels } from '../features/conversation/__tests__/conversation-kit';

const OWN: Prompt['sharing'] = { access: 'owner', shared_by: null, shared_with: [] };

let serial = 0;
export function prompt(title: string, text: string, sharing: Prompt['sharing'] = OWN): Prompt {
  serial += 1;
  const at = new Date(Date.UTC(2026, 4, 1, 8, serial)).toISOString();
  return { id: `6b6b6b6b-0000-4000-8000-${String(serial).padStart(12, '0')}`, title, text, variables: promptVariables(text), sharing, created_at: at, updated_at: at };
}

export const REMINDER = () => prompt('Polite reminder', 'Write a polite reminder to {{name}} about {{topic}}.');
export const SUMMARY = () =>
  prompt('Summarise minutes', 'Summarise these meeting minutes in five bullet points.', {
    access: 'view',
    shared_by: { sub: 'maria', name: 'Maria' },
    shared_with: [],
  });
export const RELEASE = () =>
  prompt('Release notes', 'Write release notes for {{version}}.', { access: 'owner', shared_by: null, shared_with: [{ type: 'group', name: 'Finance' }] });

/** The fake server's prompts and the calls it saw. */
export const store = { prompts: [] as Prompt[], calls: [] as string[], failList: false };

export function resetPrompts(prompts: Prompt[] = []) {
  store.prompts = prompts;
  store.calls = [];
  store.failList = false;
}

const byTitle = (a: Prompt, b: Prompt) => a.title.toLowerCase().localeCompare(b.title.toLowerCase());
const notFound = () => HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'No such prompt', code: 'not_found' }, { status: 404 });

export function promptHandlers(): HttpHandler[] {
  return [
    http.get('*/api/prompts', () => {
      store.calls.push('GET /prompts');
      if (store.failList) return HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'Boom', code: 'internal' }, { status: 500 });
      return HttpResponse.json({ prompts: [...store.prompts].sort(byTitle) });
    }),
    http.post('*/api/prompts', async ({ request }) => {
      const body = (await request.json()) as PromptDefinition;
      store.calls.push(`POST /prompts ${JSON.stringify(body)}`);
      const created = prompt(body.title, body.text);
      store.prompts.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.put('*/api/prompts/:id', async ({ params, request }) => {
      const body = (await request.json()) as PromptDefinition;
      store.calls.push(`PUT /prompts/${String(params.id)} ${JSON.stringify(body)}`);
      const found = store.prompts.find((p) => p.id === params.id);
      if (!found) return notFound();
      Object.assign(found, body, { variables: promptVariables(body.text) });
      return HttpResponse.json(found);
    }),
    http.delete('*/api/prompts/:id', ({ params }) => {
      store.calls.push(`DELETE /prompts/${String(params.id)}`);
      const before = store.prompts.length;
      store.prompts = store.prompts.filter((p) => p.id !== params.id);
      return before === store.prompts.length ? notFound() : new HttpResponse(null, { status: 204 });
    }),
  ];
}

/**
 * A test file's set-up: the fake server listening, a fresh cache and API client, the models and
 * three prompts (own, shared by Maria, own and shared with Finance) before each test.
 */
export function setUpPromptTests(onUnhandledRequest: 'error' | 'bypass') {
  jest.setTimeout(20_000);
  configure({ asyncUtilTimeout: 5000 });
  const server = setupServer(...promptHandlers());
  beforeAll(() => server.listen({ onUnhandledRequest }));
  afterAll(() => {
    server.close();
    setApiClients(null);
  });
  beforeEach(() => {
    resetServerState();
    setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
    setModels();
    resetPrompts([REMINDER(), SUMMARY(), RELEASE()]);
    // jsdom has no canvas; axe asks for one to tell icon ligatures from text.
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });
  afterEach(() => jest.restoreAllMocks());
}
