import type { AdminUsageQuery } from '@assistant/contracts';
import { apiClients } from '@assistant/platform';
import { adminUsageSearch } from './get-admin-usage';

/** GET /api/admin/usage.csv: the same figures as CSV (a fetch with the bearer token, so no plain link). */
export async function getAdminUsageCsv(query: AdminUsageQuery): Promise<Blob> {
  const response = await apiClients().api.request('GET', `admin/usage.csv?${adminUsageSearch(query)}`, undefined, { accept: 'text/csv' });
  return response.blob();
}
