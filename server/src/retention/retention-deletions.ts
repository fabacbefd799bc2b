import type { RetentionKind } from '@assistant/contracts';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { AnswerRatingsRepository } from '../ratings/answer-ratings-repository';
import { FileRemovals } from './file-removals';
import type { KindCutoffs } from './retention-policy';

type Trx = Transaction<DatabaseSchema>;

/** What one batch deleted: the rows, and the storage keys it queued for removal from disk. */
export interface BatchResult {
  deleted: number;
  /** Rows it looked at: fewer than the batch size means nothing older is left. */
  found: number;
  storageKeys: string[];
}

/**
 * Deletes these conversations with everything that hangs off them: messages, their event logs,
 * grounding traces (sources), research runs and their events, canvases and their versions, the
 * attachment collection with its files, ingestion runs, pages, passages and vectors (foreign keys
 * cascade); the shared snapshot and the shares (named by id, without a foreign key); the
 * attachments' bytes are queued for removal; their answers' ratings forget their texts. The caller has scoped `ids` (to an owner, or by age).
 */
export async function deleteConversations(trx: Trx, ids: readonly string[]): Promise<BatchResult> {
  if (ids.length === 0) return { deleted: 0, found: 0, storageKeys: [] };
  const files = await trx
    .selectFrom('files')
    .innerJoin('collections', 'collections.id', 'files.collection_id')
    .select('files.storage_key')
    .where('collections.conversation_id', 'in', [...ids])
    .execute();
  const storageKeys = files.map((file) => file.storage_key);
  await FileRemovals.queue(trx, storageKeys);
  // Ratings of their answers keep the thumbs (statistics) and lose what the user wrote or shared.
  const owners = await trx.selectFrom('conversations').select(['id', 'owner_id']).where('id', 'in', [...ids]).execute();
  const ratings = new AnswerRatingsRepository(trx);
  for (const owner of new Set(owners.map((row) => row.owner_id))) {
    await ratings.forgetSharedTexts(
      owner,
      owners.filter((row) => row.owner_id === owner).map((row) => row.id),
      trx,
    );
  }
  const result = await trx.deleteFrom('conversations').where('id', 'in', [...ids]).executeTakeFirst();
  await trx.deleteFrom('conversation_snapshots').where('conversation_id', 'in', [...ids]).execute();
  await trx.deleteFrom('shares').where('item_kind', '=', 'conversation').where('item_id', 'in', [...ids]).execute();
  return { deleted: Number(result.numDeletedRows), found: ids.length, storageKeys };
}

/**
 * `timestamp` is older than the kind's cutoffs for `owner`: older than the default's, or than a
 * group's the owner is a member of (the shortest retention that applies wins).
 */
function olderThan(cutoffs: KindCutoffs, owner: RawBuilder<unknown>, timestamp: RawBuilder<unknown>): RawBuilder<boolean> {
  const conditions: RawBuilder<boolean>[] = [];
  if (cutoffs.all) conditions.push(sql<boolean>`${timestamp} < ${cutoffs.all}`);
  if (cutoffs.groups.length > 0) {
    const perGroup = cutoffs.groups.map(({ groupId, before }) => sql`(gm.group_id = ${groupId} and ${timestamp} < ${before})`);
    conditions.push(sql<boolean>`exists (select 1 from group_members gm where gm.user_sub = ${owner} and (${sql.join(perGroup, sql` or `)}))`);
  }
  return conditions.length === 0 ? sql<boolean>`false` : sql<boolean>`(${sql.join(conditions, sql` or `)})`;
}

/** An owned kind's table: which column names the owner and which one its age is counted from. */
interface OwnedTable {
  table: 'grounding_traces' | 'research_runs' | 'canvases';
  timestamp: 'created_at' | 'updated_at';
}

const OWNED: Partial<Record<RetentionKind, OwnedTable>> = {
  // A trace of a chat answer is its sources; of a question over documents, its windows and answer.
  qa_traces: { table: 'grounding_traces', timestamp: 'created_at' },
  // Its events go with it (foreign key).
  research_runs: { table: 'research_runs', timestamp: 'updated_at' },
  // Its versions go with it (foreign key).
  canvases: { table: 'canvases', timestamp: 'updated_at' },
};

