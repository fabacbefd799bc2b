import { z } from 'zod';
import { MESSAGES, isoDateTimeSchema, uuidSchema } from './common';

/**
 * Memory (docs/memory.md): facts a user asked the assistant to remember ("Remember that I work in
 * procurement", or added on the memory page), given to the model with every new message of the
 * user's own chats as data, never as instructions. Each memory is its owner's alone: never
 * shared, another user's is a 404. The flag `enableMemory` switches it on for the company; off,
 * nothing is stored or used and the screens hide it. The user can stop it being used for them
 * (`use_memory`), delete one or all, and "delete all my data" deletes them too.
 *
 * - GET /api/memories: `{ memories, use_memory }`, newest first.
 * - POST /api/memories (201): one more, source `settings`; 409 when it is remembered already or
 *   the user keeps MEMORY_MAX_PER_USER.
 * - PATCH /api/memories/{id}: its new text (409 when another memory says the same).
 * - DELETE /api/memories/{id} (204), DELETE /api/memories (`{ deleted }`): always allowed, also
 *   with the flag off, so nothing stays that the user cannot remove.
 * - PUT /api/memories/settings: `{ use_memory }` in and out.
 */

/** Longest text of one memory: a fact, not a document. */
export const MEMORY_TEXT_MAX_LENGTH = 300;
/** Memories a user keeps (so the prompt stays small); one more is a 409 conflict. */
export const MEMORY_MAX_PER_USER = 50;

/** Where a memory came from: said in a chat, or written on the memory page. */
export const MEMORY_SOURCES = ['chat', 'settings'] as const;
export type MemorySource = (typeof MEMORY_SOURCES)[number];

/** The name of the tool step an answer shows when it saved a memory (docs/memory.md). */
export const REMEMBER_TOOL_NAME = 'remember';

export const MEMORY_ERRORS = {
  notFound: { statusCode: 404, code: 'not_found', message: 'No such memory' },
  off: { statusCode: 403, code: 'forbidden', message: 'Memory is switched off (feature flag enableMemory)' },
  duplicate: { statusCode: 409, code: 'conflict', message: 'This is remembered already' },
  tooMany: { statusCode: 409, code: 'conflict', message: `A user keeps at most ${MEMORY_MAX_PER_USER} memories` },
} as const;

/** A memory's text as written: trimmed, one line of white space, 1 to MEMORY_TEXT_MAX_LENGTH characters. */
export const memoryTextSchema = z
  .string()
  .transform((text) => text.replace(/\s+/gu, ' ').trim())
  .pipe(z.string().min(1, MESSAGES.empty).max(MEMORY_TEXT_MAX_LENGTH, `Must not be longer than ${MEMORY_TEXT_MAX_LENGTH} characters`));

/** POST /api/memories and PATCH /api/memories/{id}. Unknown keys are refused. */
export const memoryWriteSchema = z.strictObject({ text: memoryTextSchema });
export type MemoryWrite = z.infer<typeof memoryWriteSchema>;
export type MemoryWriteInput = z.input<typeof memoryWriteSchema>;

export const memoryIdParamsSchema = z.object({ id: uuidSchema });

export const memorySchema = z.object({
  id: uuidSchema,
  text: z.string().min(1).max(MEMORY_TEXT_MAX_LENGTH),
  source: z.enum(MEMORY_SOURCES),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type Memory = z.infer<typeof memorySchema>;

/** GET /api/memories: the user's memories, newest first, and whether they are used for them. */
export const memoryListResponseSchema = z.object({
  memories: z.array(memorySchema),
  use_memory: z.boolean(),
});
export type MemoryListResponse = z.infer<typeof memoryListResponseSchema>;

/** PUT /api/memories/settings, in and out: whether the user's memories are used in their chats. */
export const memorySettingsSchema = z.strictObject({ use_memory: z.boolean() });
export type MemorySettings = z.infer<typeof memorySettingsSchema>;

/** DELETE /api/memories: how many were deleted. */
export const deletedMemoriesResponseSchema = z.object({ deleted: z.number().int().min(0) });

/**
 * The form two memories are compared in (a second "I work in procurement." is not stored): lower
 * case, one space, no closing punctuation.
 */
export function memoryKey(text: string): string {
  return text
    .normalize('NFC')
    .toLocaleLowerCase('de')
    .replace(/\s+/gu, ' ')
    .replace(/[\s.!;,]+$/u, '')
    .trim();
}
