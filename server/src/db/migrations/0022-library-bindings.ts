import { sql, type Kysely } from 'kysely';

// Library folders bound to collections and the files a sync found in them (libraries/sync/).
// A binding's sync is the job `library-sync:<binding id>`; what it has done is stored here as it
// goes (items, progress, cursor), so a sync claimed again after a restart resumes instead of
// fetching again. A collection file that came from a library keeps its original's address.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('files').addColumn('source_url', 'text').execute();

  await db.schema
    .createTable('library_bindings')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('connection_id', 'uuid', (col) => col.notNull().references('library_connections.id').onDelete('cascade'))
    .addColumn('collection_id', 'uuid', (col) => col.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('folder_id', 'text', (col) => col.notNull())
    .addColumn('folder_path', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('idle', 'syncing', 'paused', 'failed')`))
    // Where the next delta scan starts (Graph deltaLink); null: the next scan lists everything.
    .addColumn('cursor', 'text')
    // Counts one sync at a time; items carry the generation that last saw them.
    .addColumn('generation', 'integer', (col) => col.notNull().defaultTo(0))
    // Set while a generation is open: a sync that finds it set resumes that generation.
    .addColumn('sync_started_at', 'timestamptz')
    .addColumn('progress', 'jsonb')
    .addColumn('problem', 'text')
    .addColumn('last_synced_at', 'timestamptz')
    .addColumn('next_sync_at', 'timestamptz')
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // A folder feeds one collection per connection (binding it again answers 409).
    .addUniqueConstraint('library_bindings_folder_unique', ['connection_id', 'folder_id'])
    .execute();
  await db.schema.createIndex('library_bindings_due_idx').on('library_bindings').columns(['state', 'next_sync_at']).execute();
  await db.schema.createIndex('library_bindings_collection_idx').on('library_bindings').column('collection_id').execute();

  await db.schema
    .createTable('library_items')
    .addColumn('binding_id', 'uuid', (col) => col.notNull().references('library_bindings.id').onDelete('cascade'))
    // The library's id of the entry (stable across renames where the library has one).
    .addColumn('entry_id', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('state', 'text', (col) =>
      col.notNull().check(sql`state in ('queued', 'importing', 'imported', 'unchanged', 'skipped', 'failed', 'removed')`),
    )
    .addColumn('skip_reason', 'text')
    .addColumn('error_code', 'text')
    .addColumn('problem', 'text')
    // The collection file it became; it goes with the file (removed by hand in the collection).
    .addColumn('file_id', 'uuid', (col) => col.references('files.id').onDelete('set null'))
    .addColumn('source_url', 'text')
    .addColumn('content_type', 'text')
    .addColumn('generation', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('library_items_pk', ['binding_id', 'entry_id'])
    .execute();
  // The sync's work lists (queued items, items not seen), and the items page (failures first).
  await db.schema.createIndex('library_items_state_idx').on('library_items').columns(['binding_id', 'state', 'path']).execute();
  await db.schema.createIndex('library_items_generation_idx').on('library_items').columns(['binding_id', 'generation']).execute();
  await db.schema.createIndex('library_items_file_idx').on('library_items').column('file_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('library_items').execute();
  await db.schema.dropTable('library_bindings').execute();
  await db.schema.alterTable('files').dropColumn('source_url').execute();
}
