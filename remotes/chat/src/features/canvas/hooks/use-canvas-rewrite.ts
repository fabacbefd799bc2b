import { applyCanvasReplacement, type CanvasDocument } from '@assistant/contracts';
import { ApiRequestError, useQueryClient } from '@assistant/platform';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { canvasKeys } from '../../../query-keys';
import { editCanvas } from '../api/edit-canvas';
import type { CanvasEditorHandle, CanvasSelection } from '../editor/canvas-editor';
import type { ScopedCanvasStore } from '../store/use-canvas-store';

/** How a model edit ended: its new version, stopped by the user, or failed (with the error's code). */
export type RewriteOutcome = { kind: 'done'; version: number } | { kind: 'stopped' } | { kind: 'failed'; code: string };

export interface CanvasRewrite {
  /** A model edit is streaming into the document. */
  busy: boolean;
  /**
   * Saves unsaved text first (the edit is based on a stored version), then asks the model to
   * rewrite `selection` (the whole document when null) and streams the replacement into it.
   */
  run(document: CanvasDocument, instruction: string, selection: CanvasSelection | null): Promise<RewriteOutcome>;
  /** Stops the edit: the document stays as it was. */
  stop(): void;
}

/** The code of a refusal before streaming (the API's `code`), else "network". */
function codeOf(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const body = error.body as { code?: unknown } | undefined;
    return typeof body?.code === 'string' ? body.code : 'internal';
  }
  return 'network';
}

/**
 * The model's edits of a canvas (`POST skills/canvas-edit-agent`): the replacement streams into
 * the selected passage (the editor's RewriteSession), the rest of the document stays as it was;
 * the completed edit is the canvas's next version (its cached document follows).
 */
export function useCanvasRewrite(
  store: ScopedCanvasStore,
  editor: RefObject<CanvasEditorHandle | null>,
  saveFirst: (document: CanvasDocument) => Promise<CanvasDocument>,
): CanvasRewrite {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const stop = useCallback(() => controller.current?.abort(), []);

  const run = useCallback(
    async (document: CanvasDocument, instruction: string, selection: CanvasSelection | null): Promise<RewriteOutcome> => {
      const handle = editor.current;
      if (!handle || controller.current) return { kind: 'failed', code: 'conflict' };
      const abort = new AbortController();
      controller.current = abort;
      setBusy(true);
      let session: ReturnType<CanvasEditorHandle['beginRewrite']> | undefined;
      try {
        const base = await saveFirst(document);
        if (abort.signal.aborted) return { kind: 'stopped' };
        const range = selection?.range ?? null;
        const live = handle.beginRewrite(selection);
        session = live;
        const events = await editCanvas(store, base, range, instruction, abort.signal);
        let text = '';
        for await (const event of events) {
          if (event.kind === 'canvas_edit' && event.event.type === 'delta') {
            text += event.event.text;
            live.update(text);
          } else if (event.kind === 'canvas_edit' && event.event.type === 'complete') {
            const { replacement, version } = event.event;
            live.finish(replacement);
            session = undefined;
            if (version) {
              const markdown = applyCanvasReplacement(base.markdown, range, replacement);
              client.setQueryData(canvasKeys.document(store.scope, base.id), { ...base, markdown, version: version.version, updated_at: version.created_at });
              void client.invalidateQueries({ queryKey: canvasKeys.versions(store.scope, base.id) });
              void client.invalidateQueries({ queryKey: canvasKeys.list(store.scope, base.conversation_id) });
              return { kind: 'done', version: version.version };
            }
          } else if (event.kind === 'error') {
            session?.cancel();
            session = undefined;
            return { kind: 'failed', code: event.code };
          }
        }
        session?.cancel();
        session = undefined;
        return abort.signal.aborted ? { kind: 'stopped' } : { kind: 'failed', code: 'ended' };
      } catch (error) {
        session?.cancel();
        if (abort.signal.aborted) return { kind: 'stopped' };
        return { kind: 'failed', code: codeOf(error) };
      } finally {
        controller.current = null;
        setBusy(false);
      }
    },
    [editor, saveFirst, store, client],
  );

  return { busy, run, stop };
}
