import { Readable } from 'node:stream';
import { adminUsageQuerySchema, adminUsageResponseSchema, type AdminUsageQuery } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdministrator } from '../auth/auth-hook';
import { CSV_BOM, CSV_CONTENT_TYPE, csvLine, csvResponse } from '../http/csv';
import type { UsageMeter } from '../usage/usage-meter';
import type { UsageCsvRow, UsageReports } from '../usage/usage-reports';

const CSV_HEADER = ['day', 'user', 'name', 'email', 'feature', 'model', 'calls', 'input tokens', 'output tokens', 'estimated tokens', 'cost', 'transcription minutes'];

/**
 * Usage for administrators (contract usage.ts, docs/operations.md "Usage and budgets"; 403 for
 * everyone else, before the query is read): GET /admin/usage a period by day (every day, zeros
 * included), feature, model, group and top users with their names; GET /admin/usage.csv a row
 * per day, user, feature and model. Both with the same filters (period, group, feature, model).
 */
export const adminUsageRoutes: FastifyPluginAsyncZod<{ meter: UsageMeter; reports: UsageReports }> = async (app, { meter, reports }) => {
  app.addHook('onRequest', requireAdministrator);

  app.get('/admin/usage', { schema: { querystring: adminUsageQuerySchema, response: { 200: adminUsageResponseSchema } } }, async (request) => {
    // This process's latest calls count too.
    await meter.flush();
    const settings = await meter.currentSettings();
    return reports.admin(request.query, settings.prices.length > 0 ? settings.currency : null);
  });

  app.get('/admin/usage.csv', { schema: { querystring: adminUsageQuerySchema, response: csvResponse } }, async (request, reply) => {
    await meter.flush();
    const rows = await reports.csvRows(request.query);
    request.log.info({ by: request.principal.sub, filter: request.query, rows: rows.length }, 'usage exported');
    reply.header('content-type', CSV_CONTENT_TYPE).header('content-disposition', `attachment; filename="${fileName(request.query)}"`);
    return reply.send(Readable.from(csvLines(rows)));
  });
};

function fileName(query: AdminUsageQuery): string {
  return `usage-${query.from}-${query.to}.csv`;
}

function* csvLines(rows: UsageCsvRow[]): Generator<string> {
  yield CSV_BOM + csvLine(CSV_HEADER);
  for (const row of rows) {
    yield csvLine([
      row.day,
      row.sub,
      row.name,
      row.email,
      row.feature,
      row.model,
      row.calls,
      row.input_tokens,
      row.output_tokens,
      row.estimated_tokens,
      row.cost,
      row.transcription_minutes,
    ]);
  }
}
