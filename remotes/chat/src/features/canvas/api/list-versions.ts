import { queryOptions, useQuery } from '@assistant/platform';
import { canvasKeys } from '../../../query-keys';
import type { ScopedCanvasStore } from '../store/use-canvas-store';

/** `GET /api/canvases/{id}/versions` (canvasVersionListResponseSchema): oldest first. */
export const canvasVersionsQuery = (store: ScopedCanvasStore, canvasId: string) =>
  queryOptions({
    queryKey: canvasKeys.versions(store.scope, canvasId),
    queryFn: ({ signal }) => store.listVersions(canvasId, signal),
  });

export const useCanvasVersionsQuery = (store: ScopedCanvasStore, canvasId: string) => useQuery(canvasVersionsQuery(store, canvasId));
