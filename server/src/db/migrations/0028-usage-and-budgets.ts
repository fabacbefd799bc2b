import { sql, type Kysely } from 'kysely';

// Usage and budgets (docs/operations.md "Usage and budgets"). `usage_events`: one row per model
// call (who, their groups then, the feature, the model, tokens in and out, cost), written in
// batches (usage/usage-meter.ts); retention deletes old rows by `at`. `usage_balances`: each
// user's running total of a month, settled atomically by every batch, the truth budgets are
// checked against across replicas; it outlives the events. `budget_settings`: the one document of
// defaults, group and user budgets, prices and the transcription rate.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_events')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('user_sub', 'text', (col) => col.notNull())
    // The user's group ids when the call was made (a JSON array of strings).
    .addColumn('groups', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('feature', 'text', (col) => col.notNull())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('input_tokens', 'integer', (col) => col.notNull())
    .addColumn('output_tokens', 'integer', (col) => col.notNull())
    // How many of the tokens were estimated (the endpoint reported no usage).
    .addColumn('estimated_tokens', 'integer', (col) => col.notNull().defaultTo(0))
    // In the price table's currency; null: the model had no price.
    .addColumn('cost', 'numeric', (col) => col)
    .addColumn('audio_seconds', 'real', (col) => col)
    .execute();
  await db.schema.createIndex('usage_events_at_idx').on('usage_events').column('at').execute();
  await db.schema.createIndex('usage_events_user_at_idx').on('usage_events').columns(['user_sub', 'at']).execute();

  await db.schema
    .createTable('usage_balances')
    .addColumn('user_sub', 'text', (col) => col.notNull())
    // The first day of the month (UTC).
    .addColumn('month', 'date', (col) => col.notNull())
    .addColumn('tokens', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('cost', 'numeric', (col) => col.notNull().defaultTo(0))
    // When the user was told they passed the warning share of their budget this month.
    .addColumn('notice_seen_at', 'timestamptz', (col) => col)
    .addPrimaryKeyConstraint('usage_balances_pkey', ['user_sub', 'month'])
    .execute();

  await db.schema
    .createTable('budget_settings')
    // One row: `true`.
    .addColumn('id', 'boolean', (col) => col.primaryKey().defaultTo(true))
    .addColumn('document', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'text', (col) => col)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('budget_settings').execute();
  await db.schema.dropTable('usage_balances').execute();
  await db.schema.dropTable('usage_events').execute();
}
