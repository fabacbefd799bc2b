import { budgetSettingsSchema } from '@assistant/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditLog } from '../audit/audit-log';
import { requireAdministrator } from '../auth/auth-hook';
import type { GroupNamer } from '../sharing/group-names';
import type { BudgetSettingsRepository } from '../usage/budget-settings';
import type { UsageMeter } from '../usage/usage-meter';

/**
 * Budgets for administrators (contract usage.ts, docs/operations.md "Usage and budgets"; 403 for
 * everyone else, before the body is read): GET /admin/budgets the settings with the names of
 * their groups and users; PUT /admin/budgets replaces them (names ignored), recorded in the audit
 * log as `budget.change` with before and after, in force in this process at once and in the
 * others within seconds.
 */
export const adminBudgetRoutes: FastifyPluginAsyncZod<{ budgets: BudgetSettingsRepository; meter: UsageMeter; audit: AuditLog; groupName: GroupNamer }> = async (
  app,
  { budgets, meter, audit, groupName },
) => {
  app.addHook('onRequest', requireAdministrator);

  app.get('/admin/budgets', { schema: { response: { 200: budgetSettingsSchema } } }, () => budgets.readNamed(groupName));

  app.put('/admin/budgets', { schema: { body: budgetSettingsSchema, response: { 200: budgetSettingsSchema } } }, async (request) => {
    const saved = await budgets.write(request.body, request.viewer.sub, audit);
    meter.updated(saved);
    request.log.info({ by: request.viewer.sub, default: saved.default_limit, groups: saved.groups.length, users: saved.users.length }, 'budgets changed');
    return budgets.readNamed(groupName);
  });
};
