import { budgetSettingsSchema, type BudgetSettings } from '@assistant/contracts';
import { apiClients, queryOptions, useQuery } from '@assistant/platform';

/** The budget settings: the default, per group and per user budgets, prices and the transcription rate. */
export const adminBudgetKeys = {
  all: ['admin', 'budgets'] as const,
};

/** GET /api/admin/budgets (with the names of the groups and users that have a budget of their own). */
export async function getAdminBudgets(signal?: AbortSignal): Promise<BudgetSettings> {
  return apiClients().api.get('admin/budgets', budgetSettingsSchema, { signal });
}

export const adminBudgetsQuery = () => queryOptions({ queryKey: adminBudgetKeys.all, queryFn: ({ signal }) => getAdminBudgets(signal) });

export const useAdminBudgetsQuery = () => useQuery(adminBudgetsQuery());
