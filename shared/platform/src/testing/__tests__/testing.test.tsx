import { setupServer } from 'msw/node';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from '@assistant/routing';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { defaultConfig } from '@assistant/contracts';
import { createApiClients, setApiClients } from '../../http/api-clients';
import { resetPermissions } from '../../permissions/permissions-store';
import { usePermission } from '../../permissions/use-permission';
import { useGatingStore } from '../../gating/gating-store';
import { useFeature, useFlag } from '../../gating/use-feature';
import { useConfigStore } from '../../stores/config-store';
import { renderWithProviders, startupHandlers } from '../index';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 't', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  resetPermissions();
});
afterEach(() => server.resetHandlers());

function Probe() {
  const { t } = useTranslation();
  const location = useLocation();
  const admin = usePermission('AdministrateAssistant');
  const collections = useFeature('collections');
  const chat = useFlag('enableChat');
  const appName = useConfigStore((s) => s.config.customization.application_name);
  useEffect(() => {
    void useGatingStore.getState().load();
    void useConfigStore.getState().load();
  }, []);
  return (
    <ul>
      <li>{t('SNACKBAR.got-it')}</li>
      <li>path {location.pathname + location.search + location.hash}</li>
      <li>admin {String(admin)}</li>
      <li>collections {String(collections)}</li>
      <li>chat {String(chat)}</li>
      <li>app {appName}</li>
    </ul>
  );
}

describe('@assistant/platform/testing', () => {
  it('renders with i18n and a router, and the start-up handlers answer with the given data', async () => {
    const base = defaultConfig(false);
    server.use(
      ...startupHandlers({
        permissions: ['AdministrateAssistant'],
        featureSet: '251000',
        flags: { enableChat: true },
        config: { ...base, customization: { ...base.customization, application_name: 'Testportal' } },
      }),
    );
    renderWithProviders(<Probe />, { route: '/collections/company?x=1#part', language: 'en' });
    expect(screen.getByText('Got it')).toBeInTheDocument();
    expect(screen.getByText('path /collections/company?x=1#part')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('admin true')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('collections true')).toBeInTheDocument());
    expect(screen.getByText('chat true')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('app Testportal')).toBeInTheDocument());
  });

  it('German by default; a user without permissions is no administrator', async () => {
    server.use(...startupHandlers());
    renderWithProviders(<Probe />);
    expect(screen.getByText('Verstanden')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('admin false')).toBeInTheDocument());
  });
});
