import { Readable } from 'node:stream';
import { auditPageSchema, auditQuerySchema, type AuditEntry } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditFilter, AuditLogReader } from '../audit/audit-log-reader';
import { requireAdministrator } from '../auth/auth-hook';
import { CSV_BOM, CSV_CONTENT_TYPE, csvLine, csvResponse } from '../http/csv';

const CSV_HEADER = ['at', 'actor', 'actor name', 'action', 'subject kind', 'subject id', 'before', 'after'];

/**
 * The audit log for administrators (contract audit-log.ts, docs/operations.md "Audit log"; 403
 * for everyone else, before the query is read): GET /admin/audit a page at a time, newest first;
 * GET /admin/audit.csv every matching record with the same filters. Reading only: no route
 * changes or deletes a record.
 */
export const adminAuditRoutes: FastifyPluginAsyncZod<{ audit: AuditLogReader }> = async (app, { audit }) => {
  app.addHook('onRequest', requireAdministrator);

  app.get('/admin/audit', { schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } }, (request) => audit.page(request.query));

  app.get(
    '/admin/audit.csv',
    { schema: { querystring: auditQuerySchema.omit({ cursor: true }), response: csvResponse } },
    async (request, reply) => {
      // Which filters, not their values: an actor filter may be a colleague's name.
      request.log.info({ by: request.principal.sub, filters: Object.keys(request.query) }, 'audit log exported');
      reply
        .header('content-type', CSV_CONTENT_TYPE)
        .header('content-disposition', 'attachment; filename="audit-log.csv"');
      // A stream read in batches: a long log never sits in memory whole.
      return reply.send(Readable.from(csvLines(audit, request.query)));
    },
  );
};

async function* csvLines(audit: AuditLogReader, filter: AuditFilter): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(CSV_HEADER);
  for await (const entry of audit.all(filter)) yield csvLine(csvValues(entry));
}

function csvValues(entry: AuditEntry): string[] {
  const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));
  return [entry.at, entry.actor.sub, entry.actor.name ?? '', entry.action, entry.subject_kind, entry.subject_id, json(entry.before), json(entry.after)];
}
