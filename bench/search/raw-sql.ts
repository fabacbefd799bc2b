import { randomUUID } from 'node:crypto';
import type { DatabaseHandle } from '../../server/src/db/database';

/**
 * Raw SQL with $n parameters through the server's Kysely instance (the bench package does not
 * depend on kysely itself, so no `sql` template here): a compiled query built by hand.
 */
export async function raw<R>(db: DatabaseHandle['db'], text: string, parameters: unknown[] = []): Promise<R[]> {
  const query = { kind: 'RawNode', sqlFragments: [text], parameters: [] } as const;
  const result = await db.executeQuery<R>({ sql: text, parameters, query, queryId: { queryId: randomUUID() } } as unknown as Parameters<typeof db.executeQuery>[0]);
  return result.rows as R[];
}
