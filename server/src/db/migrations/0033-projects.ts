import { sql, type Kysely } from 'kysely';

// Projects' files and sharing (docs/projects.md). A project keeps its files in a collection of its
// own (scope 'project', one per project, deleted with it), so upload, ingestion, statuses, previews
// and search are the collections'; it never shows in the collections' lists. Projects are shared
// through the `shares` table (kind 'project'); the collection rule lets whom a project reaches read
// its collection, and its editors change it (sharing/access-rule.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('collections')
    .addColumn('project_id', 'uuid', (col) => col.references('projects.id').onDelete('cascade'))
    .execute();
  // The scope check was made inline with the column (PostgreSQL named it collections_scope_check).
  await db.schema.alterTable('collections').dropConstraint('collections_scope_check').execute();
  await db.schema
    .alterTable('collections')
    .addCheckConstraint('collections_scope_check', sql`scope in ('personal', 'company', 'conversation', 'project')`)
    .execute();
  await db.schema.alterTable('collections').addCheckConstraint('collections_project_check', sql`(scope = 'project') = (project_id is not null)`).execute();
  await db.schema.createIndex('collections_project_unique').on('collections').column('project_id').unique().execute();

  // The item kind check was made inline with the column too (shares_item_kind_check).
  await db.schema.alterTable('shares').dropConstraint('shares_item_kind_check').execute();
  await db.schema
    .alterTable('shares')
    .addCheckConstraint('shares_item_kind_check', sql`item_kind in ('conversation', 'agent', 'custom_app', 'collection', 'prompt', 'project')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from shares where item_kind = 'project'`.execute(db);
  await db.schema.alterTable('shares').dropConstraint('shares_item_kind_check').execute();
  await db.schema
    .alterTable('shares')
    .addCheckConstraint('shares_item_kind_check', sql`item_kind in ('conversation', 'agent', 'custom_app', 'collection', 'prompt')`)
    .execute();
  await sql`delete from collections where scope = 'project'`.execute(db);
  await db.schema.alterTable('collections').dropConstraint('collections_project_check').execute();
  await db.schema.alterTable('collections').dropConstraint('collections_scope_check').execute();
  await db.schema.alterTable('collections').addCheckConstraint('collections_scope_check', sql`scope in ('personal', 'company', 'conversation')`).execute();
  await db.schema.alterTable('collections').dropColumn('project_id').execute();
}
