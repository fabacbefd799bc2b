import { sql, type Kysely } from 'kysely';

// Answer ratings (docs/operations.md "Answer ratings"): a user's thumbs up or down on one answer,
// one row per user and answer (a second rating changes it). The ids name answers the server may
// not keep (a browser-kept conversation, an app run), so they are text without foreign keys, and a
// rating outlives its conversation and agent for the statistics. The question and answer texts are
// filled only when the user shared them with the administrators.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('answer_ratings')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('user_sub', 'text', (col) => col.notNull())
    .addColumn('target_kind', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('conversation_id', 'text')
    .addColumn('feature', 'text', (col) => col.notNull())
    .addColumn('model', 'text')
    .addColumn('agent_id', 'text')
    .addColumn('rating', 'text', (col) => col.notNull().check(sql`rating in ('up', 'down')`))
    // RatingReason[] of the contract.
    .addColumn('reasons', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('comment', 'text')
    .addColumn('share_with_admins', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('question_text', 'text')
    .addColumn('answer_text', 'text')
    .addColumn('ui_version', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('answer_ratings_target_key', ['user_sub', 'target_kind', 'target_id'])
    .execute();
  // The user's ratings of one conversation (the chat shows them again).
  await db.schema.createIndex('answer_ratings_conversation_idx').on('answer_ratings').columns(['user_sub', 'conversation_id']).execute();
  // The administrators' statistics read a period, then group it.
  await db.schema.createIndex('answer_ratings_created_idx').on('answer_ratings').column('created_at').execute();
  await db.schema.createIndex('answer_ratings_feature_created_idx').on('answer_ratings').columns(['feature', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('answer_ratings').execute();
}
