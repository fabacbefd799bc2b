import { sql, type Kysely } from 'kysely';

// The company's MCP tool servers, registered by administrators. The bearer token is
// kept here only, sent only to that server's URL, and never returned by the API (docs/mcp.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mcp_servers')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('bearer_token', 'text')
    .addColumn('created_by', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mcp_servers').execute();
}
