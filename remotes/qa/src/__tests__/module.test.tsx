import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useRoutes } from 'react-router';
import remote from '../module';

function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key)).sort();
}

async function renderAt(path: string, language: 'de' | 'en' = 'en') {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: language, resources: {}, interpolation: { escapeValue: false } });
  i18n.addResourceBundle('de', remote.i18n.namespace, remote.i18n.resources.de);
  i18n.addResourceBundle('en', remote.i18n.namespace, remote.i18n.resources.en);
  function RemoteTree() {
    return useRoutes(remote.routes);
  }
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <Routes>
            <Route path="/usecases/qa/*" element={<RemoteTree />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('qa remote module', () => {
  it('describes the remote: id, routes, navigation and its texts in de and en with the same keys', () => {
    expect(remote.id).toBe('qa');
    expect(remote.routes.length).toBeGreaterThan(0);
    expect(Array.isArray(remote.navigation)).toBe(true);
    expect(remote.i18n.namespace).toBe('qa');
    expect(keyPaths(remote.i18n.resources.de)).toEqual(keyPaths(remote.i18n.resources.en));
    for (const language of ['de', 'en'] as const) {
      for (const path of keyPaths(remote.i18n.resources[language])) {
        const text = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], remote.i18n.resources[language]);
        expect(typeof text === 'string' && text.trim() !== '').toBe(true);
      }
    }
    for (const entry of remote.navigation) expect(keyPaths(remote.i18n.resources.en)).toContain(entry.labelKey);
  });

  it('renders /usecases/qa with its title, the empty history and the empty preview', async () => {
    await renderAt('/usecases/qa');
    expect(await screen.findByRole('heading', { level: 1, name: 'Questions about documents' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Chat history' })).toBeInTheDocument();
    expect(screen.getByText('No questions yet')).toBeInTheDocument();
    expect(screen.getByText('No document selected')).toBeInTheDocument();
  });

  it('speaks German', async () => {
    await renderAt('/usecases/qa', 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fragen zu Dokumenten' })).toBeInTheDocument();
  });
});
