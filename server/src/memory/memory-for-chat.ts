import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../db/database';

/** Whether memory is on for a user in a chat, and what they asked to be remembered. */
export interface ChatMemory {
  /** The company's flag `enableMemory` and the user's own `use_memory`: both on. Off, nothing is stored or used. */
  on: boolean;
  /** Their memories' texts, oldest first (empty when off). */
  facts: string[];
}

/**
 * The company flag, the user's switch and their memories as one scalar SQL value (a JSON object),
 * so the chat route reads them in the conversation's own statement (before the first token, no
 * round trip of their own). Flags are read on every message, like deep research's, so every
 * replica agrees right after an administrator's change. `chatMemoryFrom` reads the value.
 */
export function chatMemoryValue(owner: string): RawBuilder<unknown> {
  return sql`select json_build_object(
      'flag', (select (value->>'enableMemory')::boolean from app_settings where key = 'feature_flags'),
      'use_memory', (select use_memory from memory_preferences where owner_id = ${owner}),
      'facts', (select json_agg(text order by created_at, id) from memories where owner_id = ${owner}))`;
}

/** What `chatMemoryValue` read. */
export function chatMemoryFrom(value: unknown): ChatMemory {
  // json arrives parsed from PostgreSQL and PGlite alike; a string only from a driver that does not parse json.
  const row = (typeof value === 'string' ? JSON.parse(value) : value) as { flag: boolean | null; use_memory: boolean | null; facts: string[] | null } | null;
  const on = row?.flag === true && row.use_memory !== false;
  return { on, facts: on ? (row.facts ?? []) : [] };
}

/** The same on its own (the browser-kept chat has no conversation to read it with). */
export async function chatMemory(db: Database, owner: string): Promise<ChatMemory> {
  const { rows } = await sql<{ memory: unknown }>`select (${chatMemoryValue(owner)}) as memory`.execute(db);
  return chatMemoryFrom(rows[0]?.memory);
}
