import { queryOptions, useQuery } from '@assistant/platform';
import { canvasKeys } from '../../../query-keys';
import type { ScopedCanvasStore } from '../store/use-canvas-store';

/** `GET /api/canvases/{id}` (canvasDocumentSchema): the canvas with the text of its current version. */
export const canvasQuery = (store: ScopedCanvasStore, canvasId: string) =>
  queryOptions({
    queryKey: canvasKeys.document(store.scope, canvasId),
    queryFn: ({ signal }) => store.getCanvas(canvasId, signal),
    // The editor holds the user's text: a refetch on focus must not replace it behind their back.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });

export const useCanvasQuery = (store: ScopedCanvasStore, canvasId: string) => useQuery(canvasQuery(store, canvasId));
