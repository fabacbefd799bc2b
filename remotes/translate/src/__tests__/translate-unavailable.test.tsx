import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { deepl, handlers, notifications, renderTranslate, resetTranslateState } from './translate-kit';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetTranslateState();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const unavailableNotices = () =>
  notifications().filter((n) => 'key' in n.message && n.message.key === 'TRANSLATION_NOTIFICATIONS.translation-model-unavailable');

describe('no translation engine', () => {
  it('shows the loading state, then the notification once and an empty state; no admin panel for a normal user', async () => {
    server.resetHandlers(...handlers([]));
    await renderTranslate('en');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading translation engines …');
    expect(await screen.findByRole('heading', { level: 2, name: 'Translation is not available' })).toBeInTheDocument();
    expect(unavailableNotices()).toHaveLength(1);
    expect(unavailableNotices()[0]!.variant).toBe('error');
    expect(screen.queryByLabelText('Text to translate')).not.toBeInTheDocument();
    // The permission check has answered (no permission): still no panel.
    await screen.findByText(/try again later or contact your administrators/);
    expect(screen.queryByText('How to connect a translation engine')).not.toBeInTheDocument();
  });

  it('shows administrators how to connect an engine', async () => {
    server.resetHandlers(...handlers([], { permissions: ['AdministrateAssistant'] }));
    await renderTranslate('en');
    const panel = await screen.findByRole('region', { name: 'How to connect a translation engine' });
    for (const variable of ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'DEEPL_API_KEY', 'LIBRETRANSLATE_URL']) {
      expect(within(panel).getByText(variable)).toBeInTheDocument();
    }
    expect(panel).toHaveTextContent('README, section “Connecting translation engines and a language model”');
  });

  it('a failed load leaves the list empty: the same notification and state (German)', async () => {
    server.resetHandlers(...handlers('fail'));
    await renderTranslate('de');
    expect(await screen.findByRole('heading', { level: 2, name: 'Übersetzen ist nicht verfügbar' })).toBeInTheDocument();
    expect(unavailableNotices()).toHaveLength(1);
  });

  it('checks again on request and shows the translator once an engine is there', async () => {
    server.resetHandlers(...handlers([]));
    await renderTranslate('en');
    await screen.findByRole('heading', { level: 2, name: 'Translation is not available' });
    server.resetHandlers(...handlers([deepl]));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByLabelText('Text to translate')).toBeInTheDocument();
  });
});

describe('on entry', () => {
  it('loads the translation resources and the configuration', async () => {
    const seen: string[] = [];
    server.resetHandlers(...handlers([deepl]));
    server.events.on('request:start', ({ request }) => seen.push(`${request.method} ${new URL(request.url).pathname}`));
    await renderTranslate('en');
    await screen.findByLabelText('Text to translate');
    expect(seen).toEqual(expect.arrayContaining(['GET /api/translation/resources', 'GET /api/config']));
    expect(document.title).toBe('Translate – Assistant');
    server.events.removeAllListeners();
  });
});
