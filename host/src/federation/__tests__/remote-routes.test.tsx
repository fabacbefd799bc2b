import type { RemoteModule } from '@assistant/platform';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
import { Link, MemoryRouter, Route, Routes } from '@assistant/routing';
import remoteErrorPlugin from '../error-plugin';
import { RemoteRoutes } from '../remote-routes';
import { forgetRemoteModule } from '../use-remote-module';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn() }));
const loadRemoteMock = jest.mocked(loadRemote);

/** What the runtime hands back when the remote's manifest is unreachable (through our plugin). */
function failedLoad(id: string) {
  return remoteErrorPlugin().errorLoadRemote!({
    id,
    error: new TypeError('Failed to fetch'),
    from: 'runtime',
    lifecycle: 'onLoad',
    remote: { name: id.split('/')[0] } as never,
    origin: {} as never,
  } as never);
}

function ChatPage() {
  const { t } = useTranslation('chat');
  return <h1>{t('title')}</h1>;
}
function Boom(): never {
  throw new Error('page crashed');
}

const chatModule: RemoteModule = {
  id: 'chat',
  routes: [
    { index: true, element: <ChatPage /> },
    { path: 'broken', element: <Boom /> },
  ],
  navigation: [],
  i18n: { namespace: 'chat', resources: { de: { title: 'Unterhaltung' }, en: { title: 'Chat page' } } },
};
const agentsModule: RemoteModule = {
  id: 'agents',
  routes: [{ index: true, element: <h1>Agents page</h1> }],
  navigation: [],
  i18n: { namespace: 'agents', resources: { de: {}, en: {} } },
};

async function createI18n(): Promise<I18n> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: {}, interpolation: { escapeValue: false } });
  return i18n;
}

/**
 * Lets a suspended load finish inside act(): React 19 applies the answer of a promise passed to
 * use() only in an act scope in tests.
 */
async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  });
}

/** A click and whatever loading it starts, all inside act(). */
async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
  await settle();
}

async function renderShell(path: string) {
  const i18n = await createI18n();
  let view!: ReturnType<typeof render>;
  await act(async () => {
    view = render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <nav>
          <Link to="/chat">Chat</Link>
          <Link to="/agents">Agents</Link>
        </nav>
        <Routes>
          <Route path="/chat/*" element={<RemoteRoutes entry={{ name: 'chat' }} notFound={<p>Not found</p>} />} />
          <Route path="/agents/*" element={<RemoteRoutes entry={{ name: 'agents' }} />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
    );
  });
  await settle();
  return { ...view, i18n };
}

