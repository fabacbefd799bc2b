import { BUDGET_WARNING_PERCENT, myUsageResponseSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContentResponse } from '../http/declared-responses';
import { monthStart, nextMonthStart } from '../usage/month';
import type { UsageMeter } from '../usage/usage-meter';
import type { UsageReports } from '../usage/usage-reports';

/**
 * The signed-in user's own usage (contract usage.ts, docs/operations.md "Usage and budgets"):
 * GET /usage/me this month's calls by feature and model and their budget, with `notice_due` once
 * they passed BUDGET_WARNING_PERCENT and were not told yet this month; PUT /usage/me/notice-seen
 * after the portal told them. Only the user's own rows.
 */
export const usageRoutes: FastifyPluginAsyncZod<{ meter: UsageMeter; reports: UsageReports }> = async (app, { meter, reports }) => {
  app.get('/usage/me', { schema: { response: { 200: myUsageResponseSchema } } }, async (request) => {
    const { sub, groups } = request.viewer;
    // First: writes this process's recorded calls, so the page shows the call just made.
    const { budget, noticeSeen } = await meter.status(sub, groups);
    const now = new Date();
    const period = { from: monthStart(now), to: nextMonthStart(now) };
    const usage = await reports.mine(sub, period);
    return {
      period: { from: period.from.toISOString(), to: period.to.toISOString() },
      ...usage,
      budget,
      notice_due: budget !== null && budget.percent >= BUDGET_WARNING_PERCENT && !noticeSeen,
    };
  });

  app.put('/usage/me/notice-seen', { schema: { response: noContentResponse } }, async (request, reply) => {
    await meter.noticeSeen(request.viewer.sub);
    return reply.code(204).send();
  });
};
