import { z } from 'zod';
import { endNotBeforeStart, END_BEFORE_START, isoDateTimeSchema, MESSAGES, mustBeOneOf, nonNegativeIntSchema, positiveIntSchema, unknownDiscriminator, uuidSchema, versionNumberSchema } from './common';

/**
 * The canvas: a Markdown document beside a conversation that the user edits and the model revises
 * (docs/canvas.md; SPEC section 7 `POST skills/canvas-edit-agent`). Every manual save, model edit
 * and restore is a numbered version with its author. With the server's history the server keeps
 * them (one conversation, one user); with the browser-kept history (`enableLocalChatHistory`) the
 * browser keeps them and the server only streams the edit.
 */

/** Longest document, in characters (about 60 pages of prose): longer is a 413 with this limit. */
export const CANVAS_MAX_CHARACTERS = 200_000;
/** Longest title of a canvas. */
export const CANVAS_TITLE_MAX_LENGTH = 200;
/** Longest instruction to the model. */
export const CANVAS_INSTRUCTION_MAX_LENGTH = 2_000;
/** Most canvases one conversation holds. */
export const CANVAS_MAX_PER_CONVERSATION = 50;

export const CANVAS_AUTHORS = ['user', 'model'] as const;
export const canvasAuthorSchema = z.enum(CANVAS_AUTHORS, { error: mustBeOneOf(CANVAS_AUTHORS) });
export type CanvasAuthor = z.infer<typeof canvasAuthorSchema>;

/** The refusals of the canvas calls, the same from the server and the browser-kept store. */
export const CANVAS_ERRORS = {
  canvasNotFound: { statusCode: 404, code: 'not_found', message: 'No such canvas' },
  versionNotFound: { statusCode: 404, code: 'not_found', message: 'No such version of this canvas' },
  staleVersion: {
    statusCode: 409,
    code: 'conflict',
    message: 'The canvas has a newer version than the one this change is based on; reload it',
  },
  documentMismatch: {
    statusCode: 409,
    code: 'conflict',
    message: 'The document sent is not the stored text of base_version; save it first',
  },
  tooManyCanvases: { statusCode: 409, code: 'conflict', message: `A conversation holds at most ${CANVAS_MAX_PER_CONVERSATION} canvases` },
} as const;

/** The text of a document: Markdown, at most CANVAS_MAX_CHARACTERS (checked by the routes as a 413). */
export const canvasMarkdownSchema = z.string();

/** True when `markdown` is longer than a canvas may be (the routes answer 413 payload_too_large). */
export function canvasTooLong(markdown: string): boolean {
  return markdown.length > CANVAS_MAX_CHARACTERS;
}

export const canvasTitleSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.empty)
  .max(CANVAS_TITLE_MAX_LENGTH, `Must not be longer than ${CANVAS_TITLE_MAX_LENGTH} characters`);

export const canvasInstructionSchema = z
  .string()
  .trim()
  .min(1, MESSAGES.empty)
  .max(CANVAS_INSTRUCTION_MAX_LENGTH, `Must not be longer than ${CANVAS_INSTRUCTION_MAX_LENGTH} characters`);

