import { defineRemoteModule } from '@assistant/platform';
import { lazy } from 'react';
import { Navigate } from '@assistant/routing';
import de from './locales/de.json';
import en from './locales/en.json';
import { NAMESPACE } from './namespace';
import { CREATE_YOUR_OWN_PATH } from './paths';

export { NAMESPACE };

const AppEditorPage = lazy(() => import('./routes/app-editor-page'));

/**
 * The use cases summarize, generate and transcribe, and custom apps: one remote the registry
 * mounts once per app (docs/decisions.md), each registry entry naming its route table (`mount`):
 * in the local layout summarize at /usecases/summarize, generate at /usecases/generate,
 * transcribe at /usecases/transcribe, create-your-own at /create-your-own (the list of apps, the
 * editor, the versions) and custom-apps at /usecases (a custom app runs at /usecases/{id}). Every
 * page is lazy; a path no table knows is the host's not-found page.
 */
export default defineRemoteModule({
  id: 'usecases',
  // Mounted only by name: an entry without a mount is a registry mistake the host reports.
  routes: [],
  mounts: {
    summarize: [{ index: true, Component: lazy(() => import('./routes/summarize-page')) }],
    generate: [{ index: true, Component: lazy(() => import('./routes/generate-page')) }],
    transcribe: [{ index: true, Component: lazy(() => import('./routes/transcribe-page')) }],
    'create-your-own': [
      { index: true, Component: lazy(() => import('./routes/create-your-own-page')) },
      { path: 'new', Component: AppEditorPage },
      { path: ':appId/edit', Component: AppEditorPage },
      { path: ':appId/versions', Component: lazy(() => import('./routes/app-versions-page')) },
    ],
    'custom-apps': [
      // The list of apps is on /create-your-own.
      { index: true, element: <Navigate to={CREATE_YOUR_OWN_PATH} replace /> },
      { path: ':appId', Component: lazy(() => import('./routes/app-run-page')) },
    ],
  },
  navigation: [],
  i18n: { namespace: NAMESPACE, resources: { de, en } },
});
