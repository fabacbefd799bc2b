import { sql, type Kysely } from 'kysely';

// `user_onboarding`: how the guided start ended for each user (finished or skipped, and at which
// step), so that it shows once per user whatever browser they use. No row: not yet seen.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_onboarding')
    .addColumn('user_id', 'text', (col) => col.primaryKey())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('completed', 'skipped')`))
    .addColumn('step', 'integer')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_onboarding').execute();
}
