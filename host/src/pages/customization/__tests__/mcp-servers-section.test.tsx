import { defaultConfig, type AdminSettings, type McpServer } from '@assistant/contracts';
import { createApiClients, setApiClients, useConfigStore, useGatingStore, useNotificationsStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addShellTexts } from '../../../app/shell-i18n';
import { CustomizationPage } from '../customization-page';

jest.setTimeout(20_000);

const settings: AdminSettings = {
  feature_flags: { enableChat: true, enableCustomization: true },
  feature_set: 'BETA',
  customization: defaultConfig(false).customization,
};

let servers: McpServer[];
let created: Record<string, unknown>[];
let deleted: string[];
let tested: string[];
let testAnswer: (id: string) => Response;
let hold: Promise<void> | null;

const server = setupServer(
  http.get('*/api/admin/settings', () => HttpResponse.json(settings)),
  http.get('*/api/admin/mcp-servers', () => HttpResponse.json({ servers })),
  http.post('*/api/admin/mcp-servers', async ({ request }) => {
    const body = (await request.json()) as { name: string; url: string; bearer_token?: string };
    created.push(body);
    const entry: McpServer = {
      id: `00000000-0000-4000-8000-00000000000${servers.length + 1}`,
      name: body.name,
      url: body.url,
      has_auth: Boolean(body.bearer_token),
      created_at: '2026-11-23T09:00:00Z',
    };
    servers = [...servers, entry];
    return HttpResponse.json(entry, { status: 201 });
  }),
  http.delete('*/api/admin/mcp-servers/:id', ({ params }) => {
    deleted.push(String(params.id));
    servers = servers.filter((entry) => entry.id !== params.id);
    return new HttpResponse(null, { status: 204 });
  }),
  http.post('*/api/admin/mcp-servers/:id/test', async ({ params }) => {
    tested.push(String(params.id));
    if (hold) await hold;
    return testAnswer(String(params.id));
  }),
);

const hr: McpServer = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Personalverzeichnis',
  url: 'https://mcp.example.org/hr/mcp',
  has_auth: true,
  created_at: '2026-11-20T09:00:00Z',
};

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  addShellTexts();
});
afterAll(() => server.close());
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  servers = [hr];
  created = [];
  deleted = [];
  tested = [];
  hold = null;
  testAnswer = () =>
    HttpResponse.json({
      tools: [
        { name: 'lookup_employee', description: 'Looks up an employee by full name.' },
        { name: 'list_rooms', description: '' },
      ],
    });
  useNotificationsStore.getState().clear();
  useConfigStore.setState({ config: defaultConfig(false) });
  useGatingStore.setState({ flags: settings.feature_flags, featureSet: 'BETA', status: 'loaded' });
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const renderPage = (language: 'de' | 'en' = 'en') => renderWithProviders(<CustomizationPage />, { language });
const section = async (name = 'Tool servers (MCP)') => screen.findByRole('region', { name });

