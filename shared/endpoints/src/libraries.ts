import {
  libraryBindingListResponseSchema,
  libraryConnectionSchema,
  libraryFoldersResponseSchema,
  libraryItemsPageSchema,
  libraryListResponseSchema,
  type CollectionScope,
  type ConnectWebdavRequestInput,
  type CreateLibraryBindingsRequest,
  type LibraryBinding,
  type LibraryConnection,
  type LibraryFoldersResponse,
  type LibraryItemsPage,
  type LibraryItemState,
  type LibraryListResponse,
} from '@assistant/contracts';
import { apiClients, queryOptions, useMutation, useQuery, useQueryClient } from '@assistant/platform';
import { collectionKeys } from './collections';

/**
 * Document libraries (docs/document-libraries.md): the connections, their folders, the folders
 * bound to collections and what each sync did to each file. Every key starts with the resource,
 * so one prefix reaches a connection's lists, folders and bindings.
 */
export const libraryKeys = {
  all: ['libraries'] as const,
  lists: () => ['libraries', 'list'] as const,
  list: (scope: CollectionScope) => ['libraries', 'list', scope] as const,
  folders: (libraryId: string, folder: string | null) => ['libraries', 'folders', libraryId, folder ?? ''] as const,
  bindings: (libraryId: string) => ['libraries', 'bindings', libraryId] as const,
  items: (bindingId: string, state: LibraryItemState | null) => ['libraries', 'items', bindingId, state ?? 'all'] as const,
};

const libraryPath = (id: string) => `libraries/${encodeURIComponent(id)}`;
const bindingPath = (id: string) => `library-bindings/${encodeURIComponent(id)}`;

/**
 * GET /api/libraries?scope=: the caller's own connections, or (administrators) the company's,
 * and whether this server can connect Microsoft 365.
 */
export function getLibraries(scope: CollectionScope, signal?: AbortSignal): Promise<LibraryListResponse> {
  return apiClients().api.get(`libraries?scope=${scope}`, libraryListResponseSchema, { signal });
}

export const librariesQuery = (scope: CollectionScope) =>
  queryOptions({ queryKey: libraryKeys.list(scope), queryFn: ({ signal }) => getLibraries(scope, signal) });

export const useLibrariesQuery = (scope: CollectionScope, enabled = true) => useQuery({ ...librariesQuery(scope), enabled });

/** A cached list with `change` applied to its connections (nothing cached: nothing to change). */
const withLibraries =
  (change: (libraries: LibraryConnection[]) => LibraryConnection[]) =>
  (answer: LibraryListResponse | undefined): LibraryListResponse | undefined =>
    answer && { ...answer, libraries: change(answer.libraries) };

/**
 * POST /api/libraries: connects a WebDAV library. The server signs in once before it stores
 * anything, so a refused host (400) or a refused sign-in (502) leaves nothing behind.
 */
export function connectWebdavLibrary(request: ConnectWebdavRequestInput): Promise<LibraryConnection> {
  return apiClients().api.post('libraries', request, libraryConnectionSchema);
}

/** A new connection of any kind goes into its scope's list at once; the list is asked again. */
export function useAddConnection() {
  const client = useQueryClient();
  return (connection: LibraryConnection) => {
    client.setQueryData<LibraryListResponse>(
      libraryKeys.list(connection.scope),
      withLibraries((libraries) => [...libraries.filter((known) => known.id !== connection.id), connection]),
    );
    void client.invalidateQueries({ queryKey: libraryKeys.list(connection.scope) });
  };
}

export function useConnectWebdavLibrary() {
  const add = useAddConnection();
  return useMutation({ mutationFn: connectWebdavLibrary, onSuccess: add });
}

/** DELETE /api/libraries/{id}?documents=keep|remove: the credentials are deleted; the imported documents stay or go. */
export async function disconnectLibrary(id: string, documents: 'keep' | 'remove'): Promise<void> {
  await apiClients().api.delete(`${libraryPath(id)}?documents=${documents}`);
}

