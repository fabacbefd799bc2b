import { z } from 'zod';
import { resourceIdSchema, uuidSchema } from './common';
import { SEARCH_MAX_COLLECTIONS } from './search';

/**
 * POST /api/qa/chat (SPEC section 7: body, abortable, streamed). The body's shape is ours (the
 * spec leaves it open): a question over either whole collections or one document. The answer
 * streams in the stream envelope: first an `intent` event whose payload carries the `trace_id`
 * (sources are asked for with it), then `tool` events of the retrieval, then the answer text with
 * citation markers `[n]` (n counts the sources from 1: source_index n-1), then `done`.
 */

export const QA_QUESTION_MAX_CHARACTERS = 4000;

export const qaChatRequestSchema = z
  .strictObject({
    question: z
      .string()
      .trim()
      .min(1, 'Please enter a question')
      .max(QA_QUESTION_MAX_CHARACTERS, `Must not be longer than ${QA_QUESTION_MAX_CHARACTERS} characters`),
    /** A language model of GET qa/resources; absent: the server's default. */
    model: resourceIdSchema.optional(),
    /** Collections to answer from (readable by the user). */
    collections: z.array(uuidSchema).max(SEARCH_MAX_COLLECTIONS, `At most ${SEARCH_MAX_COLLECTIONS} collections`).optional(),
    /** One document (a file id) to answer from instead. */
    file_id: uuidSchema.optional(),
  })
  .refine((body) => (body.file_id ? !body.collections?.length : (body.collections?.length ?? 0) > 0), {
    message: 'Pick either one document or at least one collection',
    path: ['collections'],
  });
export type QaChatRequest = z.infer<typeof qaChatRequestSchema>;

/** Citation markers in an answer: `[1]`, `[2][3]`, `[1, 2]`; numbers count sources from 1. */
export const CITATION_PATTERN = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

/** The source numbers (from 1) an answer cites, in order of first appearance. */
export function citedSourceNumbers(answer: string): number[] {
  const seen = new Set<number>();
  for (const match of answer.matchAll(CITATION_PATTERN)) {
    for (const n of match[1]!.split(',')) seen.add(Number(n.trim()));
  }
  return [...seen];
}

/** The retrieval mode a server runs (GET qa/resources `search_mode`): vectors with full text, or full text alone. */
export const searchModeSchema = z.enum(['hybrid', 'full-text']);
export type SearchMode = z.infer<typeof searchModeSchema>;
