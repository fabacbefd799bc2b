import { defineRemoteModule } from '@assistant/platform';
import { lazy } from 'react';
import de from './locales/de.json';
import en from './locales/en.json';
import { NAMESPACE } from './namespace';

/**
 * Question answering over documents. A use case, not a top-level area: the registry mounts it at
 * /usecases/qa (SPEC has no /qa route) and the apps page links to it.
 */
export default defineRemoteModule({
  id: 'qa',
  routes: [{ index: true, Component: lazy(() => import('./routes/qa-page')) }],
  navigation: [{ path: '', labelKey: 'title' }],
  i18n: { namespace: NAMESPACE, resources: { de, en } },
});