export function useDisconnectLibrary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, documents }: { id: string; documents: 'keep' | 'remove' }) => disconnectLibrary(id, documents),
    onSuccess: (_answer, { id, documents }) => {
      client.setQueriesData<LibraryListResponse>({ queryKey: libraryKeys.lists() }, withLibraries((libraries) => libraries.filter((known) => known.id !== id)));
      client.removeQueries({ queryKey: libraryKeys.bindings(id) });
      void client.invalidateQueries({ queryKey: libraryKeys.lists() });
      // Removed documents leave their collections: their counts and files change.
      if (documents === 'remove') void client.invalidateQueries({ queryKey: collectionKeys.all });
    },
  });
}

/** GET /api/libraries/{id}/folders?folder=: the sub-folders of one folder (null: the library's root). */
export function getLibraryFolders(libraryId: string, folder: string | null, signal?: AbortSignal): Promise<LibraryFoldersResponse> {
  const query = folder === null ? '' : `?folder=${encodeURIComponent(folder)}`;
  return apiClients().api.get(`${libraryPath(libraryId)}/folders${query}`, libraryFoldersResponseSchema, { signal });
}

export const libraryFoldersQuery = (libraryId: string, folder: string | null) =>
  queryOptions({
    queryKey: libraryKeys.folders(libraryId, folder),
    queryFn: ({ signal }) => getLibraryFolders(libraryId, folder, signal),
    // A folder visited again in the same browse shows at once; the library is asked again after a minute.
    staleTime: 60_000,
  });

/** GET /api/libraries/{id}/bindings: the folders kept in sync, each with its sync's state and progress. */
export async function getLibraryBindings(libraryId: string, signal?: AbortSignal): Promise<LibraryBinding[]> {
  const answer = await apiClients().api.get(`${libraryPath(libraryId)}/bindings`, libraryBindingListResponseSchema, { signal });
  return answer.bindings;
}

export const libraryBindingsQuery = (libraryId: string) =>
  queryOptions({ queryKey: libraryKeys.bindings(libraryId), queryFn: ({ signal }) => getLibraryBindings(libraryId, signal) });

/** POST /api/libraries/{id}/bindings: binds folders to a collection; their first sync starts at once. */
export async function createLibraryBindings(libraryId: string, request: CreateLibraryBindingsRequest): Promise<void> {
  await apiClients().api.postVoid(`${libraryPath(libraryId)}/bindings`, request);
}

export function useCreateLibraryBindings(libraryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateLibraryBindingsRequest) => createLibraryBindings(libraryId, request),
    onSuccess: () => void client.invalidateQueries({ queryKey: libraryKeys.bindings(libraryId) }),
  });
}

export type LibraryBindingAction = 'sync' | 'pause' | 'resume';

/** POST /api/library-bindings/{id}/sync|pause|resume. */
export async function changeLibraryBinding(bindingId: string, action: LibraryBindingAction): Promise<void> {
  await apiClients().api.postVoid(`${bindingPath(bindingId)}/${action}`);
}

/** "Sync now", "Pause", "Resume": the binding's state is asked again after each. */
export function useLibraryBindingAction(libraryId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bindingId, action }: { bindingId: string; action: LibraryBindingAction }) => changeLibraryBinding(bindingId, action),
    onSettled: () => void client.invalidateQueries({ queryKey: libraryKeys.bindings(libraryId) }),
  });
}

/** GET /api/library-bindings/{id}/items?state=&cursor=: one page of the binding's files, failures and skips first. */
export function getLibraryItems(
  bindingId: string,
  options: { state: LibraryItemState | null; cursor: string | null },
  signal?: AbortSignal,
): Promise<LibraryItemsPage> {
  const params = new URLSearchParams();
  if (options.state) params.set('state', options.state);
  if (options.cursor) params.set('cursor', options.cursor);
  const query = params.size > 0 ? `?${params.toString()}` : '';
  return apiClients().api.get(`${bindingPath(bindingId)}/items${query}`, libraryItemsPageSchema, { signal });
}

/**
 * One page of the binding's files, from `cursor` (null: the first). "Show more" adds the next
 * page's query; each page is its own query so that all of them follow a running sync.
 */
export const libraryItemsQuery = (bindingId: string, cursor: string | null, state: LibraryItemState | null = null) =>
  queryOptions({
    queryKey: [...libraryKeys.items(bindingId, state), cursor ?? 'first'] as const,
    queryFn: ({ signal }) => getLibraryItems(bindingId, { state, cursor }, signal),
  });
