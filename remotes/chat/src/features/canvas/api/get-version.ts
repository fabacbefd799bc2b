import { queryOptions, useQuery } from '@assistant/platform';
import { canvasKeys } from '../../../query-keys';
import type { ScopedCanvasStore } from '../store/use-canvas-store';

/** `GET /api/canvases/{id}/versions/{version}` (canvasVersionSchema): a version never changes once made. */
export const canvasVersionQuery = (store: ScopedCanvasStore, canvasId: string, version: number) =>
  queryOptions({
    queryKey: canvasKeys.version(store.scope, canvasId, version),
    queryFn: ({ signal }) => store.getVersion(canvasId, version, signal),
    staleTime: Infinity,
  });

/** The version's text, or nothing for version 0 (the predecessor of the first). */
export const useCanvasVersionQuery = (store: ScopedCanvasStore, canvasId: string, version: number) =>
  useQuery({ ...canvasVersionQuery(store, canvasId, version), enabled: version > 0 });
