import { randomUUID } from 'node:crypto';
import type { CollectionScope, LibraryConnection, LibraryConnectionState } from '@assistant/contracts';
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import { AuditLog } from '../audit/audit-log';
import type { Viewer } from '../auth/principal';
import type { Database } from '../db/database';
import type { DatabaseSchema, LibraryConnectionsTable } from '../db/schema';
import type { LibrarySecrets } from './library-secrets';

/** A connection without its credentials: what may leave this module. */
export type LibraryConnectionRow = Omit<Selectable<LibraryConnectionsTable>, 'credentials' | 'updated_at'>;

const COLUMNS = ['id', 'owner_id', 'scope', 'kind', 'name', 'url', 'account', 'state', 'problem', 'created_at'] as const;

/** Libraries are off: no LIBRARY_SECRET_KEYS (library-secrets.ts). */
export class LibrariesOffError extends Error {
  constructor() {
    super('Document libraries are off on this server: an administrator sets LIBRARY_SECRET_KEYS to turn them on');
    this.name = 'LibrariesOffError';
  }
}

/**
 * Rows the viewer may see: their own personal connections, and company connections when they
 * administrate. Nobody else's personal connection, not even for an administrator.
 */
function visibleTo(viewer: Viewer) {
  return (eb: ExpressionBuilder<DatabaseSchema, 'library_connections'>) =>
    eb.or([
      eb.and([eb('scope', '=', 'personal'), eb('owner_id', '=', viewer.sub)]),
      ...(viewer.isAdmin ? [eb('scope', '=', 'company')] : []),
    ]);
}

export function toLibraryConnection(row: LibraryConnectionRow): LibraryConnection {
  return {
    id: row.id,
    kind: row.kind as LibraryConnection['kind'],
    name: row.name,
    scope: row.scope,
    url: row.url,
    account: row.account,
    state: row.state,
    problem: row.problem,
    created_at: row.created_at.toISOString(),
  };
}

/** What the audit log keeps of a connection: which library, account and scope (never credentials). */
function audited(row: LibraryConnectionRow) {
  return { kind: row.kind, scope: row.scope, name: row.name, url: row.url, account: row.account, owner: row.owner_id };
}

export interface NewLibraryConnection {
  scope: CollectionScope;
  kind: string;
  name: string;
  url: string;
  account: string;
  /** The connector's credentials, sealed before they are stored. */
  credentials: unknown;
}

/**
 * Connected document libraries (docs/document-libraries.md). The methods that take a viewer
 * answer only the rows that viewer may see; `sealedCredentials` and the state changes are for the
 * server's own use (sessions and sync jobs act for the connection, not for a request). Credentials
 * go in and out as JSON sealed by LibrarySecrets with the row's id as context, and never appear in
 * what the other methods answer.
 */
export class LibraryConnectionsRepository {
  constructor(
    private readonly db: Database,
    private readonly secrets: LibrarySecrets | undefined,
  ) {}

  /** Whether connections can be stored and opened (LIBRARY_SECRET_KEYS or the development key). */
  get enabled(): boolean {
    return this.secrets !== undefined;
  }

  async list(viewer: Viewer, scope: CollectionScope): Promise<LibraryConnection[]> {
    const rows = await this.db
      .selectFrom('library_connections')
      .select(COLUMNS)
      .where(visibleTo(viewer))
      .where('scope', '=', scope)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(toLibraryConnection);
  }

  /** The connection when the viewer may see it; undefined for another user's (never told apart from none). */
  async find(id: string, viewer: Viewer): Promise<LibraryConnectionRow | undefined> {
    return this.db.selectFrom('library_connections').select(COLUMNS).where('id', '=', id).where(visibleTo(viewer)).executeTakeFirst();
  }

  /** A connection the viewer may see of the same library, account and scope (connecting twice is refused). */
  async findSame(viewer: Viewer, connection: Pick<NewLibraryConnection, 'scope' | 'kind' | 'url' | 'account'>): Promise<LibraryConnectionRow | undefined> {
    return this.db
      .selectFrom('library_connections')
      .select(COLUMNS)
      .where(visibleTo(viewer))
      .where('scope', '=', connection.scope)
      .where('kind', '=', connection.kind)
      .where('url', '=', connection.url)
      .where('account', '=', connection.account)
      .executeTakeFirst();
  }

