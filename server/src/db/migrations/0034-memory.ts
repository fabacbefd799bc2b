import { sql, type Kysely } from 'kysely';

// Memory (docs/memory.md): facts a user asked the assistant to remember, each its owner's alone
// (never shared), and whether the user wants them used. Deleted with "delete all my data".
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('memories')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    // The user's sub: every query is scoped to it.
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    // The text as compared (contracts' memoryKey): the same fact is stored once per user.
    .addColumn('key', 'text', (col) => col.notNull())
    // 'chat' (said in a conversation) or 'settings' (written on the memory page).
    .addColumn('source', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('memories_owner_key_idx').on('memories').columns(['owner_id', 'key']).unique().execute();
  await db.schema.createIndex('memories_owner_created_idx').on('memories').columns(['owner_id', 'created_at']).execute();

  // A row only for users who switched memory off for themselves (absent: on).
  await db.schema
    .createTable('memory_preferences')
    .addColumn('owner_id', 'text', (col) => col.primaryKey())
    .addColumn('use_memory', 'boolean', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('memory_preferences').execute();
  await db.schema.dropTable('memories').execute();
}
