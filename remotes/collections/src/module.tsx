import { defineRemoteModule } from '@assistant/platform';
import { lazy } from 'react';
import { Navigate } from '@assistant/routing';
import de from './locales/de.json';
import en from './locales/en.json';
import { NAMESPACE } from './namespace';


const CollectionsPage = lazy(() => import('./routes/collections-page'));

/**
 * Document collections (SPEC /collections): the index redirects to the personal tab; the tabs
 * `personal` and `company` are routes (links, so a tab is a deep link); `:stageId` is one
 * collection's details; `libraries/:libraryId` one connected document library with its synced
 * folders.
 */
export default defineRemoteModule({
  id: 'collections',
  routes: [
    { index: true, element: <Navigate to="personal" replace /> },
    { path: 'personal', element: <CollectionsPage scope="personal" /> },
    { path: 'company', element: <CollectionsPage scope="company" /> },
    { path: 'libraries/:libraryId', Component: lazy(() => import('./routes/library-page')) },
    { path: ':stageId', Component: lazy(() => import('./routes/collection-details-page')) },
  ],
  navigation: [
    { path: 'personal', labelKey: 'tabs.personal' },
    { path: 'company', labelKey: 'tabs.company' },
  ],
  i18n: { namespace: NAMESPACE, resources: { de, en } },
});
