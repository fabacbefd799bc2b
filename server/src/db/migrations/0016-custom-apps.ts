import { sql, type Kysely } from 'kysely';

// Custom apps ("create your own", docs/custom-apps.md): a prompt template with
// variables, personal (its owner's alone) or company (published by an administrator). One row per
// app holding its current definition; `version` counts every change from 1 and a save must name
// the version it is based on (optimistic concurrency), so no history is kept.
// `user_app_favourites`: each user's favourite apps of the apps page, in their order (built-in app
// ids and custom app ids; ids of apps since deleted are left out when read).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_apps')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    // The creator's sub; a personal app is theirs alone (another user's is a 404).
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('visibility', 'text', (col) => col.notNull().check(sql`visibility in ('personal', 'company')`))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('icon', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('template', 'text', (col) => col.notNull())
    // CustomAppVariable[] (custom-apps/custom-apps-repository.ts reads them back through the contract).
    .addColumn('variables', 'jsonb', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    // Who published it for the company, and when; null while personal.
    .addColumn('published_by', 'text')
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('custom_apps_owner_idx').on('custom_apps').columns(['owner_id', 'visibility']).execute();
  await db.schema.createIndex('custom_apps_visibility_idx').on('custom_apps').column('visibility').execute();

  await db.schema
    .createTable('user_app_favourites')
    .addColumn('owner_id', 'text', (col) => col.primaryKey())
    // string[]: the app ids in the user's order.
    .addColumn('app_ids', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_app_favourites').execute();
  await db.schema.dropTable('custom_apps').execute();
}
