import type { Canvas, CanvasDocument, CanvasRange, CanvasVersion, CanvasVersionSummary, StreamEvent } from '@assistant/contracts';

/**
 * Where the canvases of a conversation live (docs/canvas.md), the same two kinds as the chat
 * history: the server's (it keeps the versions and stores a model edit itself), or this browser's
 * for one user with `enableLocalChatHistory` (the server only streams the edit; this store keeps
 * the result). The screens use only this. Every call rejects with the platform's error classes;
 * the refusals are the contract's CANVAS_ERRORS on both kinds.
 */
export interface CanvasStore {
  readonly kind: 'server' | 'local';
  /** The conversation's canvases, most recently updated first. */
  listCanvases(conversationId: string, signal?: AbortSignal): Promise<Canvas[]>;
  /** Version 1, by the user. */
  createCanvas(conversationId: string, title: string, markdown: string): Promise<CanvasDocument>;
  getCanvas(id: string, signal?: AbortSignal): Promise<CanvasDocument>;
  /** The user's save: a new version when the text changed; 409 when `baseVersion` is not current. */
  saveCanvas(id: string, markdown: string, baseVersion: number): Promise<CanvasDocument>;
  /** Oldest first. */
  listVersions(id: string, signal?: AbortSignal): Promise<CanvasVersionSummary[]>;
  getVersion(id: string, version: number, signal?: AbortSignal): Promise<CanvasVersion>;
  /** A new version with the text of `version`, by the user. */
  restoreVersion(id: string, version: number, baseVersion: number): Promise<CanvasDocument>;
  deleteCanvas(id: string): Promise<void>;
  /**
   * Asks the model to rewrite `range` of the canvas's current version (the whole document when
   * null): the stream envelope's `canvas_edit` events, then `done` or `error`. When it completes,
   * the result is the canvas's next version (by the model, with the instruction); aborting
   * `signal` or an `error` leaves the canvas as it was.
   */
  edit(canvas: CanvasDocument, range: CanvasRange | null, instruction: string, signal: AbortSignal): Promise<AsyncIterable<StreamEvent>>;
}
