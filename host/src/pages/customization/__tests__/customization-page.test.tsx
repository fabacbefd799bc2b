import { defaultConfig, type AdminSettings } from '@assistant/contracts';
import {
  createApiClients,
  queryClient,
  setApiClients,
  useConfigStore,
  useGatingStore,
  useNotificationsStore,
} from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addShellTexts } from '../../../app/shell-i18n';
import { darkVariant } from '../../../branding/dark-brand-colors';
import { adminSettingsKeys } from '../api/get-admin-settings';
import { CustomizationPage } from '../customization-page';

const initial: AdminSettings = {
  feature_flags: { enableChat: true, enableTranslate: true, enableCustomization: true },
  feature_set: 'BETA',
  customization: defaultConfig(false).customization,
};

let stored: AdminSettings;
let failLoads = 0;
let failSave = false;
let loadAnswer: (() => Promise<Response>) | null = null;
let saveAnswer: (() => Response) | null = null;
const calls: string[] = [];
const patches: Record<string, unknown>[] = [];
const server = setupServer(
  http.get('*/api/admin/settings', () => {
    calls.push('GET admin/settings');
    if (loadAnswer) return loadAnswer();
    if (failLoads > 0) {
      failLoads -= 1;
      return HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, { status: 500 });
    }
    return HttpResponse.json(stored);
  }),
  http.patch('*/api/admin/settings', async ({ request }) => {
    const { confirm_lockout: confirmLockout, ...body } = (await request.json()) as AdminSettings & { confirm_lockout?: true };
    calls.push('PATCH admin/settings');
    patches.push({ ...body, confirm_lockout: confirmLockout });
    if (saveAnswer) return saveAnswer();
    if (failSave) {
      return HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'customization.support_email: Invalid email' }, { status: 400 });
    }
    stored = { ...stored, ...body, feature_flags: { ...stored.feature_flags, ...body.feature_flags } };
    return HttpResponse.json(stored);
  }),
  // The tool servers section below the form (mcp-servers-section.test.tsx tests it).
  http.get('*/api/admin/mcp-servers', () => HttpResponse.json({ servers: [] })),
  // What the shell shows, read from where the shell reads it at start-up.
  http.get('*/api/feature-flags', () => {
    calls.push('GET feature-flags');
    return HttpResponse.json(stored.feature_flags);
  }),
  http.get('*/api/feature-set', () => {
    calls.push('GET feature-set');
    return HttpResponse.json({ feature_set: stored.feature_set });
  }),
  http.get('*/api/config', () => {
    calls.push('GET config');
    return HttpResponse.json({ ...defaultConfig(false), customization: stored.customization });
  }),
);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  addShellTexts();
});
afterAll(() => server.close());
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  stored = structuredClone(initial);
  failLoads = 0;
  failSave = false;
  loadAnswer = null;
  saveAnswer = null;
  calls.length = 0;
  patches.length = 0;
  useNotificationsStore.getState().clear();
  useConfigStore.setState({ config: defaultConfig(false) });
  useGatingStore.setState({ flags: initial.feature_flags, featureSet: 'BETA', status: 'loaded' });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function renderPage() {
  return renderWithProviders(<CustomizationPage />, { language: 'en' });
}
const notices = () => useNotificationsStore.getState().notifications;

