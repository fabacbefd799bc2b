import { sql, type Kysely } from 'kysely';

// The canvas (docs/canvas.md): Markdown documents beside a conversation, each its
// owner's alone, with every save, model edit and restore kept as a numbered version. `version`
// of a canvas is the number of its current version; a version is never changed once stored.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('canvases')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    // The owner's sub (the conversation's owner): another user's canvas is a 404.
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('conversation_id', 'uuid', (col) => col.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('canvases_conversation_idx').on('canvases').columns(['conversation_id', 'updated_at']).execute();

  await db.schema
    .createTable('canvas_versions')
    .addColumn('canvas_id', 'uuid', (col) => col.notNull().references('canvases.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('author', 'text', (col) => col.notNull().check(sql`author in ('user', 'model')`))
    // The model edit's instruction; null for the user's saves and restores.
    .addColumn('instruction', 'text')
    // The version a restore brought back.
    .addColumn('restored_from', 'integer')
    .addColumn('markdown', 'text', (col) => col.notNull())
    // The text's length as the contract counts it (UTF-16 code units), so lists need not read the text.
    .addColumn('characters', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('canvas_versions_pkey', ['canvas_id', 'version'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('canvas_versions').execute();
  await db.schema.dropTable('canvases').execute();
}
