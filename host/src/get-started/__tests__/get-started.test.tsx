import { defaultConfig, type Customization, type FeatureFlags, type OnboardingState, type RemoteRegistryEntry } from '@assistant/contracts';
import {
  createApiClients,
  i18n,
  isFeatureAvailable,
  setApiClients,
  useConfigStore,
  useNotificationsStore,
  useWorkspaceStore,
} from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { useLocation } from '@assistant/routing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addShellTexts } from '../../app/shell-i18n';
import { buildNavigation } from '../../navigation/build-navigation';
import { GetStartedGate } from '../get-started-gate';
import { useGetStartedStore } from '../get-started-store';

const REGISTRY: RemoteRegistryEntry[] = [
  { name: 'chat', manifestUrl: '/chat.json', routeBase: '/chat', featureFlag: 'enableChat', navigation: { labelKey: 'NAVIGATION.chat', icon: 'chat', order: 10 } },
  { name: 'agents', manifestUrl: '/agents.json', routeBase: '/agents', feature: 'personalAgents', navigation: { labelKey: 'NAVIGATION.agents', icon: 'agents', order: 20 } },
  { name: 'translate', manifestUrl: '/translate.json', routeBase: '/translate', featureFlag: 'enableTranslate', navigation: { labelKey: 'NAVIGATION.translate', icon: 'translate', order: 30 } },
  {
    name: 'collections',
    manifestUrl: '/collections.json',
    routeBase: '/collections',
    featureFlag: 'enableCollections',
    feature: 'collections',
    navigation: { labelKey: 'NAVIGATION.collections', icon: 'collections', order: 40 },
  },
];

let state: OnboardingState;
let puts: unknown[];
let gets: number;
let failGet: boolean;
let failPut: boolean;

const server = setupServer(
  http.get('*/api/me/onboarding', () => {
    gets += 1;
    return failGet ? HttpResponse.json({ message: 'down', code: 'internal' }, { status: 500 }) : HttpResponse.json(state);
  }),
  http.put('*/api/me/onboarding', async ({ request }) => {
    const body = (await request.json()) as { status: 'completed' | 'skipped'; step?: number };
    puts.push(body);
    if (failPut) return HttpResponse.json({ message: 'down', code: 'internal' }, { status: 500 });
    state = { status: body.status, step: body.step ?? null, updated_at: new Date().toISOString() };
    return HttpResponse.json(state);
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  addShellTexts();
});
afterAll(() => server.close());
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  state = { status: 'pending', step: null, updated_at: null };
  puts = [];
  gets = 0;
  failGet = false;
  failPut = false;
  useGetStartedStore.setState({ reopened: false });
  useWorkspaceStore.setState({ privacyNoticeShown: false });
  useNotificationsStore.getState().clear();
  // axe asks a canvas about icon ligatures; jsdom has none.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  jest.restoreAllMocks();
  server.resetHandlers();
  act(() => useWorkspaceStore.getState().setLocale(null));
});

function Location() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderGate({
  flags = { enableChat: true, enableTranslate: true, enableCollections: true },
  featureSet = 'BETA',
  customization = {},
  language = 'en',
}: { flags?: FeatureFlags; featureSet?: string; customization?: Partial<Customization>; language?: 'de' | 'en' } = {}) {
  const config = defaultConfig(false);
  useConfigStore.setState({ config: { ...config, customization: { ...config.customization, ...customization } } });
  const navigation = buildNavigation({ flags, isFeatureAvailable: (feature) => isFeatureAvailable(featureSet, feature), remotes: REGISTRY });
  return renderWithProviders(
    <main>
      <GetStartedGate navigation={navigation} />
      <Location />
    </main>,
    { language },
  );
}

const dialog = () => screen.findByRole('dialog', { name: /Get started with Assistant|Erste Schritte mit Assistant/ });
const heading = () => within(screen.getByRole('dialog')).getByRole('heading', { level: 3 });
const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

