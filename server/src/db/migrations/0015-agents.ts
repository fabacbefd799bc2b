import { sql, type Kysely } from 'kysely';

// Agents (docs/agents.md): an assistant with its own instructions, model, knowledge and
// tools. `agents` holds who owns it, who may see it and its current version; every save is a new
// row of `agent_versions` (never changed once stored) holding the whole form as JSON. A
// conversation remembers the agent its first message named (`conversations.agent_id`; no foreign
// key: a deleted agent makes its conversations answer 404 for new messages, not lose the link).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agents')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    // The creator's sub; a personal agent is theirs alone (another user's is a 404).
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('visibility', 'text', (col) => col.notNull().check(sql`visibility in ('personal', 'company')`))
    // The current version's name, for lists ordered by name.
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('agents_owner_idx').on('agents').columns(['owner_id', 'visibility']).execute();

  await db.schema
    .createTable('agent_versions')
    .addColumn('agent_id', 'uuid', (col) => col.notNull().references('agents.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    // The form's fields (agents/agents-repository.ts reads them back through the contract's schema).
    .addColumn('definition', 'jsonb', (col) => col.notNull())
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('agent_versions_pkey', ['agent_id', 'version'])
    .execute();

  await db.schema.alterTable('conversations').addColumn('agent_id', 'uuid').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').dropColumn('agent_id').execute();
  await db.schema.dropTable('agent_versions').execute();
  await db.schema.dropTable('agents').execute();
}
