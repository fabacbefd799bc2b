import { StrictMode, Suspense, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Navigate, useRoutes, type RouteObject } from '@assistant/routing';
import { addNamespace, i18n, initI18n } from '../i18n/i18n';
import { ServerStateProvider } from '../server-state/server-state-provider';
import { mountedRoutes, type RemoteModule } from './remote-module';

function PageRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * A remote on its own page, mounted as the host mounts it (its relative routes, or the route table
 * `mount` names, below `<routeBase>/*`), so a team can run and show its remote without the shell.
 * No sign-in: calls that need a token fail there, as they would for a signed-out user.
 */
export function StandaloneRemote({ remote, routeBase, mount }: { remote: RemoteModule; routeBase: string; mount?: string }) {
  const routes = useMemo<RouteObject[]>(() => {
    initI18n();
    addNamespace(remote.i18n.namespace, remote.i18n.resources);
    const Panel = remote.sidePanel;
    return [
      {
        path: `${routeBase}/*`,
        element: (
          <>
            {/* The module's side panel before its page, where the shell's panel would be. */}
            {Panel && (
              <Suspense fallback={null}>
                <Panel routeBase={routeBase} />
              </Suspense>
            )}
            <Suspense fallback={<p role="status">…</p>}>
              <PageRoutes routes={mountedRoutes(remote, mount)} />
            </Suspense>
          </>
        ),
      },
      { path: '*', element: <Navigate to={routeBase} replace /> },
    ];
  }, [remote, routeBase, mount]);
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <ServerStateProvider>
          <BrowserRouter>
            <PageRoutes routes={routes} />
          </BrowserRouter>
        </ServerStateProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
