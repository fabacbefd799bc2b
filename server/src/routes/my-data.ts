import { Readable } from 'node:stream';
import { dataExportQuerySchema, deletedConversationsResponseSchema, myRetentionResponseSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuditLog } from '../audit/audit-log';
import type { Database } from '../db/database';
import type { DataExport } from '../retention/data-export';
import { exportFile, exportJson, exportMarkdown } from '../retention/data-export-formats';
import { deleteAllConversations } from '../retention/retention-deletions';
import type { FileRemovals } from '../retention/file-removals';
import type { MemoriesRepository } from '../memory/memories-repository';
import { effectiveRetention, type RetentionPolicyRepository } from '../retention/retention-policy';

export interface MyDataServices {
  db: Database;
  policies: RetentionPolicyRepository;
  exporter: DataExport;
  files: FileRemovals;
  audit: AuditLog;
  /** What the user asked the assistant to remember: deleted with their conversations. */
  memories: MemoriesRepository;
}

/** The export's answer: a download in either format (a stream: nothing is serialized). */
const exportResponse = {
  200: {
    description: 'Everything of the user the server keeps, as one file (content-disposition: attachment)',
    content: { 'application/json': { schema: z.unknown() }, 'text/markdown': { schema: z.string() } },
  },
};

/**
 * The signed-in user's own data (contract retention.ts, docs/operations.md "Retention"): how long
 * it is kept (GET /me/retention), all of it as a download (GET /me/export?format=json|markdown,
 * the GDPR right of access) and "delete all my conversations" (DELETE /me/conversations, which
 * deletes what the assistant remembers of them too: docs/memory.md). Each
 * reads or deletes the user's own rows only; export and deletion are recorded in the audit log.
 */
export const myDataRoutes: FastifyPluginAsyncZod<MyDataServices> = async (app, { db, policies, exporter, files, audit, memories }) => {
  app.get('/me/retention', { schema: { response: { 200: myRetentionResponseSchema } } }, async (request) => ({
    days: effectiveRetention(await policies.read(), request.viewer.groups),
  }));

  app.get('/me/export', { schema: { querystring: dataExportQuerySchema, response: exportResponse } }, async (request, reply) => {
    const { format } = request.query;
    const { sub, name, email } = request.principal;
    const at = new Date();
    await audit.record({ actor: sub, action: 'data.export', subjectKind: 'user', subjectId: sub, after: { format } });
    request.log.info({ by: sub, format }, 'data exported');
    const { contentType, fileName } = exportFile(format, at);
    const user = { sub, name: name ?? null, email: email ?? null };
    // Written a page at a time: a large account never sits in memory whole.
    const body = format === 'json' ? exportJson(exporter, user, at) : exportMarkdown(exporter, user, at);
    return reply.header('content-type', contentType).header('content-disposition', `attachment; filename="${fileName}"`).send(Readable.from(body));
  });

  app.delete('/me/conversations', { schema: { response: { 200: deletedConversationsResponseSchema } } }, async (request) => {
    const sub = request.principal.sub;
    const deleted = await deleteAllConversations(db, files, sub);
    const forgotten = await memories.deleteAll(sub);
    await audit.record({ actor: sub, action: 'data.delete', subjectKind: 'user', subjectId: sub, after: { conversations: deleted, ...(forgotten > 0 ? { memories: forgotten } : {}) } });
    request.log.info({ by: sub, deleted, memories: forgotten }, 'all conversations and memories deleted');
    return { deleted };
  });
};
