import type { RemoteRegistryEntry } from '@assistant/contracts';
import type { RemoteModule, RemoteSidePanelProps } from '@assistant/platform';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { lazy } from 'react';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { Link, MemoryRouter } from '@assistant/routing';
import { RemoteSidePanel } from '../remote-side-panel';
import { forgetRemoteModule } from '../use-remote-module';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));
const loadRemoteMock = jest.mocked(loadRemote);

function ChatPanel({ routeBase }: RemoteSidePanelProps) {
  const { t } = useTranslation('chat');
  return (
    <aside aria-label={t('heading')}>
      <Link to={`${routeBase}/42`}>Lisbon trip</Link>
    </aside>
  );
}

const chatModule: RemoteModule = {
  id: 'chat',
  routes: [],
  navigation: [],
  // Lazy, as a remote gives it: its code comes with the remote, not with the shell.
  sidePanel: lazy(async () => ({ default: ChatPanel })),
  i18n: { namespace: 'chat', resources: { de: { heading: 'Unterhaltungen' }, en: { heading: 'Conversations' } } },
};
const agentsModule: RemoteModule = { id: 'agents', routes: [], navigation: [], i18n: { namespace: 'agents', resources: { de: {}, en: {} } } };

const entry = (name: string, routeBase: string, extra: Partial<RemoteRegistryEntry> = {}): RemoteRegistryEntry => ({ name, routeBase, manifestUrl: `/${name}/mf-manifest.json`, ...extra });
const remotes = [entry('chat', '/talk'), entry('agents', '/agents'), entry('usecases', '/usecases/transcribe', { requires: 'transcription' })];

async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

async function renderSlot(path: string, isRouted?: (entry: RemoteRegistryEntry) => boolean) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: {}, interpolation: { escapeValue: false } });
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Link to="/agents">Agents</Link>
          <RemoteSidePanel remotes={remotes} isRouted={isRouted} />
        </MemoryRouter>
      </I18nextProvider>,
    );
  });
  await settle();
}

describe('RemoteSidePanel (the slot under the shell navigation)', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRemoteMock.mockReset();
    for (const name of ['chat', 'agents', 'usecases']) forgetRemoteModule(name);
    loadRemoteMock.mockImplementation(async (id: string) => ({ default: id.startsWith('chat/') ? chatModule : agentsModule }));
  });
  afterEach(() => errors.mockRestore());

  it("shows the open remote's panel with its texts and its route base, and nothing once another area is open", async () => {
    await renderSlot('/talk/7');
    const panel = await screen.findByRole('complementary', { name: 'Conversations' });
    expect(screen.getByRole('link', { name: 'Lisbon trip' })).toHaveAttribute('href', '/talk/42');
    expect(loadRemoteMock).toHaveBeenCalledWith('chat/module');

    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Agents' }));
    });
    await settle();
    expect(panel).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('agents/module');
  });

  it('is empty on a page of the shell, for a route that is not routed now, and when the remote fails to load', async () => {
    await renderSlot('/accessibility');
    expect(loadRemoteMock).not.toHaveBeenCalled();

    await renderSlot('/usecases/transcribe', (candidate) => !candidate.requires);
    expect(loadRemoteMock).not.toHaveBeenCalled();

    loadRemoteMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderSlot('/talk');
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    // The route's own boundary says what went wrong; the shell and its navigation go on.
    expect(screen.getAllByRole('link', { name: 'Agents' }).length).toBeGreaterThan(0);
  });
});
