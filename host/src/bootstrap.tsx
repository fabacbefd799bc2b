// The shell's start-up (SPEC section 4): sign-in first (every API call needs a token), then
// 1. flags, then the feature set; 2. the router; 3. once it exists, the access token and
// telemetry; 4. mount. Configuration, remote registry and permissions load beside step 1.
// Few round trips before the first paint: the portal config and the registry come inlined in the page (app/inline-startup.ts);
// flags, feature set, config and permissions come in one answer (GET /api/startup, applied in
// the spec's order, app/load-startup.ts); the current route's remote loads beside it.
import '@assistant/ui/styles.css';
import './shell.css';
import {
  createAuth,
  currentLanguage,
  changeLanguage,
  i18n,
  initPlatform,
  isFeatureAvailable,
  isSessionInvalid,
  preloadQueryPersister,
  setPersistenceUser,
  useGatingStore,
  useWorkspaceStore,
  type FeatureName,
} from '@assistant/platform';
import { Suspense, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes, type RouteObject } from '@assistant/routing';
import { OAuthCallbackPage } from './app/lazy-pages';
import { readInlineStartup } from './app/inline-startup';
import { loadRuntimeConfig } from './app/load-runtime-config';
import { fetchStartup } from './app/early-startup';
import { loadStartup } from './app/load-startup';
import { RouteErrorBoundary } from './app/route-error-boundary';
import { buildRoutes } from './app/routes';
import { ShellProviders } from './app/shell-providers';
import { addShellTexts } from './app/shell-i18n';
import { completeStartCallback } from './app/start-callback';
import { StartScreen } from './app/start-screen';
import { startTelemetry } from './app/start-telemetry';
import { loadRemoteModule, preloadRemoteForPath, remoteForPath, startFederation } from './federation';
import { preloadNavigationWhenIdle, setPreloadableRemotes } from './navigation/preload-on-intent';
import { buildNavigation, isRemoteEnabled } from './navigation/build-navigation';
import { SignedOutPage } from './auth/signed-out-page';
import { clearSignedOut, isMarkedSignedOut } from './auth/signed-out';

const root = createRoot(document.getElementById('root')!);

/** The shell's route table, rendered by the declarative router (no data router: a smaller shell). */
function ShellRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

async function start(): Promise<void> {
  const inline = readInlineStartup();
  const runtime = await loadRuntimeConfig(fetch, inline.portalConfig);
  const auth = createAuth({ authority: runtime.oidc.authority, clientId: runtime.oidc.clientId, origin: window.location.origin });
  initPlatform({ auth });
  addShellTexts();
  document.documentElement.lang = currentLanguage();
  i18n.on('languageChanged', () => (document.documentElement.lang = currentLanguage()));

  // The OAuth callback of a connector needs no portal sign-in.
  if (window.location.pathname === '/oauth/callback') {
    root.render(
      <ShellProviders>
        <Suspense fallback={<StartScreen state="loading" />}>
          <OAuthCallbackPage />
        </Suspense>
      </ShellProviders>,
    );
    return;
  }
  root.render(
    <ShellProviders>
      <StartScreen state="loading" />
    </ShellProviders>,
  );

  if (window.location.pathname === '/callback') {
    const show = (page: ReactElement) => root.render(<ShellProviders>{page}</ShellProviders>);
    if (!(await completeStartCallback(auth, show))) return;
  }
  const user = await auth.getUser();
  if (isSessionInvalid(user) && isMarkedSignedOut() && window.location.pathname === '/') {
    // Back from sign-out: say so, and sign in again only when asked.
    root.render(
      <ShellProviders>
        <SignedOutPage />
      </ShellProviders>,
    );
    return;
  }
  if (isSessionInvalid(user)) {
    root.render(
      <ShellProviders>
        <StartScreen state="signing-in" />
      </ShellProviders>,
    );
    const { pathname, search, hash } = window.location;
    await auth.signIn({ pathname, search, hash });
    return;
  }
  clearSignedOut();
  // Per-user stores (workspace, config, resources) switch to this user before anything reads them.
  await setPersistenceUser(user!.profile.sub);
  const locale = useWorkspaceStore.getState().locale;
  if (locale) await changeLanguage(locale);

  // The registry (inlined, or one request) and the current route's remote load beside the server's
  // start-up answer; neither waits for the other.
  const registryReady = startFederation({ inline: inline.registry });
  void registryReady.then((entries) => {
    // A remote's page may start with a persisted query (the translation and QA resources): its
    // persister comes in beside the page instead of after it renders. (The full contracts are not
    // loaded here: evaluating them before the shell's first frame cost more CPU than it saved.)
    if (remoteForPath(entries, window.location.pathname)) preloadQueryPersister();
    return preloadRemoteForPath(entries, window.location.pathname);
  });
  const [registry, permissions] = await Promise.all([registryReady, loadStartup(() => fetchStartup(() => auth.getAccessToken()))]);
  const { flags, featureSet } = useGatingStore.getState();
  const available = (feature: FeatureName) => isFeatureAvailable(featureSet, feature);
  // Routed: flag and feature on. An entry that `requires` a capability is routed too; its route and
  // the layout's live navigation ask the server (capabilities/use-capabilities.ts).
  const remotes = registry.filter((entry) => isRemoteEnabled(entry, { flags, isFeatureAvailable: available }));
  const isAdmin = permissions.has('AdministrateAssistant');

  const routes = buildRoutes({ flags, isFeatureAvailable: available, remotes, isAdmin });
  void auth.getAccessToken();
  startTelemetry(runtime, auth);

  setPreloadableRemotes(remotes);
  const shell = { auth, remotes, navigation: buildNavigation({ flags, isFeatureAvailable: available, remotes }), isAdmin };
  root.render(
    <ShellProviders shell={shell}>
      <BrowserRouter>
        <RouteErrorBoundary>
          <ShellRoutes routes={routes} />
        </RouteErrorBoundary>
      </BrowserRouter>
    </ShellProviders>,
  );
  // After the first page: the navigation's remotes, so that a first switch is one page chunk away.
  void preloadNavigationWhenIdle(shell.navigation.map((item) => item.to), loadRemoteModule);
}

start().catch((error: unknown) => {
  console.error('The shell could not start', error);
  root.render(
    <ShellProviders>
      <StartScreen state="failed" />
    </ShellProviders>,
  );
});
