import { applyCanvasReplacement, type CanvasDocument } from '@assistant/contracts';
import { ApiRequestError, useQueryClient } from '@assistant/platform';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { canvasKeys } from '../../../query-keys';
import { editCanvas } from '../api/edit-canvas';
import type { CanvasEditorHandle, CanvasSelection } from '../editor/canvas-editor';
import type { ScopedCanvasStore } from '../store/use-canvas-store';

/**
 * How a model edit ended: its new version (`reloaded`: the editor could not put the text in place
 * and shows the stored version instead), stopped by the user, or failed (with the error's code,
 * `editor` for the editor's own failure). `reloaded` of a stop or a failure is the stored version
 * the editor took up because it was not the one the edit started from (or the editor failed),
 * else null.
 */
export type RewriteOutcome =
  | { kind: 'done'; version: number; reloaded: boolean }
  | { kind: 'stopped'; reloaded: number | null }
  | { kind: 'failed'; code: string; reloaded: number | null };

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

/** A failure of the editor itself (not of the server or the network). */
class EditorFailure extends Error {
  constructor(cause: unknown) {
    super('the canvas editor failed', { cause });
  }
}

/** The code of a refusal before streaming (the API's `code`), else "network". */
function codeOf(error: unknown): string {
  if (error instanceof EditorFailure) return 'editor';
  if (error instanceof ApiRequestError) {
    const body = error.body as { code?: unknown } | undefined;
    return typeof body?.code === 'string' ? body.code : 'internal';
  }
  return 'network';
}

/**
 * The model's edits of a canvas (`POST skills/canvas-edit-agent`): the replacement streams into
 * the selected passage (the editor's RewriteSession), the rest of the document stays as it was;
 * the completed edit is the canvas's next version (its cached document follows). The editor never
 * stays behind the stored canvas: when it cannot put the text in place, or an edit fails or
 * stops after the canvas got a newer version (or with the editor in trouble), `adopt` gives it
 * the stored text, so the next save is based on the stored version.
 */
export function useCanvasRewrite(
  store: ScopedCanvasStore,
  editor: RefObject<CanvasEditorHandle | null>,
  saveFirst: (document: CanvasDocument) => Promise<CanvasDocument>,
  adopt: (document: CanvasDocument) => void,
): CanvasRewrite {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const stop = useCallback(() => controller.current?.abort(), []);

  /** The stored canvas becomes the cached document (its versions and the list follow). */
  const record = useCallback(
    (stored: CanvasDocument) => {
      client.setQueryData(canvasKeys.document(store.scope, stored.id), stored);
      void client.invalidateQueries({ queryKey: canvasKeys.versions(store.scope, stored.id) });
      void client.invalidateQueries({ queryKey: canvasKeys.list(store.scope, stored.conversation_id) });
    },
    [client, store.scope],
  );

  /**
   * After a stop or a failure: the stored version the editor took up, when the canvas is no longer
   * at `base` (the edit was stored after all, or someone else stored one) or the editor failed.
   */
  const reconcile = useCallback(
    async (base: CanvasDocument, editorFailed: boolean): Promise<number | null> => {
      let stored: CanvasDocument;
      try {
        stored = await store.getCanvas(base.id);
      } catch {
        if (!editorFailed) return null;
        stored = base;
      }
      if (stored.version === base.version && !editorFailed) return null;
      record(stored);
      adopt(stored);
      return stored.version;
    },
    [store, record, adopt],
  );

  const run = useCallback(
    async (document: CanvasDocument, instruction: string, selection: CanvasSelection | null): Promise<RewriteOutcome> => {
      const handle = editor.current;
      if (!handle || controller.current) return { kind: 'failed', code: 'conflict', reloaded: null };
      const abort = new AbortController();
      controller.current = abort;
      setBusy(true);
      let session: ReturnType<CanvasEditorHandle['beginRewrite']> | undefined;
      let base: CanvasDocument | undefined;
      let editorFailed = false;
      /** Ends the session with the original text back; an editor that fails at that is noted. */
      const cancel = () => {
        try {
          session?.cancel();
        } catch {
          editorFailed = true;
        }
        session = undefined;
      };
      const ended = async (outcome: { kind: 'stopped' } | { kind: 'failed'; code: string }): Promise<RewriteOutcome> => {
        cancel();
        const reloaded = base ? await reconcile(base, editorFailed) : null;
        return { ...outcome, reloaded };
      };
      try {
        base = await saveFirst(document);
        if (abort.signal.aborted) return await ended({ kind: 'stopped' });
        const range = selection?.range ?? null;
        let live: NonNullable<typeof session>;
        try {
          live = handle.beginRewrite(selection);
        } catch (error) {
          throw new EditorFailure(error);
        }
        session = live;
        const events = await editCanvas(store, base, range, instruction, abort.signal);
        let text = '';
        for await (const event of events) {
          if (event.kind === 'canvas_edit' && event.event.type === 'delta') {
            text += event.event.text;
            live.update(text);
          } else if (event.kind === 'canvas_edit' && event.event.type === 'complete') {
            const { replacement, version } = event.event;
            session = undefined;
            let applied = true;
            try {
              live.finish(replacement);
            } catch {
              applied = false;
            }
            if (version) {
              const markdown = applyCanvasReplacement(base.markdown, range, replacement);
              const stored = { ...base, markdown, version: version.version, updated_at: version.created_at };
              record(stored);
              if (!applied) adopt(stored);
              return { kind: 'done', version: version.version, reloaded: !applied };
            }
            if (!applied) editorFailed = true;
          } else if (event.kind === 'error') {
            return await ended({ kind: 'failed', code: event.code });
          }
        }
        if (editorFailed) return await ended({ kind: 'failed', code: 'editor' });
        return await ended(abort.signal.aborted ? { kind: 'stopped' } : { kind: 'failed', code: 'ended' });
      } catch (error) {
        if (error instanceof EditorFailure) editorFailed = true;
        if (abort.signal.aborted && !editorFailed) return await ended({ kind: 'stopped' });
        return await ended({ kind: 'failed', code: codeOf(error) });
      } finally {
        controller.current = null;
        setBusy(false);
      }
    },
    [editor, saveFirst, store, record, adopt, reconcile],
  );

  return { busy, run, stop };
}
