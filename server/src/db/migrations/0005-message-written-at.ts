import { sql, type Kysely } from 'kysely';

// When a message was last written: an answer still `streaming` whose writer has been silent far
// longer than its progress interval lost that writer (the server stopped mid-answer).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('written_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('written_at').execute();
}
