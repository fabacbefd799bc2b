import { sql, type Kysely } from 'kysely';

// The prompt library (docs/prompts.md): saved prompts, a title and a text with {{variables}},
// each its owner's. Sharing is the `shares` table's (kind 'prompt', migration 0025); the access
// rule (sharing/access-rule.ts promptRule) decides who reads and changes a prompt.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('prompts')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    // The author's sub: they alone delete it and manage its sharing.
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('prompts_owner_idx').on('prompts').column('owner_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('prompts').execute();
}
