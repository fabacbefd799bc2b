import type { RemoteModule } from '@assistant/platform';
import { createApiClients, setApiClients } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import type { RemoteRegistryEntry } from '@assistant/contracts';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes } from '@assistant/routing';
import { buildRoutes } from '../../app/routes';
import { createRemoteRoute } from '../../federation';
import { forgetRemoteModule } from '../../federation/use-remote-module';
import { loadSharedEndpoints } from '../../federation/use-shared-endpoints';
import { buildNavigation, liveNavigation } from '../../navigation/build-navigation';
import { useCapabilities } from '../use-capabilities';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));
const loadRemoteMock = jest.mocked(loadRemote);

const transcribe: RemoteRegistryEntry = {
  name: 'usecases',
  manifestUrl: '/u/mf-manifest.json',
  routeBase: '/usecases/transcribe',
  requires: 'transcription',
  navigation: { labelKey: 'NAVIGATION.transcribe', icon: 'transcribe', order: 70 },
};
const summarize: RemoteRegistryEntry = {
  name: 'usecases',
  manifestUrl: '/u/mf-manifest.json',
  routeBase: '/usecases/summarize',
  navigation: { labelKey: 'NAVIGATION.summarize', icon: 'summarize', order: 50 },
};

const usecasesModule: RemoteModule = {
  id: 'usecases',
  routes: [{ index: true, element: <h1>Transcribe page</h1> }],
  navigation: [],
  i18n: { namespace: 'usecases', resources: { de: {}, en: {} } },
};

type Answer = 'available' | 'unavailable' | 'failure' | 'never';
let answer: Answer;
let calls: number;

const server = setupServer(
  http.get('*/api/transcriptions/config', async () => {
    calls += 1;
    if (answer === 'never') await delay('infinite');
    if (answer === 'failure') return HttpResponse.json({ detail: 'boom' }, { status: 500 });
    return HttpResponse.json({ available: answer === 'available', max_bytes: 1000, accepted_types: ['audio/mpeg'], accepted_extensions: ['mp3'] });
  }),
);

beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  // Loaded after the shell's first paint; here once, so that each test's timing is the query's alone.
  await loadSharedEndpoints();
});
afterAll(() => server.close());
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  answer = 'available';
  calls = 0;
  loadRemoteMock.mockReset();
  loadRemoteMock.mockResolvedValue({ default: usecasesModule });
  forgetRemoteModule('usecases');
});

async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

/** The shell layout's navigation (start-up entries, then filtered live with the capabilities). */
function Navigation({ remotes }: { remotes: RemoteRegistryEntry[] }) {
  const isCapabilityAvailable = useCapabilities(remotes);
  const input = { flags: {}, isFeatureAvailable: () => true, remotes };
  const items = liveNavigation(buildNavigation(input), { ...input, isCapabilityAvailable });
  return (
    <ul aria-label="Navigation">
      {items.map((item) => (
        <li key={item.id}>{item.to}</li>
      ))}
    </ul>
  );
}

const shownEntries = () => screen.getAllByRole('listitem').map((item) => item.textContent);

describe('navigation entry of a registry entry that requires a capability', () => {
  it('is shown once the server says the capability is available', async () => {
    renderWithProviders(<Navigation remotes={[transcribe, summarize]} />);
    await settle();
    expect(shownEntries()).toEqual(['/usecases/summarize', '/usecases/transcribe']);
    expect(calls).toBe(1);
  });

  it.each<[string, Answer]>([
    ['while the answer is unknown', 'never'],
    ['when the server says it is not available', 'unavailable'],
    ['when the question fails', 'failure'],
  ])('is hidden %s', async (_label, given) => {
    answer = given;
    renderWithProviders(<Navigation remotes={[transcribe, summarize]} />);
    await settle();
    expect(shownEntries()).toEqual(['/usecases/summarize']);
    expect(calls).toBe(1);
  });

  it('asks the server nothing when no entry requires a capability', async () => {
    renderWithProviders(<Navigation remotes={[summarize]} />);
    await settle();
    expect(shownEntries()).toEqual(['/usecases/summarize']);
    expect(calls).toBe(0);
  });
});

describe('route of a registry entry that requires a capability', () => {
  function renderRoute(entry: RemoteRegistryEntry, path = entry.routeBase) {
    const route = createRemoteRoute(entry, <p>Not found</p>);
    return renderWithProviders(
      <Routes>
        <Route path={route.path} element={route.element} />
      </Routes>,
      { route: path, language: 'en' },
    );
  }

  it('is in the route table (it decides when rendered)', () => {
    const shell = buildRoutes({ flags: {}, isFeatureAvailable: () => true, remotes: [transcribe], isAdmin: false }).find((route) => route.path === '/')!;
    expect(shell.children!.map((route) => route.path)).toContain('/usecases/transcribe/*');
  });

  it('mounts the remote once the server says the capability is available', async () => {
    renderRoute(transcribe);
    expect(await screen.findByRole('heading', { name: 'Transcribe page' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('usecases/module');
  });

  it('shows a loading state while the answer is unknown, and does not load the remote', async () => {
    answer = 'never';
    renderRoute(transcribe);
    await settle();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByText('Not found')).not.toBeInTheDocument();
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  it.each<[string, Answer]>([
    ['the server says it is not available', 'unavailable'],
    ['the question fails', 'failure'],
  ])('shows the not-found page when %s, as if the route did not exist', async (_label, given) => {
    answer = given;
    renderRoute(transcribe, '/usecases/transcribe/anything');
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Transcribe page' })).not.toBeInTheDocument();
    expect(loadRemoteMock).not.toHaveBeenCalled();
  });

  it('does not ask the server for an entry that requires nothing', async () => {
    // The remote suspends at once (no question first): rendered inside act, as React 19 needs.
    await act(async () => {
      renderRoute({ ...summarize, navigation: undefined });
    });
    await settle();
    expect(await screen.findByRole('heading', { name: 'Transcribe page' })).toBeInTheDocument();
    expect(calls).toBe(0);
  });
});
