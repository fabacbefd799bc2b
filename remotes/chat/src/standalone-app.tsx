// The design system's styles: in the portal the host loads them once.
import '@assistant/ui/styles.css';
import i18next from 'i18next';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { createBrowserRouter, Navigate, RouterProvider, useRoutes } from 'react-router';
import remote from './module';

/** Where the host mounts this remote by default; the standalone page uses the same path. */
const ROUTE_BASE = '/chat';

const language = navigator.language.toLowerCase().startsWith('en') ? 'en' : 'de';
await i18next.use(initReactI18next).init({ lng: language, fallbackLng: 'de', resources: {}, interpolation: { escapeValue: false } });
for (const lng of ['de', 'en'] as const) i18next.addResourceBundle(lng, remote.i18n.namespace, remote.i18n.resources[lng], true, true);

/** Mounted as the host mounts it: the remote's relative routes below `<route base>/*`. */
function RemoteRoutes() {
  return useRoutes(remote.routes);
}

const router = createBrowserRouter([
  {
    path: `${ROUTE_BASE}/*`,
    element: (
      <Suspense fallback={<p role="status">…</p>}>
        <RemoteRoutes />
      </Suspense>
    ),
  },
  { path: '*', element: <Navigate to={ROUTE_BASE} replace /> },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
