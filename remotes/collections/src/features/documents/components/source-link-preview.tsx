import type { CollectionFile } from '@assistant/contracts';
import { parseSourceUrl } from '@assistant/contracts';
import { LocalizedError, notifyError } from '@assistant/platform';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '@assistant/routing';
import { NAMESPACE } from '../../../namespace';
import type { CollectionFilesState } from '../hooks/use-collection-files';
import { FilePreviewDialog } from './file-preview';

// Any origin will do: parseSourceUrl reads the path and the query only.
const SOME_ORIGIN = 'https://portal.invalid';

/**
 * A source's URL opened (from QA or chat): /collections/{id}?file={fileId}&at=1:120-400,2:0-80
 * shows the collection with that file's preview, the ranges marked (`at` missing or broken: the
 * whole file). Closing the preview takes `file` and `at` off the URL. A file no longer in the
 * collection is said in a notice, and the collection stays on screen.
 */
export function SourceLinkPreview({ collectionId, files }: { collectionId: string; files: CollectionFilesState }) {
  const { t } = useTranslation(NAMESPACE);
  const [params, setParams] = useSearchParams();
  const fileId = params.get('file');
  const location = useMemo(() => {
    if (!fileId) return null;
    const parsed = parseSourceUrl(`${SOME_ORIGIN}/collections/${encodeURIComponent(collectionId)}?${params.toString()}`);
    return parsed && parsed.fileId === fileId ? parsed : null;
  }, [collectionId, fileId, params]);
  const file: CollectionFile | undefined = fileId ? files.files.find((candidate) => candidate.fileId === fileId) : undefined;
  const missing = fileId !== null && files.status === 'loaded' && !file;

  const close = () =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete('file');
        next.delete('at');
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if (!missing) return;
    notifyError(new LocalizedError(t('documents.source.missing')));
    close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once when the file turns out missing; close only edits the URL
  }, [missing]);

  if (!file) return null;
  const pages = [...new Set(location?.segments.map((segment) => segment.page) ?? [])].sort((a, b) => a - b);
  const description =
    pages.length === 0
      ? undefined
      : pages.length === 1
        ? t('documents.source.markedOnPage', { page: pages[0] })
        : t('documents.source.markedOnPages', { first: pages[0], last: pages[pages.length - 1] });
  return <FilePreviewDialog file={file} location={location} description={description} onClose={close} />;
}
