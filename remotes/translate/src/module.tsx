import { defineRemoteModule } from '@assistant/platform';
import { lazy } from 'react';
import de from './locales/de.json';
import en from './locales/en.json';
import { NAMESPACE } from './namespace';

export { NAMESPACE };

/** Translation (SPEC /translate, page-title key skills.translate). */
export default defineRemoteModule({
  id: 'translate',
  routes: [{ index: true, Component: lazy(() => import('./routes/translate-page')) }],
  navigation: [{ path: '', labelKey: 'skills.translate' }],
  i18n: { namespace: NAMESPACE, resources: { de, en } },
});
