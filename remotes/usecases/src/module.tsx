import { defineRemoteModule } from '@assistant/platform';
import { lazy } from 'react';
import de from './locales/de.json';
import en from './locales/en.json';
import { NAMESPACE } from './namespace';
import MountedPage from './routes/mounted-page';

export { NAMESPACE };

/**
 * The use cases summarize, generate and transcribe, and custom apps (create-your-own). One remote
 * mounted by the registry at /usecases/summarize, /usecases/generate, /usecases/transcribe,
 * /create-your-own and /usecases (a custom app runs at /usecases/{id}); see docs/decisions.md.
 */
export default defineRemoteModule({
  id: 'usecases',
  routes: [
    { index: true, element: <MountedPage /> },
    { path: 'new', Component: lazy(() => import('./routes/app-editor-page')) },
    { path: ':appId/edit', Component: lazy(() => import('./routes/app-editor-page')) },
    { path: ':appId/versions', Component: lazy(() => import('./routes/app-versions-page')) },
    { path: ':appId', Component: lazy(() => import('./routes/app-run-page')) },
  ],
  navigation: [],
  i18n: { namespace: NAMESPACE, resources: { de, en } },
});
