import { sql, type Kysely } from 'kysely';

// Organizing conversations (docs/chat-ui.md "Organize", docs/projects.md): a project groups a
// user's conversations with instructions (and files, added by the projects' own migration); a
// conversation may be pinned, archived and in one project. Deleting a project leaves its
// conversations without one unless the user chose to delete them with it (the route does that).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('projects')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    // The creator's sub; a project is theirs unless they share it (docs/sharing.md).
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    // Added to the prompt of every conversation of the project.
    .addColumn('instructions', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('projects_owner_idx').on('projects').columns(['owner_id', 'updated_at']).execute();

  await db.schema
    .alterTable('conversations')
    // When it was pinned (the pinned ones are listed first, the latest pin on top); null: not pinned.
    .addColumn('pinned_at', 'timestamptz')
    // When it was archived; null: in the list.
    .addColumn('archived_at', 'timestamptz')
    .addColumn('project_id', 'uuid', (col) => col.references('projects.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('conversations_project_idx').on('conversations').column('project_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').dropColumn('project_id').dropColumn('archived_at').dropColumn('pinned_at').execute();
  await db.schema.dropTable('projects').execute();
}
