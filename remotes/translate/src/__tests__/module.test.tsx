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
            <Route path="/translate/*" element={<RemoteTree />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('translate remote module', () => {
  it('describes the remote: id, routes, navigation and its texts in de and en with the same keys', () => {
    expect(remote.id).toBe('translate');
    expect(remote.routes.length).toBeGreaterThan(0);
    expect(Array.isArray(remote.navigation)).toBe(true);
    expect(remote.i18n.namespace).toBe('translate');
    expect(keyPaths(remote.i18n.resources.de)).toEqual(keyPaths(remote.i18n.resources.en));
    for (const language of ['de', 'en'] as const) {
      for (const path of keyPaths(remote.i18n.resources[language])) {
        const text = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], remote.i18n.resources[language]);
        expect(typeof text === 'string' && text.trim() !== '').toBe(true);
      }
    }
    for (const entry of remote.navigation) expect(keyPaths(remote.i18n.resources.en)).toContain(entry.labelKey);
  });

  it('renders /translate with the title key skills.translate', async () => {
    await renderAt('/translate');
    expect(await screen.findByRole('heading', { level: 1, name: 'Translate' })).toBeInTheDocument();
    expect(screen.getByText('Nothing translated yet')).toBeInTheDocument();
  });

  it('speaks German', async () => {
    await renderAt('/translate', 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Übersetzen' })).toBeInTheDocument();
  });
});
