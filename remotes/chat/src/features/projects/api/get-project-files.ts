import { collectionFileListResponseSchema, type CollectionFile } from '@assistant/contracts';
import { apiClients, queryOptions } from '@assistant/platform';
import { projectKeys } from '../../../query-keys';

/** How often the files are asked again while one of them is being processed. */
export const PROJECT_FILES_POLL_MS = 1_500;

/** GET /api/projects/{id}/files: the project's documents, newest first, each with its ingestion status. */
export async function getProjectFiles(id: string, signal?: AbortSignal): Promise<CollectionFile[]> {
  return (await apiClients().api.get(`projects/${encodeURIComponent(id)}/files`, collectionFileListResponseSchema, { signal })).files;
}

const working = (files: readonly CollectionFile[] | undefined) => files?.some((file) => file.status === 'uploaded' || file.status === 'processing') ?? false;

/** The project's files, asked again while one of them is on its way to being searchable. */
export const projectFilesQuery = (id: string) =>
  queryOptions({
    queryKey: projectKeys.files(id),
    queryFn: ({ signal }) => getProjectFiles(id, signal),
    refetchInterval: (query) => (working(query.state.data) ? PROJECT_FILES_POLL_MS : false),
  });
