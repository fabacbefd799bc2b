import { apiClients } from '@assistant/platform';
import { auditSearch, withSearch, type AuditFilters } from './get-audit-page';

/** GET /api/admin/audit.csv: every matching record as CSV (a fetch with the bearer token, so no plain link). */
export async function getAuditCsv(filters: AuditFilters): Promise<Blob> {
  const response = await apiClients().api.request('GET', withSearch('admin/audit.csv', auditSearch(filters)), undefined, { accept: 'text/csv' });
  return response.blob();
}
