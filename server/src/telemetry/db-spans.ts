import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';

/**
 * Database queries as spans, at Kysely's driver: every query a connection runs becomes a span
 * `db.query` (`db.system` postgresql, `db.operation` SELECT/INSERT/..., the table when Kysely
 * knows it, the statement with its `$1` placeholders and never a parameter's value).
 *
 * Why here and not `@opentelemetry/instrumentation-pg`: that one patches the `pg` module when it
 * is loaded, which for this ESM server (started with `node --import tsx`) needs
 * import-in-the-middle loader hooks registered before anything imports `pg`, and it would see only
 * PostgreSQL. A wrapped Kysely driver needs no loader tricks, is the same code on PGlite (the
 * embedded default) and PostgreSQL, and sees each query once, as Kysely sends it.
 *
 * Queries outside a trace (the job runners' polling, migrations) make no span: only work that is
 * part of a request (or another traced operation) is traced, as `requireParentSpan` does in the
 * pg instrumentation. Without a registered tracer provider nothing is recorded at all.
 */
export function tracedDialect(inner: Dialect): Dialect {
  return {
    createAdapter: (): DialectAdapter => inner.createAdapter(),
    createDriver: (): Driver => new TracedDriver(inner.createDriver()),
    createQueryCompiler: (): QueryCompiler => inner.createQueryCompiler(),
    createIntrospector: (db: Parameters<Dialect['createIntrospector']>[0]): DatabaseIntrospector => inner.createIntrospector(db),
  };
}

const tracer = () => trace.getTracer('assistant-server/db');

/** Longest statement text put on a span. */
const MAX_STATEMENT_LENGTH = 2_000;

class TracedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    if (!trace.getActiveSpan()) return this.inner.executeQuery<R>(compiledQuery);
    const operation = operationOf(compiledQuery);
    const table = tableOf(compiledQuery);
    return tracer().startActiveSpan(
      'db.query',
      {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system': 'postgresql',
          'db.system.name': 'postgresql',
          'db.operation': operation,
          'db.operation.name': operation,
          ...(table ? { 'db.collection.name': table } : {}),
          'db.query.text': compiledQuery.sql.length > MAX_STATEMENT_LENGTH ? `${compiledQuery.sql.slice(0, MAX_STATEMENT_LENGTH)}…` : compiledQuery.sql,
        },
      },
      async (span) => {
        try {
          const result = await this.inner.executeQuery<R>(compiledQuery);
          const affected = result.numAffectedRows ?? result.numChangedRows;
          if (affected !== undefined) span.setAttribute('db.response.affected_rows', Number(affected));
          span.setAttribute('db.response.returned_rows', result.rows.length);
          return result;
        } catch (error) {
          // The database's code (SQLSTATE) only: its message may quote a value.
          const code = (error as { code?: unknown }).code;
          span.setAttribute('error.type', typeof code === 'string' ? code : error instanceof Error ? error.name : 'Error');
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

const unwrap = (connection: DatabaseConnection): DatabaseConnection =>
  connection instanceof TracedConnection ? connection.inner : connection;

class TracedDriver implements Driver {
  savepoint?: Driver['savepoint'];
  rollbackToSavepoint?: Driver['rollbackToSavepoint'];
  releaseSavepoint?: Driver['releaseSavepoint'];

  constructor(private readonly inner: Driver) {
    // Only what the wrapped driver offers: Kysely checks for these.
    if (inner.savepoint) this.savepoint = (connection, name, compile) => inner.savepoint!(unwrap(connection), name, compile);
    if (inner.rollbackToSavepoint) this.rollbackToSavepoint = (connection, name, compile) => inner.rollbackToSavepoint!(unwrap(connection), name, compile);
    if (inner.releaseSavepoint) this.releaseSavepoint = (connection, name, compile) => inner.releaseSavepoint!(unwrap(connection), name, compile);
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new TracedConnection(await this.inner.acquireConnection());
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(unwrap(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(unwrap(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(unwrap(connection));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

const NODE_OPERATIONS: Record<string, string> = {
  SelectQueryNode: 'SELECT',
  InsertQueryNode: 'INSERT',
  UpdateQueryNode: 'UPDATE',
  DeleteQueryNode: 'DELETE',
  MergeQueryNode: 'MERGE',
};

/** SELECT, INSERT, ... from Kysely's query node, else the statement's first word (raw `sql`). */
function operationOf(query: CompiledQuery): string {
  const fromNode = NODE_OPERATIONS[query.query.kind];
  if (fromNode) return fromNode;
  // A raw statement: its first word (WITH for a common table expression, whatever it then does).
  const word = /^\s*([a-z]+)/i.exec(query.sql)?.[1];
  return word ? word.toUpperCase() : 'QUERY';
}

/** The table of a query built with Kysely's builder (raw SQL: unknown). */
function tableOf(query: CompiledQuery): string | undefined {
  const node = query.query as unknown as {
    from?: { froms?: Array<{ kind: string; table?: { identifier?: { name?: string } }; node?: { kind: string; table?: { identifier?: { name?: string } } } }> };
    into?: { table?: { identifier?: { name?: string } } };
    table?: { kind: string; table?: { identifier?: { name?: string } }; node?: { table?: { identifier?: { name?: string } } } };
  };
  const first = node.from?.froms?.[0];
  const fromName = first?.table?.identifier?.name ?? first?.node?.table?.identifier?.name;
  return fromName ?? node.into?.table?.identifier?.name ?? node.table?.table?.identifier?.name ?? node.table?.node?.table?.identifier?.name;
}
