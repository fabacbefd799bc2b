import { createApiClients, setApiClients } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addShellTexts } from '../../../app/shell-i18n';
import { DeveloperApiPage } from '../developer-api-page';

const errorBody = (status: number, codes: string[]) => ({
  description: 'Error',
  content: { 'application/json': { schema: { type: 'object', properties: { statusCode: { type: 'number', enum: [status] }, code: { type: 'string', enum: codes } } } } },
});

/** A small document as the server generates it: two areas, a path parameter, a body, error codes. */
const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'assistant API', version: '3.0.0' },
  paths: {
    '/api/collections/{id}': {
      patch: {
        tags: ['collections'],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', minLength: 1, maxLength: 100 } }, required: ['name'] } } },
        },
        responses: {
          '200': { description: 'Default Response', content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } } } },
          '400': errorBody(400, ['validation_failed', 'bad_request']),
          '404': errorBody(404, ['not_found']),
        },
      },
    },
    '/api/agents': {
      get: { tags: ['agents'], responses: { '200': { description: 'Default Response' }, '401': errorBody(401, ['unauthorized']) } },
    },
    '/health': { get: { tags: ['health'], security: [], responses: { '200': { description: 'Default Response' } } } },
  },
};

let answer: 'document' | 'failure' = 'document';
const server = setupServer(
  http.get('*/api/openapi.json', () =>
    answer === 'document' ? HttpResponse.json(DOCUMENT) : HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'x', code: 'internal' }, { status: 500 }),
  ),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
});
afterAll(() => server.close());
beforeEach(() => {
  answer = 'document';
});

function renderPage(language: 'de' | 'en' = 'en') {
  addShellTexts();
  renderWithProviders(<DeveloperApiPage />, { language });
}

describe('API reference page', () => {
  it('lists every operation under its area, and opens one to its parameters, body, answers and error codes', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'collections' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'agents' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('3 operations');

    const user = userEvent.setup();
    await user.click(screen.getByText('/api/collections/{id}'));
    const operation = screen.getByText('/api/collections/{id}').closest('details')!;
    expect(within(operation).getByRole('heading', { name: 'Parameters' })).toBeInTheDocument();
    expect(within(operation).getByText('in the path')).toBeInTheDocument();
    expect(within(operation).getByText(/format uuid/)).toBeInTheDocument();
    expect(within(operation).getByRole('heading', { name: 'Request body' })).toBeInTheDocument();
    expect(within(operation).getByText(/at least 1 · at most 100/)).toBeInTheDocument();
    expect(within(operation).getByRole('heading', { name: 'Errors and their codes' })).toBeInTheDocument();
    expect(within(operation).getByText('validation_failed')).toBeInTheDocument();
    expect(within(operation).getByText('not_found')).toBeInTheDocument();
  });

  it('finds operations by path, status or error code, and says when none matches', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'collections' });
    const user = userEvent.setup();
    const search = screen.getByRole('searchbox', { name: 'Search operations' });
    await user.type(search, 'not_found');
    expect(screen.getByRole('status')).toHaveTextContent('1 operation');
    expect(screen.queryByRole('heading', { level: 2, name: 'agents' })).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'agents 401');
    expect(screen.getByRole('status')).toHaveTextContent('1 operation');
    await user.type(search, ' teapot');
    expect(screen.getByRole('heading', { name: 'No operation matches' })).toBeInTheDocument();
  });

  it('says which operations need no sign-in, in German', async () => {
    renderPage('de');
    expect(await screen.findByRole('heading', { level: 1, name: 'API-Referenz' })).toBeInTheDocument();
    await userEvent.setup().click(await screen.findByText('/health'));
    expect(screen.getByText('Keine Anmeldung nötig.')).toBeInTheDocument();
  });

  it('opens an operation to its error codes and finds one, in German', async () => {
    renderPage('de');
    await screen.findByRole('heading', { level: 2, name: 'collections' });
    expect(screen.getByRole('status')).toHaveTextContent('3 Aufrufe');
    const user = userEvent.setup();
    await user.click(screen.getByText('/api/collections/{id}'));
    const operation = screen.getByText('/api/collections/{id}').closest('details')!;
    expect(within(operation).getByRole('heading', { name: 'Fehler und ihre Codes' })).toBeInTheDocument();
    expect(within(operation).getByText('not_found')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Aufrufe durchsuchen' }), 'health');
    expect(screen.getByRole('status')).toHaveTextContent('1 Aufruf');
  });

  it('offers to load the document again when the server did not send it', async () => {
    answer = 'failure';
    renderPage();
    expect(await screen.findByRole('heading', { name: 'The API reference could not be loaded' })).toBeInTheDocument();
    answer = 'document';
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'collections' })).toBeInTheDocument();
  });
});
