import { defineRemoteModule } from '@assistant/platform';
import { lazy } from 'react';
import de from './locales/de.json';
import en from './locales/en.json';
import { NAMESPACE } from './namespace';

export { NAMESPACE };

/**
 * The remote's whole surface: routes relative to its route base (/chat), lazy pages, texts. The
 * chat page is the layout of `/chat` (no conversation open) and `/chat/:conversationId`, so the
 * list stays mounted while conversations are switched; its links resolve against the base.
 * `/chat/prompts` is the prompt library. The conversation list is the module's side panel: the
 * shell shows it under its navigation (one panel, a drawer on a phone).
 */
export default defineRemoteModule({
  id: 'chat',
  routes: [
    {
      Component: lazy(() => import('./routes/chat-route')),
      // The page reads the open conversation from the params; the children render nothing of their own.
      children: [
        { index: true, element: null },
        { path: ':conversationId', element: null },
      ],
    },
    // A conversation shared with the user (docs/chat-ui.md "Sharing"); a static segment, so it wins over a conversation id.
    { path: 'shared/:snapshotId', Component: lazy(() => import('./routes/shared-conversation-route')) },
    // The prompt library (docs/prompts.md); a static segment, so it wins over a conversation id.
    { path: 'prompts', Component: lazy(() => import('./routes/prompts-route')) },
    // A project's page (docs/projects.md); a static segment, so it wins over a conversation id.
    { path: 'projects/:projectId', Component: lazy(() => import('./routes/project-route')) },
  ],
  navigation: [{ path: '', labelKey: 'title' }],
  // The conversations in the shell's side panel, under its navigation, on every chat path.
  sidePanel: lazy(() => import('./routes/chat-side-panel')),
  i18n: { namespace: NAMESPACE, resources: { de, en } },
});
