import { sql, type Kysely } from 'kysely';

// Grounded chat (docs/chat.md). Files uploaded into a conversation live in a collection of scope
// 'conversation': its owner's, tied to the conversation (deleted with it through the foreign key,
// and its files, runs, pages and passages with it), one per conversation, never listed with the
// personal and company collections. An assistant message keeps the tool events of its answer
// (the retrieval step), so a reload shows them.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('collections')
    .addColumn('conversation_id', 'uuid', (col) => col.references('conversations.id').onDelete('cascade'))
    .execute();
  // The scope check was made inline with the column (PostgreSQL named it collections_scope_check).
  await db.schema.alterTable('collections').dropConstraint('collections_scope_check').execute();
  await db.schema.alterTable('collections').dropConstraint('collections_owner_check').execute();
  await db.schema
    .alterTable('collections')
    .addCheckConstraint('collections_scope_check', sql`scope in ('personal', 'company', 'conversation')`)
    .execute();
  // Only company collections have no owner; a conversation's collection is its owner's.
  await db.schema.alterTable('collections').addCheckConstraint('collections_owner_check', sql`(scope = 'company') = (owner_id is null)`).execute();
  await db.schema
    .alterTable('collections')
    .addCheckConstraint('collections_conversation_check', sql`(scope = 'conversation') = (conversation_id is not null)`)
    .execute();
  await db.schema.createIndex('collections_conversation_unique').on('collections').column('conversation_id').unique().execute();

  await db.schema.alterTable('messages').addColumn('tool_events', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('tool_events').execute();
  // Their files' bytes stay on disk; a down migration is for development databases only.
  await sql`delete from collections where scope = 'conversation'`.execute(db);
  await db.schema.dropIndex('collections_conversation_unique').execute();
  await db.schema.alterTable('collections').dropConstraint('collections_conversation_check').execute();
  await db.schema.alterTable('collections').dropConstraint('collections_owner_check').execute();
  await db.schema.alterTable('collections').dropConstraint('collections_scope_check').execute();
  await db.schema.alterTable('collections').addCheckConstraint('collections_scope_check', sql`scope in ('personal', 'company')`).execute();
  await db.schema.alterTable('collections').addCheckConstraint('collections_owner_check', sql`(scope = 'personal') = (owner_id is not null)`).execute();
  await db.schema.alterTable('collections').dropColumn('conversation_id').execute();
}
