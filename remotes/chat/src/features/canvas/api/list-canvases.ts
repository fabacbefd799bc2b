import { queryOptions, useQuery } from '@assistant/platform';
import { canvasKeys } from '../../../query-keys';
import type { ScopedCanvasStore } from '../store/use-canvas-store';

/** `GET /api/conversations/{id}/canvases` (canvasListResponseSchema), or this browser's: most recently updated first. */
export const canvasListQuery = (store: ScopedCanvasStore, conversationId: string) =>
  queryOptions({
    queryKey: canvasKeys.list(store.scope, conversationId),
    queryFn: ({ signal }) => store.listCanvases(conversationId, signal),
  });

export const useCanvasListQuery = (store: ScopedCanvasStore, conversationId: string | undefined) =>
  useQuery({ ...canvasListQuery(store, conversationId ?? ''), enabled: conversationId !== undefined });