describe('RemoteRoutes', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    loadRemoteMock.mockReset();
    forgetRemoteModule('chat');
    forgetRemoteModule('agents');
  });
  afterEach(() => {
    errors.mockRestore();
  });

  it("loads the remote's module, adds its texts to the shell's i18next and renders its routes", async () => {
    loadRemoteMock.mockResolvedValue({ default: chatModule });
    const { i18n } = await renderShell('/chat');
    expect(await screen.findByRole('heading', { name: 'Chat page' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledWith('chat/module');
    expect(i18n.getResourceBundle('de', 'chat')).toEqual({ title: 'Unterhaltung' });
  });

  it('shows a failed remote as an error with retry in its own route, and retry loads it again', async () => {
    loadRemoteMock.mockImplementationOnce(async (id) => failedLoad(id as string)).mockResolvedValueOnce({ default: chatModule });
    await renderShell('/chat');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This area could not be loaded');
    expect(alert).toHaveTextContent('Failed to fetch');
    expect(screen.getByRole('link', { name: 'Agents' })).toBeInTheDocument(); // the shell is still there

    await click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Chat page' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledTimes(2);
  });

  it('keeps failing on retry while the remote is still down, without breaking another remote', async () => {
    loadRemoteMock.mockImplementation(async (id) => (id === 'chat/module' ? failedLoad(id) : { default: agentsModule }));
    await renderShell('/chat');
    await screen.findByRole('alert');
    await click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This area could not be loaded');
    expect(loadRemoteMock).toHaveBeenCalledTimes(2);

    await click(screen.getByRole('link', { name: 'Agents' }));
    expect(await screen.findByRole('heading', { name: 'Agents page' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats a rejected load and a module of the wrong shape the same way', async () => {
    loadRemoteMock.mockRejectedValueOnce(new Error('RUNTIME-004')).mockResolvedValueOnce({ default: { id: 'chat' } });
    await renderShell('/chat');
    expect(await screen.findByRole('alert')).toHaveTextContent('RUNTIME-004');
    await click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('routes is not a list');
  });

  it('catches a page that throws inside its own route', async () => {
    loadRemoteMock.mockResolvedValue({ default: chatModule });
    await renderShell('/chat/broken');
    expect(await screen.findByRole('alert')).toHaveTextContent('page crashed');
    expect(screen.getByRole('link', { name: 'Chat' })).toBeInTheDocument();

    await click(screen.getByRole('link', { name: 'Chat' })); // another page of the same remote
    expect(screen.getByRole('heading', { name: 'Chat page' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
  });

  it("shows the shell's not-found element for a path the remote does not know", async () => {
    loadRemoteMock.mockResolvedValue({ default: chatModule });
    await renderShell('/chat/nothing/here');
    expect(await screen.findByText('Not found')).toBeInTheDocument();
  });

  it("renders the route table the entry's mount names, with the shell's not-found page after it", async () => {
    const appsModule: RemoteModule = {
      id: 'apps',
      routes: [],
      mounts: {
        summarize: [{ index: true, element: <h1>Summarize page</h1> }],
        editor: [{ path: 'new', element: <h1>Editor page</h1> }],
      },
      navigation: [],
      i18n: { namespace: 'apps', resources: { de: {}, en: {} } },
    };
    loadRemoteMock.mockResolvedValue({ default: appsModule });
    const mountAt = async (path: string) => {
      await act(async () => {
        render(
          <I18nextProvider i18n={await createI18n()}>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route path="/summarize/*" element={<RemoteRoutes entry={{ name: 'apps', mount: 'summarize' }} notFound={<p>Not found</p>} />} />
                <Route path="/editor/*" element={<RemoteRoutes entry={{ name: 'apps', mount: 'editor' }} notFound={<p>Not found</p>} />} />
                <Route path="/typo/*" element={<RemoteRoutes entry={{ name: 'apps', mount: 'summarise' }} notFound={<p>Not found</p>} />} />
                <Route path="/unnamed/*" element={<RemoteRoutes entry={{ name: 'apps' }} notFound={<p>Not found</p>} />} />
              </Routes>
            </MemoryRouter>
          </I18nextProvider>,
        );
      });
      await settle();
    };
    forgetRemoteModule('apps');

    await mountAt('/summarize');
    expect(await screen.findByRole('heading', { name: 'Summarize page' })).toBeInTheDocument();
    cleanup();
    // "new" belongs to the editor's table only.
    await mountAt('/summarize/new');
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Editor page' })).toBeNull();
    cleanup();
    await mountAt('/editor/new');
    expect(await screen.findByRole('heading', { name: 'Editor page' })).toBeInTheDocument();
    cleanup();
    // A registry mistake shows in the remote's route, saying what is wrong.
    await mountAt('/typo');
    expect(await screen.findByRole('alert')).toHaveTextContent('remote "apps" has no mount "summarise" (it has: summarize, editor)');
    cleanup();
    await mountAt('/unnamed');
    expect(await screen.findByRole('alert')).toHaveTextContent('its registry entry needs a mount (one of: summarize, editor)');
    expect(loadRemoteMock).toHaveBeenCalledWith('apps/module');
  });

  it('refuses a module whose mounts are not route tables', async () => {
    loadRemoteMock.mockResolvedValue({ default: { ...chatModule, mounts: { summarize: 'index' } } });
    await renderShell('/chat');
    expect(await screen.findByRole('alert')).toHaveTextContent('mounts.summarize is not a list');
  });

  it('shows a loading state while the remote loads', async () => {
    let resolve!: (value: unknown) => void;
    loadRemoteMock.mockReturnValue(new Promise((r) => (resolve = r)));
    await renderShell('/chat');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    resolve({ default: chatModule });
    await settle();
    expect(await screen.findByRole('heading', { name: 'Chat page' })).toBeInTheDocument();
  });
});
