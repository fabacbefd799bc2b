import { randomUUID } from 'node:crypto';
import {
  inContextSourcesResponseSchema,
  qaSourcesResponseSchema,
  sourceSegmentSchema,
  type InContextSourcesResponse,
  type QaSourcesResponse,
} from '@assistant/contracts';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { SourceWindow } from '../../grounding/source-windows';
import type { Database } from '../database';
import type { GroundingTracesTable } from '../schema';

/** The judged sources of a trace, in both shapes the API answers (QA and in-context), each validated. */
export interface StoredSources {
  qa: QaSourcesResponse;
  in_context: InContextSourcesResponse;
}

export interface GroundingTrace {
  id: string;
  owner: string;
  kind: 'qa' | 'chat';
  question: string;
  /** null until the answer is complete. */
  answer: string | null;
  model: string;
  windows: SourceWindow[];
  conversationId: string | null;
  messageId: string | null;
  /** null until the sources job stored them. */
  sources: StoredSources | null;
  createdAt: Date;
}

export interface NewGroundingTrace {
  owner: string;
  kind: 'qa' | 'chat';
  question: string;
  windows: readonly SourceWindow[];
  model: string;
  conversationId?: string | null;
  messageId?: string | null;
}

// Stored JSON is read back through the same shapes it was written in: a row that does not fit
// fails loudly instead of reaching a user half-formed.
const windowSchema = z.object({
  index: z.number().int().min(0),
  fileId: z.string(),
  collectionId: z.string(),
  fileName: z.string(),
  mediaType: z.string(),
  originalUrl: z.string().optional(),
  totalPages: z.number().int().positive().optional(),
  segments: z.array(sourceSegmentSchema),
  text: z.string(),
  score: z.number(),
});
const storedSourcesSchema = z.object({ qa: qaSourcesResponseSchema, in_context: inContextSourcesResponseSchema });

const json = (value: unknown): unknown => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

const COLUMNS = ['id', 'owner_id', 'kind', 'question', 'answer', 'model', 'windows', 'conversation_id', 'message_id', 'sources', 'created_at'] as const;

type Row = Pick<Selectable<GroundingTracesTable>, (typeof COLUMNS)[number]>;

function toTrace(row: Row): GroundingTrace {
  const sources = json(row.sources);
  return {
    id: row.id,
    owner: row.owner_id,
    kind: row.kind,
    question: row.question,
    answer: row.answer,
    model: row.model,
    windows: z.array(windowSchema).parse(json(row.windows)),
    conversationId: row.conversation_id,
    messageId: row.message_id,
    sources: sources === null || sources === undefined ? null : storedSourcesSchema.parse(sources),
    createdAt: row.created_at,
  };
}

/**
 * Grounding traces (migration 0009): what a grounded answer was given and what it said, for the
 * sources job and the sources endpoints. Every read is scoped to the owner: another user's trace
 * is null, like a missing one (a 404).
 */
export class GroundingTracesRepository {
  constructor(private readonly db: Database) {}

  /** Stores a new trace (its answer still to come); answers its id, the trace_id the client gets. */
  async create(trace: NewGroundingTrace): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto('grounding_traces')
      .values({
        id,
        owner_id: trace.owner,
        kind: trace.kind,
        question: trace.question,
        model: trace.model,
        windows: JSON.stringify(trace.windows),
        conversation_id: trace.conversationId ?? null,
        message_id: trace.messageId ?? null,
      })
      .execute();
    return id;
  }

  /** Records the answer the model gave (complete, or as far as it came). */
  async complete(id: string, answer: string): Promise<void> {
    await this.db.updateTable('grounding_traces').set({ answer }).where('id', '=', id).execute();
  }

  async find(id: string, owner: string): Promise<GroundingTrace | null> {
    const row = await this.db.selectFrom('grounding_traces').select(COLUMNS).where('id', '=', id).where('owner_id', '=', owner).executeTakeFirst();
    return row ? toTrace(row) : null;
  }

  /** The trace of a chat message of the owner (the latest, should there be several). */
  async findByMessage(conversationId: string, messageId: string, owner: string): Promise<GroundingTrace | null> {
    const row = await this.db
      .selectFrom('grounding_traces')
      .select(COLUMNS)
      .where('conversation_id', '=', conversationId)
      .where('message_id', '=', messageId)
      .where('owner_id', '=', owner)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toTrace(row) : null;
  }

  /** Removes a trace whose answer never started (the model refused it). */
  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('grounding_traces').where('id', '=', id).execute();
  }

  /** Stores the judged sources, after checking both shapes against the contracts. */
  async saveSources(id: string, sources: StoredSources): Promise<void> {
    const checked = storedSourcesSchema.parse(sources);
    await this.db.updateTable('grounding_traces').set({ sources: JSON.stringify(checked) }).where('id', '=', id).execute();
  }
}
