import type { CanvasDocument } from '@assistant/contracts';
import { useMutation, useQueryClient } from '@assistant/platform';
import { canvasKeys } from '../../../query-keys';
import type { ScopedCanvasStore } from '../store/use-canvas-store';

/**
 * The calls that make a new version of a canvas: `POST /api/conversations/{id}/canvases` (create,
 * version 1), `PUT /api/canvases/{id}/document` (the user's save) and
 * `POST /api/canvases/{id}/versions/{n}/restore` (each answers canvasDocumentSchema). The answer
 * becomes the canvas's cached document; its versions and the conversation's list are asked again.
 */
export function useCanvasChanges(store: ScopedCanvasStore) {
  const client = useQueryClient();
  const changed = (document: CanvasDocument) => {
    client.setQueryData(canvasKeys.document(store.scope, document.id), document);
    void client.invalidateQueries({ queryKey: canvasKeys.versions(store.scope, document.id) });
    void client.invalidateQueries({ queryKey: canvasKeys.list(store.scope, document.conversation_id) });
  };
  const create = useMutation({
    mutationFn: ({ conversationId, title, markdown }: { conversationId: string; title: string; markdown: string }) =>
      store.createCanvas(conversationId, title, markdown),
    onSuccess: changed,
  });
  const save = useMutation({
    mutationFn: ({ id, markdown, baseVersion }: { id: string; markdown: string; baseVersion: number }) => store.saveCanvas(id, markdown, baseVersion),
    onSuccess: changed,
  });
  const restore = useMutation({
    mutationFn: ({ id, version, baseVersion }: { id: string; version: number; baseVersion: number }) => store.restoreVersion(id, version, baseVersion),
    onSuccess: changed,
  });
  return { create, save, restore, changed };
}
