import { sql } from 'kysely';
import type { Database } from '../db/database';

/** Whether memory is on for a user in a chat, and what they asked to be remembered. */
export interface ChatMemory {
  /** The company's flag `enableMemory` and the user's own `use_memory`: both on. Off, nothing is stored or used. */
  on: boolean;
  /** Their memories' texts, oldest first (empty when off). */
  facts: string[];
}

/**
 * One query beside the conversation's (before the first token, so not a round trip more): the
 * company flag, the user's switch and their memories. Flags are read on every message, like deep
 * research's, so every replica agrees right after an administrator's change.
 */
export async function chatMemory(db: Database, owner: string): Promise<ChatMemory> {
  const { rows } = await sql<{ flag: boolean | null; use_memory: boolean | null; facts: string[] | string | null }>`
    select
      (select (value->>'enableMemory')::boolean from app_settings where key = 'feature_flags') as flag,
      (select use_memory from memory_preferences where owner_id = ${owner}) as use_memory,
      (select json_agg(text order by created_at, id) from memories where owner_id = ${owner}) as facts`.execute(db);
  const row = rows[0];
  const on = row?.flag === true && row.use_memory !== false;
  if (!on) return { on, facts: [] };
  // json_agg arrives parsed from PostgreSQL and PGlite alike; a string only from a driver that does not parse json.
  const facts = typeof row.facts === 'string' ? (JSON.parse(row.facts) as string[]) : (row.facts ?? []);
  return { on, facts };
}