describe('guided start', () => {
  it('shows on a first visit, step by step with its heading focused, only the areas switched on, and ends with the first question', async () => {
    renderGate();
    await dialog();
    expect(heading()).toHaveTextContent('Step 1 of 4: What Assistant offers you');
    expect(heading()).toHaveFocus();
    const offers = within(screen.getByRole('dialog')).getAllByRole('listitem').map((item) => item.textContent);
    expect(offers).toEqual([
      'ChatAsk questions, have texts drafted and documents analysed.',
      'AgentsCreate your own assistants with fixed instructions and their own knowledge.',
      'TranslateTranslate texts and documents.',
      'CollectionsCollect and search documents; the assistant answers with their sources.',
    ]);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();

    await next();
    expect(heading()).toHaveTextContent('Step 2 of 4: Privacy');
    expect(heading()).toHaveFocus();
    expect(screen.getByText('This is a test system. Please do not enter any personal data.')).toBeInTheDocument();
    const policy = screen.getByRole('link', { name: 'Read the privacy policy (opens in a new tab)' });
    expect(policy).toHaveAttribute('href', '/privacy-policy');
    expect(policy).toHaveAttribute('target', '_blank');

    await next();
    expect(heading()).toHaveTextContent('Step 3 of 4: Interface language');
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(heading()).toHaveTextContent('Step 2 of 4: Privacy');
    await next();
    await next();
    expect(heading()).toHaveTextContent('Step 4 of 4: Off you go');
    expect(screen.getByRole('button', { name: 'Upload a document' })).toBeInTheDocument();
    expect(puts).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Ask your first question' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/chat');
    await waitFor(() => expect(puts).toEqual([{ status: 'completed' }]));
    // The notice was part of it: no separate privacy dialog in this browser either.
    expect(useWorkspaceStore.getState().privacyNoticeShown).toBe(true);
  });

  it.each([
    ['de', 'Erste Schritte mit Assistant', (step: number) => `Schritt ${step} von 4`, 'Weiter', 'Überspringen', 'Dokument hochladen'],
    ['en', 'Get started with Assistant', (step: number) => `Step ${step} of 4`, 'Next', 'Skip', 'Upload a document'],
  ] as const)('in %s: every step says where it is with its heading focused and can be skipped; the last leads to an upload', async (language, title, progress, nextLabel, skipLabel, upload) => {
    renderGate({ language });
    const shown = await screen.findByRole('dialog', { name: title });
    for (let step = 1; step <= 4; step += 1) {
      expect(heading()).toHaveTextContent(progress(step));
      expect(heading()).toHaveFocus();
      expect(within(shown).getAllByRole('button', { name: skipLabel })).toHaveLength(1);
      if (step < 4) await userEvent.click(within(shown).getByRole('button', { name: nextLabel }));
    }
    await userEvent.click(within(shown).getByRole('button', { name: upload }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/collections/personal');
  });

  it.each([1, 2, 3, 4])('can be skipped at step %i, and is then not shown again', async (step) => {
    const { unmount } = renderGate();
    await dialog();
    for (let at = 1; at < step; at += 1) await next();
    expect(heading()).toHaveTextContent(`Step ${step} of 4`);
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(puts).toEqual([{ status: 'skipped', step }]));
    unmount();

    // Another page load (or another browser): the server says it is done.
    const { queryClient } = await import('@assistant/platform');
    queryClient.clear();
    renderGate();
    await waitFor(() => expect(gets).toBe(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('skips with Escape and with the close button, remembering the step', async () => {
    renderGate();
    await dialog();
    await next();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(puts).toEqual([{ status: 'skipped', step: 2 }]));

    act(() => useGetStartedStore.getState().show());
    await dialog();
    await userEvent.click(screen.getByRole('button', { name: 'Skip getting started' }));
    await waitFor(() => expect(puts).toHaveLength(2));
  });

  it('is not shown once done, opens again from the menu, and "Upload a document" leads to the collections', async () => {
    state = { status: 'completed', step: null, updated_at: '2026-11-01T10:00:00.000Z' };
    renderGate({ language: 'de' });
    await waitFor(() => expect(gets).toBe(1));
    expect(screen.queryByRole('dialog')).toBeNull();

    act(() => useGetStartedStore.getState().show());
    await dialog();
    expect(heading()).toHaveTextContent('Schritt 1 von 4: Das bietet Ihnen Assistant');
    for (let at = 1; at < 4; at += 1) await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dokument hochladen' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/collections/personal');
    await waitFor(() => expect(puts).toEqual([{ status: 'completed' }]));
    expect(useGetStartedStore.getState().reopened).toBe(false);
  });

  it('names only the areas switched on: no chat, no question to ask; nothing on, it says so and ends with Done', async () => {
    const { unmount } = renderGate({ flags: { enableCollections: true }, featureSet: '251000' });
    await dialog();
    expect(within(screen.getByRole('dialog')).getAllByRole('listitem').map((item) => item.firstChild?.textContent)).toEqual(['Collections']);
    for (let at = 1; at < 4; at += 1) await next();
    expect(screen.queryByRole('button', { name: 'Ask your first question' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload a document' })).toBeInTheDocument();
    unmount();

    renderGate({ flags: {}, featureSet: '1' });
    await dialog();
    expect(screen.getByText('Your administrators have not switched on any areas for you yet.')).toBeInTheDocument();
    for (let at = 1; at < 4; at += 1) await next();
    expect(screen.queryByRole('button', { name: 'Upload a document' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(puts).toEqual([{ status: 'completed' }]));
  });

  it('changes the interface language in its language step', async () => {
    renderGate();
    await dialog();
    await next();
    await next();
    await userEvent.click(screen.getByRole('radio', { name: 'Deutsch' }));
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(useWorkspaceStore.getState().locale).toBe('de');
    expect(heading()).toHaveTextContent('Schritt 3 von 4: Sprache der Oberfläche');
    expect(screen.getByRole('radio', { name: 'Deutsch' })).toBeChecked();
  });

  it('leaves out the privacy step when there is no notice text', async () => {
    const notice = { de: { text: '', links: [] }, en: { text: ' ', links: [] } };
    renderGate({ customization: { privacy_policy_notice: notice } });
    await dialog();
    expect(heading()).toHaveTextContent('Step 1 of 3');
    await next();
    expect(heading()).toHaveTextContent('Step 2 of 3: Interface language');
  });

  it('switched off by administrators: no call, the privacy notice alone', async () => {
    renderGate({ customization: { get_started_enabled: false } });
    const notice = await screen.findByRole('dialog', { name: 'Privacy notice' });
    expect(within(notice).getByRole('link', { name: 'Read the privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    await userEvent.click(within(notice).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(gets).toBe(0);
    expect(puts).toEqual([]);
  });

  it('when the server cannot say, shows the privacy notice alone; when saving fails, says so', async () => {
    failGet = true;
    const { unmount } = renderGate();
    await screen.findByRole('dialog', { name: 'Privacy notice' });
    unmount();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);

    const { queryClient } = await import('@assistant/platform');
    queryClient.clear();
    failGet = false;
    failPut = true;
    renderGate();
    await dialog();
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(useNotificationsStore.getState().notifications.map((n) => n.variant)).toEqual(['error']));
  });

  it('has no axe violations at any step', async () => {
    renderGate();
    await dialog();
    for (let at = 1; at <= 4; at += 1) {
      expect((await axe.run(document.body)).violations).toEqual([]);
      if (at < 4) await next();
    }
  });
});