/** A canvas without its text (lists). `version` is the number of its current version. */
export const canvasSchema = z.object({
  id: uuidSchema,
  conversation_id: uuidSchema,
  title: z.string().min(1, MESSAGES.empty).max(CANVAS_TITLE_MAX_LENGTH),
  version: positiveIntSchema,
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type Canvas = z.infer<typeof canvasSchema>;

/** A canvas with the text of its current version. */
export const canvasDocumentSchema = canvasSchema.extend({ markdown: canvasMarkdownSchema });
export type CanvasDocument = z.infer<typeof canvasDocumentSchema>;

/** One version as listed: who made it and why. */
export const canvasVersionSummarySchema = z.object({
  version: positiveIntSchema,
  author: canvasAuthorSchema,
  /** The model edit's instruction; null for the user's saves and restores. */
  instruction: z.string().nullable(),
  /** Set when this version restores an earlier one (its number). */
  restored_from: positiveIntSchema.nullable(),
  characters: nonNegativeIntSchema,
  created_at: isoDateTimeSchema,
});
export type CanvasVersionSummary = z.infer<typeof canvasVersionSummarySchema>;

/** One version with its text. */
export const canvasVersionSchema = canvasVersionSummarySchema.extend({ markdown: canvasMarkdownSchema });
export type CanvasVersion = z.infer<typeof canvasVersionSchema>;

/** GET /api/conversations/{id}/canvases: most recently updated first. */
export const canvasListResponseSchema = z.object({ canvases: z.array(canvasSchema) });
export type CanvasListResponse = z.infer<typeof canvasListResponseSchema>;

/** GET /api/canvases/{id}/versions: oldest first. */
export const canvasVersionListResponseSchema = z.object({ versions: z.array(canvasVersionSummarySchema) });
export type CanvasVersionListResponse = z.infer<typeof canvasVersionListResponseSchema>;

/** POST /api/conversations/{id}/canvases: 201 with the CanvasDocument (version 1, by the user). */
export const createCanvasRequestSchema = z.strictObject({
  title: canvasTitleSchema,
  markdown: canvasMarkdownSchema,
});
export type CreateCanvasRequest = z.infer<typeof createCanvasRequestSchema>;

/**
 * PUT /api/canvases/{id}/document: the user's save, a new version when the text changed (the same
 * text answers the current document unchanged). 409 staleVersion when base_version is not current.
 */
export const saveCanvasRequestSchema = z.strictObject({
  markdown: canvasMarkdownSchema,
  base_version: versionNumberSchema,
});
export type SaveCanvasRequest = z.infer<typeof saveCanvasRequestSchema>;

/** POST /api/canvases/{id}/versions/{version}/restore: a new version with that text, by the user. */
export const restoreCanvasRequestSchema = z.strictObject({ base_version: versionNumberSchema });
export type RestoreCanvasRequest = z.infer<typeof restoreCanvasRequestSchema>;

export const canvasIdParamsSchema = z.object({ id: uuidSchema });
export const canvasVersionParamsSchema = z.object({ id: uuidSchema, version: z.coerce.number().pipe(versionNumberSchema) });

/** A [start, end) range of the document's characters (UTF-16 code units), `end` exclusive. */
export const canvasRangeSchema = z.object({ start: nonNegativeIntSchema, end: nonNegativeIntSchema }).refine(endNotBeforeStart, {
  message: END_BEFORE_START,
  path: ['end'],
});
export type CanvasRange = z.infer<typeof canvasRangeSchema>;

/**
 * POST /api/skills/canvas-edit-agent. The model rewrites `range` of `document` (the whole
 * document when null) as `instruction` says and the answer streams only the replacement of that
 * range. With `canvas_id` the server keeps the result as the canvas's next version (`document`
 * must be the stored text of `base_version`, which must be current: 409 otherwise); without it
 * (browser-kept history) nothing is stored. Before streaming: 400, 404, 409, 413, 503.
 */
export const canvasEditRequestSchema = z
  .strictObject({
    document: canvasMarkdownSchema,
    range: canvasRangeSchema.nullable(),
    instruction: canvasInstructionSchema,
    canvas_id: uuidSchema.optional(),
    base_version: versionNumberSchema.optional(),
    /** A model of GET qa/resources; the server's default when left out. */
    model: z.string().min(1, MESSAGES.empty).max(255).optional(),
  })
  .superRefine((request, ctx) => {
    if (request.range && request.range.end > request.document.length) {
      ctx.addIssue({ code: 'custom', message: 'Must end within the document', path: ['range', 'end'] });
    }
    if (request.canvas_id !== undefined && request.base_version === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Required with canvas_id', path: ['base_version'] });
    }
  });
export type CanvasEditRequest = z.infer<typeof canvasEditRequestSchema>;
export type CanvasEditRequestInput = z.input<typeof canvasEditRequestSchema>;

/**
 * The events of an edit, under `kind: "canvas_edit"` of the stream envelope: `delta` carries the
 * next characters of the range's replacement; `complete` (just before `done`) the whole
 * replacement and, with `canvas_id`, the stored version. A stream that ends with `error` (or is
 * aborted) changed nothing.
 */
export const CANVAS_EDIT_EVENT_TYPES = ['delta', 'complete'] as const;
export const canvasEditEventSchema = z.discriminatedUnion(
  'type',
  [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({
    type: z.literal('complete'),
    range: z.object({ start: nonNegativeIntSchema, end: nonNegativeIntSchema }),
    replacement: z.string(),
    version: canvasVersionSummarySchema.optional(),
  }),
  ],
  unknownDiscriminator(CANVAS_EDIT_EVENT_TYPES),
);
export type CanvasEditEvent = z.infer<typeof canvasEditEventSchema>;

/** The document after an edit: the text outside `range` exactly as it was. */
export function applyCanvasReplacement(document: string, range: { start: number; end: number } | null, replacement: string): string {
  if (!range) return replacement;
  return document.slice(0, range.start) + replacement + document.slice(range.end);
}

/**
 * A text handed to the chat's canvas from another remote (a summary's or a generated text's "Open
 * in canvas"): the sender keeps `{title, markdown}` under CANVAS_HANDOFF_KEY in sessionStorage
 * (the same origin, this tab only) and opens `/chat?canvas=new`; the chat page takes it once,
 * starts a new conversation named after it and opens the text in its canvas (docs/canvas.md).
 */
export const CANVAS_HANDOFF_KEY = 'assistant.canvas-handoff';
export const CANVAS_HANDOFF_PATH = '/chat?canvas=new';
export const canvasHandoffSchema = z.object({
  title: canvasTitleSchema,
  markdown: canvasMarkdownSchema.max(CANVAS_MAX_CHARACTERS, `Must not be longer than ${CANVAS_MAX_CHARACTERS} characters`),
});
export type CanvasHandoff = z.infer<typeof canvasHandoffSchema>;
