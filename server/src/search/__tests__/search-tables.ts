import { sql } from 'kysely';
import type { AnyKysely } from '../tables';

/**
 * Test setup: the two search tables as migration 0003 makes them (created here only when the
 * migration has not), without their foreign keys to files, so the search tests need no
 * collections or files rows. Each test database is fresh, so dropping the keys touches nothing else.
 */
export async function prepareSearchTables(db: AnyKysely): Promise<void> {
  await sql`create table if not exists document_pages (
    file_id uuid not null, page_number integer not null, text text not null, wordcount integer not null,
    boxes jsonb not null default '[]'::jsonb, primary key (file_id, page_number))`.execute(db);
  await sql`create table if not exists passages (
    id uuid primary key, file_id uuid not null, collection_id uuid not null, page_number integer not null,
    start_offset integer not null, end_offset integer not null, text text not null, language text not null,
    tsv tsvector not null)`.execute(db);
  await sql`create index if not exists passages_tsv_idx on passages using gin (tsv)`.execute(db);
  await sql`create index if not exists passages_collection_idx on passages (collection_id)`.execute(db);
  const { rows } = await sql<{ table_name: string; conname: string }>`
    select c.conrelid::regclass::text as table_name, c.conname from pg_constraint c
    where c.contype = 'f' and c.conrelid in ('passages'::regclass, 'document_pages'::regclass)`.execute(db);
  for (const row of rows) await sql`alter table ${sql.table(row.table_name)} drop constraint ${sql.ref(row.conname)}`.execute(db);
}
