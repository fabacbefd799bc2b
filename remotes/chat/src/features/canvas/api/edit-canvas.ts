import type { CanvasDocument, CanvasRange, StreamEvent } from '@assistant/contracts';
import type { CanvasStore } from '../store/canvas-store';

/**
 * `POST /api/skills/canvas-edit-agent` (SPEC section 7), streamed: the model rewrites `range` of
 * the canvas's current version (the whole document when null) as `instruction` says. The events
 * are the stream envelope's (`canvas_edit` delta and complete, then `done`, or `error`); aborting
 * `signal` stops the model and keeps the canvas as it was.
 */
export function editCanvas(
  store: CanvasStore,
  canvas: CanvasDocument,
  range: CanvasRange | null,
  instruction: string,
  signal: AbortSignal,
): Promise<AsyncIterable<StreamEvent>> {
  return store.edit(canvas, range, instruction, signal);
}
