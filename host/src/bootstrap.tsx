// TEMPORARY (federation work): a minimal shell so the host builds and the remotes can be seen
// running through it. The lead engineer's bootstrap (start-up order, guard, router, providers)
// replaces this file as a whole.
import i18next from 'i18next';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { createBrowserRouter, NavLink, Outlet, RouterProvider } from 'react-router';
import { createRemoteRoute, startFederation } from './federation';

const language = navigator.language.toLowerCase().startsWith('en') ? 'en' : 'de';
await i18next.use(initReactI18next).init({ lng: language, fallbackLng: 'de', resources: {}, interpolation: { escapeValue: false } });

const remotes = await startFederation();

function Shell() {
  return (
    <>
      <nav aria-label="Portal">
        <ul>
          {remotes.map((entry) => (
            <li key={entry.name}>
              <NavLink to={entry.routeBase}>{entry.name}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main>
        <Outlet />
      </main>
    </>
  );
}

const router = createBrowserRouter([
  { path: '/', element: <Shell />, children: [{ index: true, element: null }, ...remotes.map((entry) => createRemoteRoute(entry, <p>Not found</p>))] },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
