// What the screen loads and calls through the platform's QueryClient: one load of the
// engines and of the configuration per entry, the persisted engines at once, translate as a mutation.
import { queryClient, setPersistenceUser, useConfigStore } from '@assistant/platform';
import { keepPersistedAnswer } from '@assistant/platform/testing';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { translationResourcesKeys } from '../features/translate/api/get-translation-resources';
import { GERMAN, deepl, handlers, libre, renderTranslate, resetTranslateState, translateHandler } from './translate-kit';

const server = setupServer();
const seen: string[] = [];
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.events.on('request:start', ({ request }) => seen.push(`${request.method} ${new URL(request.url).pathname}`));
});
afterAll(() => server.close());
beforeEach(async () => {
  await resetTranslateState();
  seen.length = 0;
});
afterEach(() => {
  configure({ reactStrictMode: false });
  jest.restoreAllMocks();
});

describe('server state of /translate', () => {
  it('loads the engines and the configuration once per entry, also under StrictMode', async () => {
    configure({ reactStrictMode: true });
    server.resetHandlers(...handlers([deepl]));
    const view = await renderTranslate('en');
    await screen.findByLabelText('Text to translate');
    await waitFor(() => expect(useConfigStore.getState().status).toBe('loaded'));
    expect(seen.filter((call) => call === 'GET /api/translation/resources')).toHaveLength(1);
    expect(seen.filter((call) => call === 'GET /api/config')).toHaveLength(1);

    // Entering again loads again (in the background: the cached engines are on screen at once).
    view.unmount();
    await renderTranslate('en');
    expect(screen.getByLabelText('Text to translate')).toBeInTheDocument();
    await waitFor(() => expect(seen.filter((call) => call === 'GET /api/translation/resources')).toHaveLength(2));
    await waitFor(() => expect(seen.filter((call) => call === 'GET /api/config')).toHaveLength(2));
  });

  it("shows the translator at once with the engines of the user's previous visit while the list reloads", async () => {
    await setPersistenceUser('anna');
    await keepPersistedAnswer('anna', translationResourcesKeys.all, [libre]);
    server.resetHandlers(
      http.get('*/api/translation/resources', () => new Promise<Response>(() => undefined)), // still loading
      ...handlers([deepl]),
    );
    await renderTranslate('en');
    expect(screen.getByLabelText('Text to translate')).toBeInTheDocument();
    expect(screen.queryByText('Loading translation engines …')).not.toBeInTheDocument();
  });

  it('translates through the translate mutation (no query is touched)', async () => {
    server.resetHandlers(translateHandler(() => HttpResponse.json({ translation: 'Hi.', translation_segments: [] })), ...handlers([deepl]));
    const user = userEvent.setup();
    await renderTranslate('en');
    await user.click(await screen.findByLabelText('Text to translate'));
    await user.paste(GERMAN);
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    await screen.findByText('Hi.');
    const [mutation] = queryClient.getMutationCache().findAll({ mutationKey: ['translate'] });
    expect(mutation?.state).toMatchObject({ status: 'success', data: { translation: 'Hi.' } });
    expect(queryClient.getQueryCache().findAll().map((query) => query.queryKey[0]).sort()).toEqual(['config', 'translation-resources']);
  });
});
