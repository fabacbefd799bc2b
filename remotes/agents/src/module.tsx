import { defineRemoteModule } from '@assistant/platform';
import { lazy } from 'react';
import de from './locales/de.json';
import en from './locales/en.json';
import { NAMESPACE } from './namespace';

const AgentFormPage = lazy(() => import('./routes/agent-form-page'));

/** Personal agents (SPEC /agents): the list, `new` creates, `:id` edits (both use the same form), `:id/versions` compares and restores. */
export default defineRemoteModule({
  id: 'agents',
  routes: [
    { index: true, Component: lazy(() => import('./routes/agent-list-page')) },
    { path: 'new', Component: AgentFormPage },
    { path: ':id', Component: AgentFormPage },
    { path: ':id/versions', Component: lazy(() => import('./routes/agent-versions-page')) },
  ],
  navigation: [
    { path: '', labelKey: 'list.title' },
    { path: 'new', labelKey: 'form.createTitle' },
  ],
  i18n: { namespace: NAMESPACE, resources: { de, en } },
});