describe('customization page', () => {
  it('loads the stored settings into the form', async () => {
    renderPage();
    expect(await screen.findByLabelText(/Application name/)).toHaveValue('Assistant');
    expect(screen.getByRole('heading', { level: 1, name: 'Customization' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Chat' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Collections' })).not.toBeChecked();
    expect(calls).toEqual(['GET admin/settings']);
  });

  it('a failed load shows the error with a retry that loads again', async () => {
    failLoads = 1;
    renderPage();
    expect(await screen.findByRole('heading', { name: 'The settings could not be loaded.' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /Erneut versuchen|Try again/ }));
    expect(await screen.findByLabelText(/Application name/)).toHaveValue('Assistant');
    expect(calls).toEqual(['GET admin/settings', 'GET admin/settings']);
  });

  it('saves, then shows the change in the shell without a reload: configuration, flags, then the feature set', async () => {
    renderPage();
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/Application name/);
    await user.clear(name);
    await user.type(name, 'Firmen-Assistent');
    await user.click(screen.getByRole('checkbox', { name: 'Chat' }));
    await user.selectOptions(screen.getByLabelText('Feature set'), '251000');
    calls.length = 0;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Feature set 251000 hides this page (BETA only): asked first, then sent with confirm_lockout.
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save anyway' }));

    await waitFor(() => expect(notices().map((n) => n.variant)).toEqual(['success']));
    expect(notices()[0]!.message).toEqual({ key: 'CUSTOMIZATION.saved', ns: 'shell' });
    expect(stored).toMatchObject({ feature_set: '251000', feature_flags: { enableChat: false }, customization: { application_name: 'Firmen-Assistent' } });
    // The shell's sources were read again before "saved" was shown, flags before the feature set.
    expect(calls[0]).toBe('PATCH admin/settings');
    expect(calls.slice(1).sort()).toEqual(['GET config', 'GET feature-flags', 'GET feature-set']);
    expect(calls.indexOf('GET feature-flags')).toBeLessThan(calls.indexOf('GET feature-set'));
    expect(useConfigStore.getState().config.customization.application_name).toBe('Firmen-Assistent');
    expect(useGatingStore.getState()).toMatchObject({ flags: { enableChat: false }, featureSet: '251000' });
    // The cached settings are the answer; the form shows them.
    expect(queryClient.getQueryData(adminSettingsKeys.all)).toEqual(stored);
    expect(screen.getByLabelText(/Application name/)).toHaveValue('Firmen-Assistent');
    expect(screen.getByRole('checkbox', { name: 'Chat' })).not.toBeChecked();
    expect(calls).not.toContain('GET admin/settings');
  });

  it('a refused save says why and keeps what was typed; nothing is reloaded', async () => {
    failSave = true;
    renderPage();
    const user = userEvent.setup();
    // A value the form accepts; the server refuses it anyway (without naming a field).
    const email = await screen.findByLabelText(/Support email/);
    await user.clear(email);
    await user.type(email, 'help@corp.example');
    calls.length = 0;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices().map((n) => n.variant)).toEqual(['error']));
    expect(screen.getByLabelText(/Support email/)).toHaveValue('help@corp.example');
    expect(calls).toEqual(['PATCH admin/settings']);
    expect(useGatingStore.getState().featureSet).toBe('BETA');
  });

  it('shows the cached settings at once when entered again, and refreshes them in the background', async () => {
    const first = renderPage();
    await screen.findByLabelText(/Application name/);
    first.unmount();

    stored = { ...stored, customization: { ...stored.customization, application_name: 'Neu' } };
    let release!: () => void;
    loadAnswer = () => new Promise<Response>((resolve) => (release = () => resolve(HttpResponse.json(stored))));
    renderPage();
    expect(await screen.findByLabelText(/Application name/)).toHaveValue('Assistant');
    await waitFor(() => expect(calls).toEqual(['GET admin/settings', 'GET admin/settings']));
    release();
    await waitFor(() => expect(screen.getByLabelText(/Application name/)).toHaveValue('Neu'));
  });

  it('checks with the contract before sending: an invalid colour and an empty name show at their fields, the first gets focus', async () => {
    renderPage();
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/Application name/);
    await user.clear(name);
    await user.type(screen.getByLabelText(/Primary colour/), 'blau');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Enter a name (at most 100 characters).')).toBeInTheDocument();
    expect(screen.getByLabelText(/Application name/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Application name/)).toHaveAccessibleDescription(/Enter a name/);
    expect(screen.getByLabelText(/Primary colour/)).toHaveAccessibleDescription(/Enter a CSS colour/);
    await waitFor(() => expect(screen.getByLabelText(/Application name/)).toHaveFocus());
    expect(calls).toEqual(['GET admin/settings']);
    expect(notices()).toEqual([]);

    // The messages follow the edits; a valid form is sent.
    await user.type(screen.getByLabelText(/Application name/), 'Assistent');
    expect(screen.queryByText('Enter a name (at most 100 characters).')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Primary colour/));
    await user.type(screen.getByLabelText(/Primary colour/), '#1d4ed8');
    // The colour as the dark theme will show it: lighter, the same hue.
    expect(screen.getByText(`In the dark theme: ${darkVariant('#1d4ed8')} (lightened so that text on it and beside it stays readable)`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices().map((n) => n.variant)).toEqual(['success']));
    expect(stored.customization).toMatchObject({ application_name: 'Assistent', colors: { primary: '#1d4ed8' } });
  });

  it("shows the server's 400 issues at their fields, not as a toast", async () => {
    saveAnswer = () =>
      HttpResponse.json(
        {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid body',
          code: 'validation_failed',
          issues: [{ path: ['body', 'customization', 'imprint_link'], message: 'Must be a URL (https://...)' }],
        },
        { status: 400 },
      );
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Imprint link/), 'https://corp.example/imprint');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a link starting with https://.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Imprint link/)).toHaveFocus());
    expect(notices()).toEqual([]);
  });

  it('asks before switching off customization, says how to get it back, and sends confirm_lockout only when confirmed', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Customization' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(/SETTINGS_SEED_FILE/);
    expect(dialog).toHaveTextContent(/PATCH \/api\/admin\/settings/);
    expect(calls).toEqual(['GET admin/settings']);

    await user.click(within(dialog).getByRole('button', { name: /Cancel|Abbrechen/ }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls).toEqual(['GET admin/settings']);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(notices().map((n) => n.variant)).toEqual(['success']));
    expect(patches).toEqual([expect.objectContaining({ confirm_lockout: true, feature_flags: expect.objectContaining({ enableCustomization: false }) })]);
  });

  it('other changes are saved without asking and without confirm_lockout', async () => {
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Chat' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices().map((n) => n.variant)).toEqual(['success']));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(patches).toEqual([expect.objectContaining({ confirm_lockout: undefined })]);
  });

  it('switches the guided start off for everyone and sets the documentation and help-center links the footer shows', async () => {
    renderPage();
    const user = userEvent.setup();
    const getStarted = await screen.findByRole('checkbox', { name: 'Getting started on the first visit' });
    expect(getStarted).toBeChecked();
    await user.click(getStarted);
    await user.type(screen.getByLabelText(/Link to the documentation/), 'https://docs.example.com/');
    await user.type(screen.getByLabelText(/Link to the help center/), 'not a link');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a link starting with https://.')).toBeInTheDocument();
    expect(patches).toEqual([]);

    const help = screen.getByLabelText(/Link to the help center/);
    await user.clear(help);
    await user.type(help, 'https://help.example.com/');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices().map((n) => n.variant)).toEqual(['success']));
    expect(stored.customization).toMatchObject({
      get_started_enabled: false,
      documentation_link: 'https://docs.example.com/',
      help_center_link: 'https://help.example.com/',
    });
    expect(useConfigStore.getState().config.customization.get_started_enabled).toBe(false);
  });

  it('says what each switch turns on and does not offer switches of features that do not exist yet', async () => {
    renderPage();
    expect(await screen.findByRole('checkbox', { name: 'Collections' })).toHaveAccessibleDescription(/upload and search documents/);
    for (const missing of ['Deep research', 'Natural-language search', 'Summarize', 'Generate']) {
      expect(screen.queryByRole('checkbox', { name: missing })).not.toBeInTheDocument();
    }
    expect(screen.getByText(/no feature in the portal yet/)).toBeInTheDocument();
  });

  it('takes a PNG or SVG logo with a preview through <img>, and refuses other files at the field', async () => {
    renderPage();
    const user = userEvent.setup({ applyAccept: false });
    const input = await screen.findByLabelText('Logo');
    await user.upload(input, new File(['<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'], 'logo.svg', { type: 'image/svg+xml' }));
    const preview = await screen.findByRole('img', { name: 'Preview: logo.svg' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(document.querySelector('svg rect')).toBeNull();

    await user.upload(screen.getByLabelText('Favicon (icon in the browser tab)'), new File(['x'], 'icon.gif', { type: 'image/gif' }));
    expect(await screen.findByText('Choose a PNG or SVG file of at most 512 KB.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices().map((n) => n.variant)).toEqual(['success']));
    expect(stored.customization.logo).toMatchObject({ type: 'svg', name: 'logo.svg' });
  });
});