  /** Stores a new connection, recorded in the audit log in the same transaction (never its credentials). */
  async create(viewer: Viewer, connection: NewLibraryConnection): Promise<LibraryConnection> {
    const secrets = this.requireSecrets();
    const id = randomUUID();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('library_connections')
        .values({
          id,
          owner_id: viewer.sub,
          scope: connection.scope,
          kind: connection.kind,
          name: connection.name,
          url: connection.url,
          account: connection.account,
          credentials: secrets.seal(JSON.stringify(connection.credentials), id),
          state: 'connected',
          problem: null,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      await new AuditLog(trx).record({ actor: viewer.sub, action: 'library.connect', subjectKind: 'library', subjectId: id, after: audited(row) });
      return toLibraryConnection(row);
    });
  }

  /**
   * Deletes a connection the viewer may see, its credentials with it, recorded in the audit log in
   * the same transaction; false when there was none.
   */
  async delete(id: string, viewer: Viewer): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.deleteFrom('library_connections').where('id', '=', id).where(visibleTo(viewer)).returning(COLUMNS).executeTakeFirst();
      if (!row) return false;
      await new AuditLog(trx).record({ actor: viewer.sub, action: 'library.disconnect', subjectKind: 'library', subjectId: id, before: audited(row) });
      return true;
    });
  }

  /** The row and its credentials opened (JSON as stored); re-sealed with the current key when an older one sealed them. */
  async credentialsOf(id: string): Promise<{ connection: LibraryConnectionRow; credentials: unknown } | undefined> {
    const secrets = this.requireSecrets();
    const row = await this.db.selectFrom('library_connections').select([...COLUMNS, 'credentials']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const { credentials: sealed, ...connection } = row;
    const plaintext = secrets.open(sealed, id);
    if (!secrets.isCurrent(sealed)) await this.storeCredentials(id, plaintext, sealed);
    return { connection, credentials: JSON.parse(plaintext) as unknown };
  }

  /** Stores renewed credentials (a rotated refresh token) sealed with the current key. */
  async saveCredentials(id: string, credentials: unknown): Promise<void> {
    await this.storeCredentials(id, JSON.stringify(credentials));
  }

  async setState(id: string, state: LibraryConnectionState, problem: string | null): Promise<void> {
    await this.db.updateTable('library_connections').set({ state, problem, updated_at: new Date() }).where('id', '=', id).execute();
  }

  /**
   * Seals again, with the current key, every connection an older key sealed (a key rotation: run at
   * start, in batches). Rows whose key is gone are left as they are (opening them says so). Answers
   * how many were sealed again.
   */
  async resealAll(batchSize = 200): Promise<number> {
    const secrets = this.secrets;
    if (!secrets) return 0;
    let resealed = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    // Compared as a prefix, not with LIKE: `_` may be part of a key id.
    const current = secrets.sealedPrefix;
    for (;;) {
      const rows = await this.db
        .selectFrom('library_connections')
        .select(['id', 'credentials'])
        .where('id', '>', after)
        .where(sql<string>`left(credentials, ${current.length})`, '<>', current)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      for (const row of rows) {
        let plaintext: string;
        try {
          plaintext = secrets.open(row.credentials, row.id);
        } catch {
          continue;
        }
        if (await this.storeCredentials(row.id, plaintext, row.credentials)) resealed += 1;
      }
      if (rows.length < batchSize) return resealed;
      after = rows[rows.length - 1]!.id;
    }
  }

  /** Writes sealed credentials; with `replacing`, only over that value (another process may have renewed them meanwhile). */
  private async storeCredentials(id: string, plaintext: string, replacing?: string): Promise<boolean> {
    let update = this.db
      .updateTable('library_connections')
      .set({ credentials: this.requireSecrets().seal(plaintext, id), updated_at: new Date() })
      .where('id', '=', id);
    if (replacing !== undefined) update = update.where('credentials', '=', replacing);
    const result = await update.executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  private requireSecrets(): LibrarySecrets {
    if (!this.secrets) throw new LibrariesOffError();
    return this.secrets;
  }
}
