import {
  CANVAS_ERRORS,
  CANVAS_MAX_CHARACTERS,
  STREAM_ERROR_CODES,
  applyCanvasReplacement,
  canvasTooLong,
  type CanvasEditRequest,
  type CanvasVersionSummary,
  type StreamEvent,
} from '@assistant/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { describeStreamFailure } from '../inference/public-failure';
import type { CanvasPassage } from './canvas-passage';
import type { CanvasesRepository } from './canvases-repository';
import { RangeGuard } from './range-guard';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export const EDIT_TOO_LONG = `The edited document would be longer than ${CANVAS_MAX_CHARACTERS.toLocaleString('en')} characters, so nothing was changed`;

export interface CanvasEditStream {
  /** The model's text deltas. */
  deltas: AsyncIterable<string>;
  request: CanvasEditRequest;
  passage: CanvasPassage;
  /** Where the result is kept as the canvas's next version (with `request.canvas_id`). */
  canvases: CanvasesRepository;
  owner: string;
  /** Aborted when the client went away. */
  clientSignal: AbortSignal;
  /** Stops the model call (its answer changed text outside the range, or grew too long). */
  stopModel(): void;
  log: Log;
}

const line = (event: StreamEvent) => `${JSON.stringify(event)}\n`;
const deltaLine = (text: string) => line({ kind: 'canvas_edit', event: { type: 'delta', text } });
const errorLine = (code: string, message: string) => line({ kind: 'error', code, message });

/**
 * The lines of an edit's stream (docs/canvas.md): `canvas_edit` deltas of the replacement while
 * the model answers (through the range guard), then `canvas_edit` complete with the whole
 * replacement (and, with a canvas, the version stored) and `done`; or an `error` line, and nothing
 * stored. An answer that changes text outside the range stops the model at once
 * (edit_outside_range). A client that leaves ends the stream without storing anything.
 */
export async function* canvasEditLines(stream: CanvasEditStream): AsyncGenerator<string> {
  const { deltas, request, passage, canvases, owner, clientSignal, log } = stream;
  const started = Date.now();
  const guard = new RangeGuard(passage);
  // The document's characters outside the range: with what was streamed, a lower bound of the result.
  const outside = request.document.length - passage.selection.length;
  let refusal: 'edit_outside_range' | 'answer_too_long' | undefined;
  let failure: unknown;
  try {
    for await (const piece of deltas) {
      const step = guard.push(piece);
      if (!step.ok) refusal = 'edit_outside_range';
      else if (outside + guard.handedOutLength > CANVAS_MAX_CHARACTERS) refusal = 'answer_too_long';
      if (refusal) {
        stream.stopModel();
        break;
      }
      if (step.ok && step.text) yield deltaLine(step.text);
    }
  } catch (error) {
    failure = error;
  }
  if (clientSignal.aborted) {
    log.info({ canvasId: request.canvas_id }, 'canvas edit cancelled: the client went away; nothing stored');
    return;
  }
  if (failure !== undefined) {
    const { code, message, reason } = describeStreamFailure(failure, 'The canvas edit');
    log.warn({ canvasId: request.canvas_id, code, reason }, 'canvas edit failed while streaming');
    yield errorLine(code, message);
    return;
  }

  let result: { text: string; replacement: string; markdown: string } | undefined;
  if (!refusal) {
    const end = guard.end();
    const markdown = end.ok ? applyCanvasReplacement(request.document, passage.range, end.replacement) : undefined;
    if (!end.ok || markdown === undefined) refusal = 'edit_outside_range';
    else if (canvasTooLong(markdown)) refusal = 'answer_too_long';
    else result = { text: end.text, replacement: end.replacement, markdown };
  }
  if (!result) {
    log.warn({ canvasId: request.canvas_id, code: refusal }, 'canvas edit refused; nothing stored');
    yield refusal === 'answer_too_long' ? errorLine('answer_too_long', EDIT_TOO_LONG) : errorLine('edit_outside_range', STREAM_ERROR_CODES.edit_outside_range);
    return;
  }
  if (result.text) yield deltaLine(result.text);

  let version: CanvasVersionSummary | undefined;
  if (request.canvas_id !== undefined && request.base_version !== undefined) {
    if (clientSignal.aborted) return;
    const stored = await canvases.addModelEdit(owner, request.canvas_id, { baseVersion: request.base_version, instruction: request.instruction, markdown: result.markdown });
    if (typeof stored === 'string') {
      // Someone saved (or deleted) the canvas while the model wrote.
      log.info({ canvasId: request.canvas_id, refusal: stored }, 'canvas edit not stored: the canvas changed meanwhile');
      const { code, message } = CANVAS_ERRORS[stored];
      yield errorLine(code, message);
      return;
    }
    version = stored;
  }
  log.info(
    { canvasId: request.canvas_id, version: version?.version, ms: Date.now() - started, characters: result.replacement.length },
    version ? 'canvas edit stored' : 'canvas edit streamed (kept by the browser)',
  );
  yield line({
    kind: 'canvas_edit',
    event: { type: 'complete', range: passage.range, replacement: result.replacement, ...(version ? { version } : {}) },
  });
  yield line({ kind: 'done' });
}
