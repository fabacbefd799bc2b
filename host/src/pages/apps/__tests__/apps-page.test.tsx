import { defaultConfig, type CustomApp, type FeatureFlags, type RemoteRegistryEntry } from '@assistant/contracts';
import { customAppKeys } from '@assistant/endpoints';
import {
  createApiClients,
  isFeatureAvailable,
  queryClient,
  setApiClients,
  useConfigStore,
  useGatingStore,
  useNotificationsStore,
  type Auth,
} from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ShellContext } from '../../../app/shell-context';
import { addShellTexts } from '../../../app/shell-i18n';
import { loadSharedEndpoints } from '../../../federation/use-shared-endpoints';
import { isRemoteEnabled } from '../../../navigation/build-navigation';
import { HomePage } from '../apps-page';
import { ALL_FLAGS, COMPANY_APP, PERSONAL_APP, REGISTRY } from './app-fixtures';

jest.setTimeout(20_000);

let favourites: string[];
let customApps: CustomApp[];
let transcriptionAvailable: boolean;
let puts: unknown[];
let putAnswer: (body: { app_ids: string[] }) => Response | Promise<Response>;
let calls: string[];

const server = setupServer(
  http.get('*/api/apps/favourites', () => HttpResponse.json({ app_ids: favourites })),
  http.put('*/api/apps/favourites', async ({ request }) => {
    const body = (await request.json()) as { app_ids: string[] };
    puts.push(body);
    const answer = await putAnswer(body);
    if (answer.ok) favourites = body.app_ids;
    return answer;
  }),
  http.get('*/api/custom-apps', () => {
    calls.push('custom-apps');
    return HttpResponse.json({ apps: customApps });
  }),
  http.get('*/api/transcriptions/config', () => {
    calls.push('transcriptions/config');
    return HttpResponse.json({ available: transcriptionAvailable, max_bytes: 26_214_400, accepted_types: ['audio/mpeg'], accepted_extensions: ['.mp3'] });
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  addShellTexts();
  // In the shell the navigation has loaded the shared endpoint definitions by the time a page shows.
  await loadSharedEndpoints();
});
afterAll(() => server.close());
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  favourites = [];
  customApps = [PERSONAL_APP, COMPANY_APP];
  transcriptionAvailable = true;
  puts = [];
  calls = [];
  putAnswer = (body) => HttpResponse.json(body);
  useNotificationsStore.getState().clear();
  setCustomization({});
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  jest.restoreAllMocks();
  server.resetHandlers();
});

function setCustomization(overrides: Partial<ReturnType<typeof defaultConfig>['customization']>) {
  const config = defaultConfig(false);
  useConfigStore.setState({ config: { ...config, customization: { ...config.customization, create_your_own_enabled: true, ...overrides } } });
}

/** Renders the page as the shell does: the registry entries routed at start, the gating store as now. */
function renderPage({
  flags = ALL_FLAGS,
  featureSet = 'BETA',
  registry = REGISTRY,
  language = 'en',
}: { flags?: FeatureFlags; featureSet?: string; registry?: RemoteRegistryEntry[]; language?: 'de' | 'en' } = {}) {
  useGatingStore.setState({ flags, featureSet, status: 'loaded' });
  const remotes = registry.filter((entry) => isRemoteEnabled(entry, { flags, isFeatureAvailable: (feature) => isFeatureAvailable(featureSet, feature) }));
  const shell = { auth: {} as Auth, remotes, navigation: [], isAdmin: false };
  return renderWithProviders(
    <ShellContext.Provider value={shell}>
      <HomePage />
    </ShellContext.Provider>,
    { language },
  );
}

const list = () => screen.getByRole('list', { name: 'Your apps' });
/** The tiles' names (their headings' links), in the order shown. */
const tileNames = () => within(list()).getAllByRole('listitem').map((item) => within(item).getByRole('heading', { level: 2 }).textContent);
const star = (name: string) => screen.getByRole('button', { name: `Add to favourites: ${name}` });

