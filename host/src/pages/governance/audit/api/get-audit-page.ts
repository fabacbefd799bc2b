import { auditPageSchema, type AuditPage, type AuditQuery } from '@assistant/contracts';
import { apiClients, queryOptions } from '@assistant/platform';

/** The administrators' audit log: one cache entry per filter and page. */
export const auditKeys = {
  all: ['admin', 'audit'] as const,
  page: (filters: AuditFilters, cursor: string | null) => [...auditKeys.all, filters, cursor] as const,
};

/** The filters of the log and its CSV (everything of AuditQuery but the page's cursor). */
export type AuditFilters = Omit<AuditQuery, 'cursor'>;

/** The query string of GET /api/admin/audit and /api/admin/audit.csv (filters left out when unset). */
export function auditSearch(filters: AuditFilters, cursor: string | null = null): string {
  const params = new URLSearchParams();
  if (filters.actor) params.set('actor', filters.actor);
  if (filters.action) params.set('action', filters.action);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (cursor !== null) params.set('cursor', cursor);
  return params.toString();
}

export const withSearch = (path: string, search: string) => (search ? `${path}?${search}` : path);

/** GET /api/admin/audit: one page of matching records, newest first, and the cursor of the next. */
export async function getAuditPage(filters: AuditFilters, cursor: string | null, signal?: AbortSignal): Promise<AuditPage> {
  return apiClients().api.get(withSearch('admin/audit', auditSearch(filters, cursor)), auditPageSchema, { signal });
}

export const auditPageQuery = (filters: AuditFilters, cursor: string | null) =>
  queryOptions({ queryKey: auditKeys.page(filters, cursor), queryFn: ({ signal }) => getAuditPage(filters, cursor, signal) });
