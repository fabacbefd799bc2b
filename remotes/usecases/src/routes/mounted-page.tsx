import { lazy } from 'react';
import { Navigate, useResolvedPath } from '@assistant/routing';
import { CREATE_YOUR_OWN_PATH } from '../paths';

const SummarizePage = lazy(() => import('./summarize-page'));
const GeneratePage = lazy(() => import('./generate-page'));
const TranscribePage = lazy(() => import('./transcribe-page'));
const CreateYourOwnPage = lazy(() => import('./create-your-own-page'));

/**
 * The index of a mount: the registry mounts this one remote at several route bases, each with its
 * own flag and navigation entry (docs/decisions.md), and the last segment of the base says which
 * page it is. At /usecases itself (where custom apps run, /usecases/{id}) the list of apps opens.
 */
export default function MountedPage() {
  const base = useResolvedPath('.').pathname.replace(/\/+$/, '');
  switch (base.slice(base.lastIndexOf('/') + 1)) {
    case 'summarize':
      return <SummarizePage />;
    case 'generate':
      return <GeneratePage />;
    case 'transcribe':
      return <TranscribePage />;
    case 'create-your-own':
      return <CreateYourOwnPage />;
    default:
      return <Navigate to={CREATE_YOUR_OWN_PATH} replace />;
  }
}
