import { sql, type Kysely } from 'kysely';

// Collections, their files, ingestion runs, and the text search reads (pages, passages).
// Agreed with search: document_pages and passages are written by search/index-document.ts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('collections')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('scope', 'text', (col) => col.notNull().check(sql`scope in ('personal', 'company')`))
    // The owner's sub for a personal collection; null for a company one.
    .addColumn('owner_id', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('collections_owner_check', sql`(scope = 'personal') = (owner_id is not null)`)
    .execute();
  await db.schema.createIndex('collections_owner_idx').on('collections').columns(['scope', 'owner_id']).execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('collection_id', 'uuid', (col) => col.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('media_type', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('uploaded', 'processing', 'processing-failed', 'processed')`),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('files_name_version_unique', ['collection_id', 'name', 'version'])
    .execute();

  await db.schema
    .createTable('ingestion_runs')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('file_id', 'uuid', (col) => col.notNull().references('files.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('created', 'running', 'completed', 'failed')`))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('errors', 'jsonb')
    .addColumn('dataset_id', 'text')
    .addColumn('metadata', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('locked_until', 'timestamptz')
    .execute();
  await db.schema.createIndex('ingestion_runs_file_idx').on('ingestion_runs').column('file_id').execute();
  await db.schema.createIndex('ingestion_runs_status_idx').on('ingestion_runs').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('document_pages')
    .addColumn('file_id', 'uuid', (col) => col.notNull().references('files.id').onDelete('cascade'))
    .addColumn('page_number', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('wordcount', 'integer', (col) => col.notNull())
    .addColumn('boxes', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addPrimaryKeyConstraint('document_pages_pk', ['file_id', 'page_number'])
    .execute();

  await db.schema
    .createTable('passages')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('file_id', 'uuid', (col) => col.notNull().references('files.id').onDelete('cascade'))
    .addColumn('collection_id', 'uuid', (col) => col.notNull())
    .addColumn('page_number', 'integer', (col) => col.notNull())
    .addColumn('start_offset', 'integer', (col) => col.notNull())
    .addColumn('end_offset', 'integer', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('tsv', sql`tsvector`, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('passages_tsv_idx').on('passages').using('gin').column('tsv').execute();
  await db.schema.createIndex('passages_collection_idx').on('passages').column('collection_id').execute();
  await db.schema.createIndex('passages_file_idx').on('passages').column('file_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('passages').execute();
  await db.schema.dropTable('document_pages').execute();
  await db.schema.dropTable('ingestion_runs').execute();
  await db.schema.dropTable('files').execute();
  await db.schema.dropTable('collections').execute();
}
