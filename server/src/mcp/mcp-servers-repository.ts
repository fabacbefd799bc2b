import { randomUUID } from 'node:crypto';
import { uuidSchema, type CreateMcpServerRequest, type McpServer } from '@assistant/contracts';
import { AuditLog } from '../audit/audit-log';
import type { Database } from '../db/database';

/** What the server needs to connect: the registration with its bearer token (never sent to a browser). */
export interface McpServerConnection {
  id: string;
  name: string;
  url: string;
  bearerToken: string | undefined;
}

/** The company's MCP tool servers. Not per user: administrators register them for everyone. */
export class McpServersRepository {
  constructor(private readonly db: Database) {}

  async list(): Promise<McpServer[]> {
    const rows = await this.db
      .selectFrom('mcp_servers')
      .select(['id', 'name', 'url', 'created_at', (eb) => eb('bearer_token', 'is not', null).as('has_auth')])
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ id: row.id, name: row.name, url: row.url, has_auth: Boolean(row.has_auth), created_at: row.created_at.toISOString() }));
  }

  async count(): Promise<number> {
    const row = await this.db.selectFrom('mcp_servers').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Registers a server, recorded in the audit log by `createdBy` (its token as "set", never its value). */
  async create(request: CreateMcpServerRequest, createdBy: string): Promise<McpServer> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('mcp_servers')
        .values({ id: randomUUID(), name: request.name, url: request.url, bearer_token: request.bearer_token ?? null, created_by: createdBy })
        .returning(['id', 'name', 'url', 'bearer_token', 'created_at'])
        .executeTakeFirstOrThrow();
      const server = { id: row.id, name: row.name, url: row.url, has_auth: row.bearer_token !== null, created_at: row.created_at.toISOString() };
      await new AuditLog(trx).record({ actor: createdBy, action: 'mcp_server.add', subjectKind: 'mcp_server', subjectId: server.id, after: audited(server) });
      return server;
    });
  }

  async connection(id: string): Promise<McpServerConnection | undefined> {
    return (await this.connections([id]))[0];
  }

  /** Whether a registration was removed (false: there was none with this id); recorded in the audit log by `removedBy`. */
  async delete(id: string, removedBy: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .deleteFrom('mcp_servers')
        .where('id', '=', id)
        .returning(['id', 'name', 'url', (eb) => eb('bearer_token', 'is not', null).as('has_auth')])
        .executeTakeFirst();
      if (!row) return false;
      await new AuditLog(trx).record({ actor: removedBy, action: 'mcp_server.remove', subjectKind: 'mcp_server', subjectId: id, before: audited({ ...row, has_auth: Boolean(row.has_auth) }) });
      return true;
    });
  }

  /** The registrations with these ids that exist, in the order asked; unknown ids are left out. */
  async connections(ids: readonly string[]): Promise<McpServerConnection[]> {
    // Ids come from a message payload: anything that is not a UUID names no server (and would upset PostgreSQL's uuid type).
    const wanted = [...new Set(ids)].filter((id) => uuidSchema.safeParse(id).success);
    if (wanted.length === 0) return [];
    const rows = await this.db.selectFrom('mcp_servers').select(['id', 'name', 'url', 'bearer_token']).where('id', 'in', wanted).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return wanted.flatMap((id) => {
      const row = byId.get(id);
      return row ? [{ id: row.id, name: row.name, url: row.url, bearerToken: row.bearer_token ?? undefined }] : [];
    });
  }
}

/** What the audit log keeps of a registration: name, address and whether it has a token. */
function audited(server: Pick<McpServer, 'name' | 'url' | 'has_auth'>) {
  return { name: server.name, url: server.url, has_auth: server.has_auth };
}
