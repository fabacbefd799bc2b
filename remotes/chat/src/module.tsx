import { defineRemoteModule } from '@assistant/platform';
import { lazy } from 'react';
import de from './locales/de.json';
import en from './locales/en.json';

export const NAMESPACE = 'chat';

/** The remote's whole surface: routes relative to its route base (/chat), lazy pages, texts. */
export default defineRemoteModule({
  id: 'chat',
  routes: [{ index: true, Component: lazy(() => import('./routes/chat-page')) }],
  navigation: [{ path: '', labelKey: 'title' }],
  i18n: { namespace: NAMESPACE, resources: { de, en } },
});