describe('tool servers (MCP) on the customization page', () => {
  it('lists the registered servers with their URL and whether they have a token', async () => {
    renderPage();
    const list = await within(await section()).findByRole('list', { name: 'Registered tool servers' });
    const item = await within(list).findByRole('listitem');
    expect(within(item).getByRole('heading', { level: 3, name: 'Personalverzeichnis' })).toBeInTheDocument();
    expect(item).toHaveTextContent('https://mcp.example.org/hr/mcp');
    expect(item).toHaveTextContent('with token');
  });

  it('is not shown outside feature set BETA', async () => {
    useGatingStore.setState({ featureSet: '251000' });
    renderPage();
    expect(await screen.findByLabelText(/Application name/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tool servers (MCP)' })).not.toBeInTheDocument();
  });

  it('adds a server with the keyboard alone; the token is sent once and the form is emptied', async () => {
    renderPage();
    const user = userEvent.setup();
    const area = await section();
    await within(area).findByRole('heading', { level: 3, name: 'Personalverzeichnis' });
    await user.click(within(area).getByLabelText(/^Name/));
    await user.keyboard('IT-Betrieb');
    await user.tab();
    await user.keyboard('https://mcp.example.org/it/mcp');
    await user.tab();
    await user.keyboard('s3cr3t-token');
    await user.keyboard('{Enter}');
    await within(area).findByRole('heading', { level: 3, name: 'IT-Betrieb' });
    expect(created).toEqual([{ name: 'IT-Betrieb', url: 'https://mcp.example.org/it/mcp', bearer_token: 's3cr3t-token' }]);
    expect(within(area).getByLabelText(/^Bearer token/)).toHaveValue('');
    expect(within(area).getByLabelText(/^Name/)).toHaveFocus();
    expect(within(area).getByRole('status')).toHaveTextContent('IT-Betrieb was added.');
  });

  it('shows each problem at its field and sends nothing: empty name, wrong URL, a token with spaces, a name in use', async () => {
    renderPage();
    const user = userEvent.setup();
    const area = await section();
    await within(area).findByRole('heading', { level: 3, name: 'Personalverzeichnis' });
    await user.type(within(area).getByLabelText(/^URL/), 'ftp://mcp.example.org');
    await user.type(within(area).getByLabelText(/^Bearer token/), 'a b');
    await user.click(within(area).getByRole('button', { name: 'Add' }));
    expect(await within(area).findByText('Enter a name (at most 80 characters).')).toBeInTheDocument();
    expect(within(area).getByText('Enter an address starting with https:// or http://, without user name and password.')).toBeInTheDocument();
    expect(within(area).getByText('The token must not contain spaces (at most 4096 characters).')).toBeInTheDocument();
    await waitFor(() => expect(within(area).getByLabelText(/^Name/)).toHaveFocus());

    await user.type(within(area).getByLabelText(/^Name/), 'personalverzeichnis');
    await user.clear(within(area).getByLabelText(/^URL/));
    await user.type(within(area).getByLabelText(/^URL/), 'https://mcp.example.org/x');
    await user.clear(within(area).getByLabelText(/^Bearer token/));
    await user.click(within(area).getByRole('button', { name: 'Add' }));
    expect(await within(area).findByText('A tool server with this name exists already.')).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it('lists a server’s tools on "List tools", and says so while it asks', async () => {
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    renderPage();
    const user = userEvent.setup();
    const area = await section();
    await user.click(await within(area).findByRole('button', { name: 'List tools of Personalverzeichnis' }));
    expect(await within(area).findByText('Asking Personalverzeichnis for its tools …')).toBeInTheDocument();
    release();
    expect(await within(area).findByText('Personalverzeichnis offers 2 tools:')).toBeInTheDocument();
    expect(within(area).getByText('lookup_employee')).toBeInTheDocument();
    expect(within(area).getByText('list_rooms')).toBeInTheDocument();
    expect(tested).toEqual([hr.id]);
  });

  it('shows why a test failed: the server did not answer (502) or not in time (504)', async () => {
    testAnswer = () =>
      HttpResponse.json(
        { statusCode: 502, error: 'Bad Gateway', message: 'The tool server could not be reached or refused: it refused the bearer token (HTTP 401)', code: 'upstream_failed' },
        { status: 502 },
      );
    renderPage('de');
    const user = userEvent.setup();
    const area = await section('Tool-Server (MCP)');
    const button = await within(area).findByRole('button', { name: 'Werkzeuge abrufen: Personalverzeichnis' });
    await user.click(button);
    expect(await within(area).findByText('Personalverzeichnis hat nicht geantwortet.')).toBeInTheDocument();
    expect(within(area).getByText(/^Einzelheiten: .*it refused the bearer token \(HTTP 401\)$/)).toBeInTheDocument();

    testAnswer = () =>
      HttpResponse.json({ statusCode: 504, error: 'Gateway Timeout', message: 'The tool server did not answer within 10 s', code: 'upstream_timeout' }, { status: 504 });
    await user.click(button);
    expect(await within(area).findByText('Personalverzeichnis hat nicht rechtzeitig geantwortet.')).toBeInTheDocument();
  });

  it('removes a server after confirming; Cancel keeps it', async () => {
    renderPage();
    const user = userEvent.setup();
    const area = await section();
    await user.click(await within(area).findByRole('button', { name: 'Remove Personalverzeichnis' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the tool server “Personalverzeichnis”?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(deleted).toEqual([]);

    await user.click(within(area).getByRole('button', { name: 'Remove Personalverzeichnis' }));
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: 'Remove' }));
    expect(await within(area).findByText('No tool server registered yet.')).toBeInTheDocument();
    expect(deleted).toEqual([hr.id]);
    expect(within(area).getByRole('status')).toHaveTextContent('Personalverzeichnis was removed.');
    await waitFor(() => expect(within(area).getByRole('heading', { level: 2, name: 'Tool servers (MCP)' })).toHaveFocus());
  });

  it('has no axe violations with a tested server and the add form with errors', async () => {
    renderPage();
    const user = userEvent.setup();
    const area = await section();
    await user.click(await within(area).findByRole('button', { name: 'List tools of Personalverzeichnis' }));
    await within(area).findByText('lookup_employee');
    await user.click(within(area).getByRole('button', { name: 'Add' }));
    await within(area).findByText('Enter a name (at most 80 characters).');
    const result = await axe.run(document, {
      rules: Object.fromEntries(['color-contrast', 'color-contrast-enhanced', 'target-size', 'document-title', 'html-has-lang', 'region'].map((id) => [id, { enabled: false }])),
    });
    expect(result.passes.length).toBeGreaterThan(10);
    expect(result.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.html) }))).toEqual([]);
  });
});
