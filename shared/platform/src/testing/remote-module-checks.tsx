import { remoteRegistryEntrySchema } from '@assistant/contracts/startup';
import { render, type RenderResult } from '@testing-library/react';
import i18next from 'i18next';
import { Suspense, type ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useRoutes } from '@assistant/routing';
import { mountedRoutes, type RemoteModule } from '../federation/remote-module';
import { ServerStateProvider } from '../server-state/server-state-provider';
import './reset-between-tests';

function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value)
    .flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key))
    .sort();
}

function textAt(resources: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], resources);
}

/**
 * What is wrong with a remote's `./module` default export, as readable lines (empty when it is
 * sound): its id, routes (or mounts, each with routes and a name a registry entry can give), de
 * and en texts with the same keys and none empty, navigation labels.
 */
export function remoteModuleProblems(remote: RemoteModule, expectedId: string): string[] {
  const problems: string[] = [];
  if (remote.id !== expectedId) problems.push(`id is "${remote.id}", expected "${expectedId}"`);
  const mounts = Object.entries(remote.mounts ?? {});
  if (remote.routes.length === 0 && mounts.length === 0) problems.push('no routes');
  for (const [name, routes] of mounts) {
    if (!remoteRegistryEntrySchema.shape.mount.safeParse(name).success) problems.push(`mount "${name}" is no name a registry entry can give`);
    if (routes.length === 0) problems.push(`mount "${name}" has no routes`);
  }
  if (!remote.i18n.namespace) problems.push('no i18n namespace');
  const de = keyPaths(remote.i18n.resources.de);
  const en = keyPaths(remote.i18n.resources.en);
  for (const key of de.filter((k) => !en.includes(k))) problems.push(`text ${key} only in de`);
  for (const key of en.filter((k) => !de.includes(k))) problems.push(`text ${key} only in en`);
  for (const language of ['de', 'en'] as const) {
    for (const key of keyPaths(remote.i18n.resources[language])) {
      const text = textAt(remote.i18n.resources[language], key);
      if (typeof text !== 'string' || text.trim() === '') problems.push(`text ${key} is empty in ${language}`);
    }
  }
  for (const entry of remote.navigation) {
    if (!en.includes(entry.labelKey)) problems.push(`navigation label ${entry.labelKey} has no text`);
  }
  return problems;
}

export interface RenderRemoteOptions {
  /** The route table the registry entry names (`mount`); without it, the module's `routes`. */
  mount?: string;
  /** What the host shows for a path below the route base that the remote does not know. */
  notFound?: ReactNode;
}

/** Renders a remote's routes at `path`, mounted below `routeBase` as the host mounts them, and its side panel before them. */
export async function renderRemoteAt(
  remote: RemoteModule,
  routeBase: string,
  path: string,
  language: 'de' | 'en' = 'en',
  { mount, notFound }: RenderRemoteOptions = {},
): Promise<RenderResult> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: language, resources: {}, interpolation: { escapeValue: false } });
  i18n.addResourceBundle('de', remote.i18n.namespace, remote.i18n.resources.de);
  i18n.addResourceBundle('en', remote.i18n.namespace, remote.i18n.resources.en);
  const table = mountedRoutes(remote, mount, notFound);
  function RemoteTree() {
    return useRoutes(table);
  }
  // The module's side panel, where the shell puts it: before the page, in a Suspense of its own.
  const Panel = remote.sidePanel;
  return render(
    <I18nextProvider i18n={i18n}>
      <ServerStateProvider>
        <MemoryRouter initialEntries={[path]}>
          {Panel && (
            <Suspense fallback={null}>
              <Panel routeBase={routeBase} />
            </Suspense>
          )}
          <Suspense fallback={null}>
            <Routes>
              <Route path={`${routeBase}/*`} element={<RemoteTree />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </ServerStateProvider>
    </I18nextProvider>,
  );
}
