import { budgetSettingsSchema, type BudgetSettings } from '@assistant/contracts';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';
import { adminBudgetKeys } from './get-admin-budgets';
import { adminUsageKeys } from '../../usage/api/get-admin-usage';

/** PUT /api/admin/budgets: the whole settings document; the answer is the settings as saved. */
export async function putAdminBudgets(settings: BudgetSettings): Promise<BudgetSettings> {
  return apiClients().api.put('admin/budgets', settings, budgetSettingsSchema);
}

/** Saves the settings; the saved document becomes the cache's, and usage (whose cost may change with prices) is asked again. */
export function useSaveAdminBudgets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: putAdminBudgets,
    onSuccess: (saved) => {
      client.setQueryData(adminBudgetKeys.all, saved);
      return client.invalidateQueries({ queryKey: adminUsageKeys.all });
    },
  });
}