describe('apps page', () => {
  it('shows one tile per tool, each a heading with a link to its route, custom apps included', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Apps' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Pressemitteilung' });
    expect(tileNames()).toEqual([
      'Chat',
      'Ask your documents',
      'Translate',
      'Easy language',
      'Summarize',
      'Generate',
      'Transcribe',
      'Agents',
      'Collections',
      'Create your own app',
      'Pressemitteilung',
      'Reisekostenantrag',
    ]);
    expect(screen.getByRole('link', { name: 'Ask your documents' })).toHaveAttribute('href', '/usecases/qa');
    expect(screen.getByRole('link', { name: 'Easy language' })).toHaveAttribute('href', '/easy-language');
    expect(screen.getByRole('link', { name: 'Pressemitteilung' })).toHaveAttribute('href', `/usecases/${PERSONAL_APP.id}`);
    const company = screen.getByRole('link', { name: 'Reisekostenantrag' }).closest('li')!;
    expect(company).toHaveTextContent('Company app');
    expect(company).toHaveTextContent('Formuliert einen Reisekostenantrag.');
    expect(screen.getByRole('link', { name: 'Pressemitteilung' }).closest('li')).toHaveTextContent('My app');
    expect(document.title).toMatch(/^Apps – /);
  });

  it('shows an app saved in the use-cases remote without a reload (its save invalidates the list this page reads)', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Pressemitteilung' });
    customApps = [{ ...PERSONAL_APP, name: 'Pressemitteilung (neu)' }, COMPANY_APP];
    // What remotes/usecases useSaveCustomApp does after the server's answer.
    await queryClient.invalidateQueries({ queryKey: customAppKeys.list() });
    expect(await screen.findByRole('link', { name: 'Pressemitteilung (neu)' })).toHaveAttribute('href', `/usecases/${PERSONAL_APP.id}`);
    expect(screen.queryByRole('link', { name: 'Pressemitteilung' })).not.toBeInTheDocument();
  });

  it('shows exactly the tiles the flags, the feature set and the registry allow', async () => {
    transcriptionAvailable = false;
    setCustomization({ create_your_own_enabled: false });
    renderPage({ flags: { enableHomepage: true, enableTranslate: true, enableExtensibleSummarize: true }, featureSet: '251000' });
    await waitFor(() => expect(calls).toContain('transcriptions/config'));
    await screen.findByRole('link', { name: 'Pressemitteilung' });
    expect(tileNames()).toEqual(['Ask your documents', 'Translate', 'Summarize', 'Pressemitteilung', 'Reisekostenantrag']);
  });

  it('shows no transcribe tile when the transcription config cannot be read (like the navigation)', async () => {
    server.use(http.get('*/api/transcriptions/config', () => HttpResponse.json({ detail: 'down' }, { status: 500 })));
    renderPage();
    await screen.findByRole('link', { name: 'Pressemitteilung' });
    expect(tileNames()).toContain('Summarize');
    expect(tileNames()).not.toContain('Transcribe');
  });

  it('asks for no custom apps and shows none while the registry has no mount for them', async () => {
    renderPage({ registry: REGISTRY.filter((entry) => entry.routeBase !== '/usecases' && entry.routeBase !== '/usecases/transcribe') });
    await screen.findByRole('button', { name: 'Add to favourites: Chat' });
    expect(tileNames()).not.toContain('Pressemitteilung');
    expect(tileNames()).not.toContain('Transcribe');
    expect(calls).toEqual([]);
  });

  it("orders by the customization's default_applications, with the favourites first of all", async () => {
    setCustomization({ default_applications: ['translate', 'collections'] });
    favourites = [COMPANY_APP.id, 'agents'];
    renderPage({ flags: { enableHomepage: true, enableChat: true, enableTranslate: true, enableCollections: true } });
    await screen.findByRole('link', { name: 'Reisekostenantrag' });
    await waitFor(() => expect(tileNames().slice(0, 2)).toEqual(['Reisekostenantrag', 'Agents']));
    expect(tileNames()).toEqual([
      'Reisekostenantrag',
      'Agents',
      'Translate',
      'Collections',
      'Chat',
      'Ask your documents',
      'Easy language',
      'Transcribe',
      'Create your own app',
      'Pressemitteilung',
    ]);
    expect(star('Reisekostenantrag')).toHaveAttribute('aria-pressed', 'true');
    expect(star('Chat')).toHaveAttribute('aria-pressed', 'false');
  });

  it('stars an app at once, stores the whole list with PUT and keeps the focus on the star', async () => {
    favourites = ['agents'];
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    putAnswer = async (body) => {
      await held;
      return HttpResponse.json(body);
    };
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Pressemitteilung' });
    await user.click(star('Translate'));
    // Before the server has answered:
    await waitFor(() => expect(star('Translate')).toHaveAttribute('aria-pressed', 'true'));
    expect(tileNames().slice(0, 2)).toEqual(['Agents', 'Translate']);
    expect(star('Translate')).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Translate is now a favourite.');
    await waitFor(() => expect(puts).toEqual([{ app_ids: ['agents', 'translate'] }]));
    answer();
    putAnswer = (body) => HttpResponse.json(body);

    await user.click(star('Agents'));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ app_ids: ['translate'] });
    await waitFor(() => expect(star('Agents')).toHaveAttribute('aria-pressed', 'false'));
    expect(star('Agents')).toHaveFocus();
    expect(tileNames()[0]).toBe('Translate');
  });

  it('takes a failed change back and says so in a notification', async () => {
    favourites = ['chat'];
    putAnswer = () => HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, { status: 500 });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Pressemitteilung' });
    await user.click(star('Pressemitteilung'));
    await waitFor(() => expect(puts).toEqual([{ app_ids: ['chat', PERSONAL_APP.id] }]));
    await waitFor(() => expect(star('Pressemitteilung')).toHaveAttribute('aria-pressed', 'false'));
    expect(star('Chat')).toHaveAttribute('aria-pressed', 'true');
    expect(tileNames()[0]).toBe('Chat');
    const [notification] = useNotificationsStore.getState().notifications;
    expect(notification).toMatchObject({
      variant: 'error',
      message: { key: 'SKILLS.favourite.failed', ns: 'shell', values: { name: 'Pressemitteilung' } },
    });
  });

  it('filters by name and description in German and English, announces the count and has an empty state', async () => {
    renderPage({ language: 'de' });
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Pressemitteilung' });
    const search = screen.getByRole('searchbox', { name: 'Apps durchsuchen' });
    await user.type(search, 'translate');
    expect(within(screen.getByRole('list', { name: 'Ihre Apps' })).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Übersetzen' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 App gefunden');

    await user.clear(search);
    await user.type(search, 'stichpunkten');
    expect(screen.getByRole('link', { name: 'Pressemitteilung' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Chat' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'texte');
    expect(screen.getByRole('status')).toHaveTextContent(/^\d+ Apps gefunden$/);

    await user.clear(search);
    await user.type(search, 'solitär');
    expect(screen.queryByRole('list', { name: 'Ihre Apps' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Keine App gefunden' })).toBeInTheDocument();
    expect(screen.getByText('Keine App passt zu „solitär“.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 Apps gefunden');
    await user.click(screen.getByRole('button', { name: 'Suche zurücksetzen' }));
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
    expect(within(screen.getByRole('list', { name: 'Ihre Apps' })).getAllByRole('listitem')).toHaveLength(12);
  });

  it('keeps the tiles but offers no star while the favourites cannot be loaded', async () => {
    server.use(http.get('*/api/apps/favourites', () => HttpResponse.json({ statusCode: 500, error: 'x', message: 'down' }, { status: 500 })));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage();
    expect(await screen.findByText('Your favourites could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Add to favourites/ })).not.toBeInTheDocument();
  });

  it('says so when no app is enabled', async () => {
    transcriptionAvailable = false;
    setCustomization({ create_your_own_enabled: false });
    renderPage({ flags: { enableHomepage: true }, featureSet: '1', registry: [] });
    expect(await screen.findByRole('heading', { level: 2, name: 'No apps enabled' })).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('has no axe violations, with favourites and a search under way', async () => {
    favourites = ['chat'];
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('link', { name: 'Pressemitteilung' });
    await user.type(screen.getByRole('searchbox', { name: 'Search apps' }), 'app');
    const result = await axe.run(document, {
      rules: Object.fromEntries(['color-contrast', 'color-contrast-enhanced', 'target-size', 'document-title', 'html-has-lang', 'region'].map((id) => [id, { enabled: false }])),
    });
    expect(result.passes.length).toBeGreaterThan(10);
    expect(result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html) }))).toEqual([]);
  });
});
