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
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addShellTexts } from '../../../app/shell-i18n';
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
const calls: string[] = [];
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
    const body = (await request.json()) as AdminSettings;
    calls.push('PATCH admin/settings');
    if (failSave) {
      return HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'customization.support_email: Invalid email' }, { status: 400 });
    }
    stored = { ...stored, ...body, feature_flags: { ...stored.feature_flags, ...body.feature_flags } };
    return HttpResponse.json(stored);
  }),
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
  calls.length = 0;
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
    const email = await screen.findByLabelText(/Support email/);
    await user.clear(email);
    await user.type(email, 'not-an-email');
    calls.length = 0;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notices().map((n) => n.variant)).toEqual(['error']));
    expect(screen.getByLabelText(/Support email/)).toHaveValue('not-an-email');
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
});
