import { sql, type Kysely } from 'kysely';

// Groups as the identity provider sends them, and shares (docs/sharing.md):
// - `directory_users`: everyone who signed in, with the name and e-mail of their last sign-in
//   (the share dialog finds colleagues here; there is no SCIM).
// - `directory_groups` and `group_members`: a group exists once a member signed in with it; its
//   members are the users who did, each with when they were last seen in it.
// - `shares`: one row per item and target (a user, a group or the company) with view or edit.
//   For a company collection, group shares restrict who reads it (none: everyone).
// - `audit_log`: append-only; who did what to which item, when, before and after (never prompt or
//   document text). Sharing writes it; governance reads it.
// - `shared_with_me_seen`: when a user last looked at what was shared with them (the badge).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('directory_users')
    .addColumn('sub', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('directory_groups')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('display_name', 'text')
    .addColumn('first_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'text', (col) => col.notNull().references('directory_groups.id').onDelete('cascade'))
    .addColumn('user_sub', 'text', (col) => col.notNull().references('directory_users.sub').onDelete('cascade'))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_sub'])
    .execute();
  await db.schema.createIndex('group_members_user').on('group_members').column('user_sub').execute();

  await db.schema
    .createTable('shares')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('item_kind', 'text', (col) => col.notNull().check(sql`item_kind in ('conversation', 'agent', 'custom_app', 'collection', 'prompt')`))
    .addColumn('item_id', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull().check(sql`target_type in ('user', 'group', 'company')`))
    // '' for the company, so that the unique key below holds for it too.
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in ('view', 'edit')`))
    .addColumn('shared_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('shares_item_target', ['item_kind', 'item_id', 'target_type', 'target_id'])
    .execute();
  // The access rule asks "shared with this user or one of these groups?" per kind.
  await db.schema.createIndex('shares_target').on('shares').columns(['target_type', 'target_id', 'item_kind']).execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('actor_sub', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('subject_kind', 'text', (col) => col.notNull())
    .addColumn('subject_id', 'text', (col) => col.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  await db.schema.createIndex('audit_log_subject').on('audit_log').columns(['subject_kind', 'subject_id']).execute();

  await db.schema
    .createTable('shared_with_me_seen')
    .addColumn('user_sub', 'text', (col) => col.primaryKey())
    .addColumn('seen_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['shared_with_me_seen', 'audit_log', 'shares', 'group_members', 'directory_groups', 'directory_users']) {
    await db.schema.dropTable(table).execute();
  }
}
