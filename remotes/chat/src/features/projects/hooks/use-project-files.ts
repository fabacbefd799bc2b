import type { CollectionFile } from '@assistant/contracts';
import { startFileRun } from '@assistant/endpoints';
import { LocalizedError, errorMessageText, notifyError, useLocale, useQuery, useQueryClient, useUploadQueue, type UploadItem } from '@assistant/platform';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { projectKeys } from '../../../query-keys';
import { deleteProjectFile } from '../api/delete-project-file';
import { projectFilesQuery } from '../api/get-project-files';
import { uploadProjectFile } from '../api/upload-project-file';

export interface ProjectFiles {
  /** The project's documents as the server lists them (with their ingestion status). */
  files: readonly CollectionFile[];
  status: 'loading' | 'failed' | 'ready';
  reload(): void;
  /** Files on their way that the list does not show yet: queued, uploading, refused or failed. */
  uploads: ReadonlyArray<UploadItem>;
  /** Checks each file (types and size, as everywhere) and uploads the rest, one request each with progress. */
  add(files: Iterable<File>): void;
  retryUpload(id: string): void;
  dismissUpload(id: string): void;
  /** Has a file whose processing failed processed again. */
  reprocess(file: CollectionFile): void;
  remove(file: CollectionFile): Promise<void>;
}

const NO_FILES: CollectionFile[] = [];

/**
 * A project's files: the list (asked again while one is being processed) and the uploads into it
 * through the platform's upload queue (progress, refusals before sending, an abort on leaving).
 * An upload leaves the queue once the list shows its file.
 */
export function useProjectFiles(projectId: string): ProjectFiles {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const client = useQueryClient();
  const refresh = useCallback(
    () => Promise.all([client.invalidateQueries({ queryKey: projectKeys.files(projectId) }), client.invalidateQueries({ queryKey: projectKeys.list() })]),
    [client, projectId],
  );
  const query = useQuery(projectFilesQuery(projectId));
  const queue = useUploadQueue({
    send: (file, options) => uploadProjectFile(projectId, file, options),
    onSent: () => void refresh(),
  });
  const files = query.data ?? NO_FILES;
  const { dismissWhere } = queue;
  // A sent file is shown by the list from now on.
  useEffect(() => {
    const listed = new Set(files.map((file) => file.fileId));
    dismissWhere((item) => item.phase === 'sent' && item.fileId !== null && listed.has(item.fileId));
  }, [files, dismissWhere]);

  const fail = useCallback(
    (key: string, file: CollectionFile, error: unknown) => notifyError(new LocalizedError(t(key, { name: file.name, reason: errorMessageText(error, language) }))),
    [t, language],
  );
  const reprocess = useCallback(
    (file: CollectionFile) => {
      startFileRun(file.fileId)
        .catch((error: unknown) => fail('projects.files.retryFailed', file, error))
        .finally(() => void refresh());
    },
    [fail, refresh],
  );
  const remove = useCallback(
    async (file: CollectionFile) => {
      try {
        await deleteProjectFile(projectId, file.fileId);
      } catch (error) {
        fail('projects.files.removeFailed', file, error);
      } finally {
        await refresh();
      }
    },
    [projectId, fail, refresh],
  );

  return {
    files,
    status: query.isPending ? 'loading' : query.isError ? 'failed' : 'ready',
    reload: () => void query.refetch(),
    uploads: queue.items.filter((item) => item.phase !== 'sent'),
    add: queue.add,
    retryUpload: queue.retry,
    dismissUpload: queue.dismiss,
    reprocess,
    remove,
  };
}
