import type { CanvasDocument } from '@assistant/contracts';
import { useCallback, useRef, useState, type RefObject } from 'react';
import { useCanvasChanges } from '../api/change-canvas';
import type { CanvasEditorHandle } from '../editor/canvas-editor';
import type { ScopedCanvasStore } from '../store/use-canvas-store';

export interface CanvasSaving {
  /** The user changed the text since the last version (cheap: set on each change, cleared by a save). */
  edited: boolean;
  saving: boolean;
  /** The last save or restore failed: the error (the text stays in the editor). */
  error: unknown;
  /** Called by the editor on each change. */
  onChange(): void;
  /**
   * Saves the editor's text as the user's next version when it differs from `document`'s;
   * answers the canvas as it is now stored (the same `document` when nothing changed).
   */
  save(document: CanvasDocument): Promise<CanvasDocument>;
  /** Restores `version` as a new version (after saving the user's unsaved text, so nothing is lost). */
  restore(document: CanvasDocument, version: number): Promise<CanvasDocument>;
  /** The editor now shows `document`'s text: nothing is unsaved. */
  reset(): void;
}

/** Saving and restoring a canvas's versions from its editor (docs/canvas.md "Versions"). */
export function useCanvasSaving(store: ScopedCanvasStore, editor: RefObject<CanvasEditorHandle | null>): CanvasSaving {
  const changes = useCanvasChanges(store);
  const [edited, setEdited] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  // One save at a time: a second waits for the first and is then based on its version.
  const pending = useRef<Promise<unknown>>(Promise.resolve());

  const onChange = useCallback(() => setEdited(true), []);
  const reset = useCallback(() => setEdited(false), []);

  const { mutateAsync: saveAsync } = changes.save;
  const { mutateAsync: restoreAsync } = changes.restore;
  const save = useCallback(
    (document: CanvasDocument) => {
      const step = pending.current.then(async () => {
        const handle = editor.current;
        if (!handle) return document;
        const markdown = handle.getMarkdown();
        if (markdown === document.markdown) {
          setEdited(false);
          return document;
        }
        setSaving(true);
        setError(null);
        try {
          const saved = await saveAsync({ id: document.id, markdown, baseVersion: document.version });
          // Typing during the save is kept as unsaved; otherwise the editor now holds the stored text.
          if (editor.current?.getMarkdown() === saved.markdown) setEdited(false);
          return saved;
        } catch (failure) {
          setError(failure);
          throw failure;
        } finally {
          setSaving(false);
        }
      });
      pending.current = step.catch(() => undefined);
      return step;
    },
    [editor, saveAsync],
  );

  const restore = useCallback(
    async (document: CanvasDocument, version: number) => {
      const saved = await save(document);
      setError(null);
      try {
        const restored = await restoreAsync({ id: saved.id, version, baseVersion: saved.version });
        editor.current?.setMarkdown(restored.markdown);
        setEdited(false);
        return restored;
      } catch (failure) {
        setError(failure);
        throw failure;
      }
    },
    [save, restoreAsync, editor],
  );

  return { edited, saving, error, onChange, save, restore, reset };
}
