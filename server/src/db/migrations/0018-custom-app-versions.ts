import { sql, type Kysely } from 'kysely';

// The history of custom apps (docs/custom-apps.md): every change of an app (created, saved,
// restored, published, unpublished; a copy or an import starts a new app) is a row of
// `custom_app_versions` holding the whole definition as it was then, never changed once stored.
// `custom_apps` keeps the current definition for lists and runs. Apps made before this migration
// get their current definition as the one version they have (earlier ones were never kept).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('custom_app_versions')
    .addColumn('app_id', 'uuid', (col) => col.notNull().references('custom_apps.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('change', 'text', (col) =>
      col.notNull().check(sql`change in ('created', 'duplicated', 'imported', 'saved', 'restored', 'published', 'unpublished')`),
    )
    // The version a restore brought back; null otherwise.
    .addColumn('restored_from', 'integer')
    // { name, icon, description, template, variables } (custom-apps/custom-app-versions.ts reads it through the contract).
    .addColumn('definition', 'jsonb', (col) => col.notNull())
    // Who made it (the owner, or an administrator for a company app); never sent to clients.
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('custom_app_versions_pkey', ['app_id', 'version'])
    .execute();

  await sql`
    insert into custom_app_versions (app_id, version, change, definition, created_by, created_at)
    select id, version, case when version = 1 then 'created' else 'saved' end,
      jsonb_build_object('name', name, 'icon', icon, 'description', description, 'template', template, 'variables', variables),
      owner_id, updated_at
    from custom_apps
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('custom_app_versions').execute();
}
