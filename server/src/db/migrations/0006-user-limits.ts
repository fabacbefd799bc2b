import { sql, type Kysely } from 'kysely';

// Per-user limits shared by every server replica (http/rate-limit-store.ts, http/stream-slots.ts):
// the model-call counters of the current window, and the leases of the streams in progress.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('window_start', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_expires_idx').on('rate_limits').column('expires_at').execute();

  // One row per (user, slot number below the cap): the primary key makes taking a slot atomic.
  await db.schema
    .createTable('stream_leases')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('slot', 'integer', (col) => col.notNull())
    .addColumn('lease_id', 'uuid', (col) => col.notNull())
    .addColumn('acquired_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('stream_leases_pk', ['user_id', 'slot'])
    .execute();
  await db.schema.createIndex('stream_leases_expires_idx').on('stream_leases').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stream_leases').execute();
  await db.schema.dropTable('rate_limits').execute();
}
