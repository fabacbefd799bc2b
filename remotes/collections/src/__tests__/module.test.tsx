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
            <Route path="/collections/*" element={<RemoteTree />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('collections remote module', () => {
  it('describes the remote: id, routes, navigation and its texts in de and en with the same keys', () => {
    expect(remote.id).toBe('collections');
    expect(remote.routes.length).toBeGreaterThan(0);
    expect(Array.isArray(remote.navigation)).toBe(true);
    expect(remote.i18n.namespace).toBe('collections');
    expect(keyPaths(remote.i18n.resources.de)).toEqual(keyPaths(remote.i18n.resources.en));
    for (const language of ['de', 'en'] as const) {
      for (const path of keyPaths(remote.i18n.resources[language])) {
        const text = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], remote.i18n.resources[language]);
        expect(typeof text === 'string' && text.trim() !== '').toBe(true);
      }
    }
    for (const entry of remote.navigation) expect(keyPaths(remote.i18n.resources.en)).toContain(entry.labelKey);
  });

  it('redirects /collections to the personal tab', async () => {
    await renderAt('/collections');
    expect(await screen.findByRole('heading', { level: 1, name: 'Collections' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Personal collections' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Personal' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Company' })).not.toHaveAttribute('aria-current');
  });

  it('shows the company tab as a route of its own, tabs as links', async () => {
    await renderAt('/collections/company');
    expect(await screen.findByRole('heading', { level: 2, name: 'Company collections' })).toBeInTheDocument();
    expect(screen.getByText('No company collections yet')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Collection types' });
    expect(tabs).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Company' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Personal' })).toHaveAttribute('href', '/collections/personal');
  });

  it('shows a collection at /collections/:stageId', async () => {
    await renderAt('/collections/stage-42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Collection details' })).toBeInTheDocument();
    expect(screen.getByText('No documents yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to collections' })).toHaveAttribute('href', '/collections');
  });

  it('speaks German', async () => {
    await renderAt('/collections/personal', 'de');
    expect(await screen.findByText('Noch keine persönlichen Sammlungen')).toBeInTheDocument();
  });
});
