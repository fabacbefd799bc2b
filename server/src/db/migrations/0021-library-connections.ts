import { sql, type Kysely } from 'kysely';

// Document libraries connected by a user (personal) or an administrator (company), see
// docs/document-libraries.md. `credentials` is the connector's secret (WebDAV app password,
// Microsoft refresh token) encrypted with LIBRARY_SECRET_KEYS (libraries/library-secrets.ts): it
// is read only to open a session and never returned. `oauth_states` holds a sign-in popup's PKCE
// verifier under its `state` until the popup returns (or it expires).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('library_connections')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    // Who connected it; a personal connection is theirs alone, a company one every administrator's.
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull().check(sql`scope in ('personal', 'company')`))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('account', 'text', (col) => col.notNull())
    .addColumn('credentials', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('connected', 'needs-sign-in', 'failed')`))
    .addColumn('problem', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('library_connections_owner_idx').on('library_connections').columns(['scope', 'owner_id']).execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('state', 'text', (col) => col.primaryKey())
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('verifier', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('scope', 'text', (col) => col.notNull().check(sql`scope in ('personal', 'company')`))
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('oauth_states_expires_idx').on('oauth_states').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_states').execute();
  await db.schema.dropTable('library_connections').execute();
}