/**
 * Deletes at most `limit` rows of `kind` older than its cutoffs (rows another transaction holds
 * are left for the next batch, never waited for). Company-wide kinds (usage details, the audit
 * log) have a default only.
 */
export async function deleteOldBatch(trx: Trx, kind: RetentionKind, cutoffs: KindCutoffs, limit: number): Promise<BatchResult> {
  switch (kind) {
    case 'conversations': {
      // A conversation's last activity: every stored message touches its updated_at.
      const { rows } = await sql<{ id: string }>`
        select c.id from conversations c
        where ${olderThan(cutoffs, sql.ref('c.owner_id'), sql.ref('c.updated_at'))}
        order by c.updated_at limit ${limit} for update skip locked`.execute(trx);
      return deleteConversations(
        trx,
        rows.map((row) => row.id),
      );
    }
    case 'chat_attachments': {
      // A conversation's files older than this go even while the conversation itself is kept.
      const { rows } = await sql<{ id: string; storage_key: string }>`
        select f.id, f.storage_key from files f join collections col on col.id = f.collection_id
        where col.scope = 'conversation' and ${olderThan(cutoffs, sql.ref('col.owner_id'), sql.ref('f.created_at'))}
        order by f.created_at limit ${limit} for update of f skip locked`.execute(trx);
      if (rows.length === 0) return { deleted: 0, found: 0, storageKeys: [] };
      const storageKeys = rows.map((row) => row.storage_key);
      await FileRemovals.queue(trx, storageKeys);
      // Runs, pages, passages and vectors go with the file (foreign keys).
      const result = await trx
        .deleteFrom('files')
        .where(
          'id',
          'in',
          rows.map((row) => row.id),
        )
        .executeTakeFirst();
      return { deleted: Number(result.numDeletedRows), found: rows.length, storageKeys };
    }
    case 'usage_details':
      return deleteCompanyWide(trx, 'usage_events', cutoffs, limit);
    case 'audit_log':
      // The audit log refuses deletion (migration 0030) but in a transaction that says it is its retention.
      await sql`set local assistant.audit_retention = 'on'`.execute(trx);
      return deleteCompanyWide(trx, 'audit_log', cutoffs, limit);
    default: {
      const owned = OWNED[kind]!;
      const table = sql.table(owned.table);
      const timestamp = sql.ref(`t.${owned.timestamp}`);
      const { rows } = await sql<{ id: string }>`
        with old as (
          select t.id from ${table} t where ${olderThan(cutoffs, sql.ref('t.owner_id'), timestamp)}
          order by ${timestamp} limit ${limit} for update skip locked
        )
        delete from ${table} where id in (select id from old) returning id`.execute(trx);
      return { deleted: rows.length, found: rows.length, storageKeys: [] };
    }
  }
}

/** Rows of a company-wide table older than the default's cutoff, by their `at` (row ids through ctid: the tables' keys differ). */
async function deleteCompanyWide(trx: Trx, table: 'usage_events' | 'audit_log', cutoffs: KindCutoffs, limit: number): Promise<BatchResult> {
  if (!cutoffs.all) return { deleted: 0, found: 0, storageKeys: [] };
  const result = await sql`
    delete from ${sql.table(table)} where ctid in (select ctid from ${sql.table(table)} where at < ${cutoffs.all} order by at limit ${limit})`.execute(trx);
  const deleted = Number(result.numAffectedRows ?? 0);
  return { deleted, found: deleted, storageKeys: [] };
}

/** Rows one transaction deletes: short transactions, so deletion never holds much of the database for long. */
export const RETENTION_BATCH_SIZE = 500;

/**
 * Deletes all of `owner`'s conversations with everything that hangs off them ("delete all my
 * conversations"), a batch per transaction like the retention job, the attachments' bytes removed
 * after each batch committed. Answers how many conversations it deleted.
 */
export async function deleteAllConversations(db: Database, files: FileRemovals, owner: string, batchSize = RETENTION_BATCH_SIZE): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('conversations').select('id').where('owner_id', '=', owner).orderBy('id').limit(batchSize).forUpdate().execute();
      return deleteConversations(
        trx,
        rows.map((row) => row.id),
      );
    });
    await files.remove(batch.storageKeys);
    deleted += batch.deleted;
    if (batch.found < batchSize) return deleted;
  }
}
