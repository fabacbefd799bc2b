import { z } from 'zod';
import { MESSAGES, isoDateTimeSchema, uuidSchema } from './common';
import { templatePlaceholders, templateVariableNames } from './custom-apps';
import { itemSharingSchema } from './sharing';

/**
 * The prompt library (docs/prompts.md): saved prompts, a title and a text, each its owner's and
 * shared like the other items (sharing.ts; kind `prompt`, roles view and edit). Picked in the
 * chat's composer with `/` and from the prompt list.
 *
 * - GET /api/prompts: the user's own prompts and those shared with them, by title, each with how it
 *   reaches them (`sharing`).
 * - POST /api/prompts (201), GET /api/prompts/{id}, PUT /api/prompts/{id} (owner and editors: the
 *   whole prompt), DELETE /api/prompts/{id} (the owner only; its shares go with it). A prompt the
 *   user may not read is a 404, one they may read but not change a 403.
 *
 * The text marks its variables like a custom app's template: {{name}} (spaces inside the braces
 * allowed), a name of letters, digits and _ (`templateVariableNames` of custom-apps.ts). Using a
 * prompt puts its text in the message box with the first variable selected; anything else in
 * double braces ({{ user.name }} in a code snippet) is text. A form of fields is a custom app's job.
 */

export const PROMPT_TITLE_MAX_LENGTH = 120;
export const PROMPT_TEXT_MAX_LENGTH = 10_000;
/** Prompts a user may keep (their own; shared ones do not count); one more is a 409 conflict. */
export const PROMPT_MAX_PER_USER = 500;

const tooLong = (max: number) => `Must not be longer than ${max} characters`;

export const PROMPT_ERRORS = {
  notFound: { statusCode: 404, code: 'not_found', message: 'No such prompt' },
  readOnly: { statusCode: 403, code: 'forbidden', message: 'This prompt is shared with you to read only' },
  ownerOnly: { statusCode: 403, code: 'forbidden', message: 'Only the owner deletes a prompt' },
  tooManyPrompts: { statusCode: 409, code: 'conflict', message: `A user keeps at most ${PROMPT_MAX_PER_USER} prompts` },
} as const;

/** What its author writes (POST and PUT alike). Unknown keys are refused. */
export const promptDefinitionSchema = z.strictObject({
  title: z.string().trim().min(1, MESSAGES.empty).max(PROMPT_TITLE_MAX_LENGTH, tooLong(PROMPT_TITLE_MAX_LENGTH)),
  text: z.string().trim().min(1, MESSAGES.empty).max(PROMPT_TEXT_MAX_LENGTH, tooLong(PROMPT_TEXT_MAX_LENGTH)),
});
export type PromptDefinition = z.infer<typeof promptDefinitionSchema>;
export type PromptDefinitionInput = z.input<typeof promptDefinitionSchema>;

/** POST /api/prompts. */
export const createPromptRequestSchema = promptDefinitionSchema;
/** PUT /api/prompts/{id}: the whole prompt again. */
export const updatePromptRequestSchema = promptDefinitionSchema;

export const promptIdParamsSchema = z.object({ id: uuidSchema });

/** A prompt as the user sees it, with how it reaches them (`sharing.access`: owner, edit or view). */
export const promptSchema = z.object({
  id: uuidSchema,
  title: z.string().min(1, MESSAGES.empty).max(PROMPT_TITLE_MAX_LENGTH),
  text: z.string().min(1, MESSAGES.empty).max(PROMPT_TEXT_MAX_LENGTH),
  /** The distinct {{name}}s of the text in order of first use (`promptVariables`). */
  variables: z.array(z.string()),
  sharing: itemSharingSchema,
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type Prompt = z.infer<typeof promptSchema>;

/** GET /api/prompts: own and shared, by title. */
export const promptListResponseSchema = z.object({ prompts: z.array(promptSchema) });
export type PromptListResponse = z.infer<typeof promptListResponseSchema>;

/** The variables of a prompt's text: its valid {{name}}s, each once, in order of first use. */
export function promptVariables(text: string): string[] {
  return templateVariableNames(text);
}

/** A variable's place in a prompt's text: [start, end) over the {{...}} as written. */
export interface PromptPlaceholder {
  name: string;
  start: number;
  end: number;
}

/** Every valid {{name}} of `text` with where it stands, in order (repeats included). */
export function promptPlaceholders(text: string): PromptPlaceholder[] {
  const found: PromptPlaceholder[] = [];
  let from = 0;
  for (const placeholder of templatePlaceholders(text)) {
    // The matches come in order and do not overlap: each is the first of its text from the last end.
    const start = text.indexOf(placeholder.raw, from);
    from = start + placeholder.raw.length;
    if (placeholder.valid) found.push({ name: placeholder.name, start, end: from });
  }
  return found;
}
