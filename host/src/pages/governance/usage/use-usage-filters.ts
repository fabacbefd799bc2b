import { useSearchParams } from '@assistant/routing';
import { useCallback, useMemo } from 'react';
import { filtersFromParams, paramsFromFilters, type UsageFilters } from './usage-period';

/** The usage tab's filters, kept in the address: a reload, a bookmark or a shared link shows the same figures. */
export function useUsageFilters(): [UsageFilters, (next: UsageFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const setFilters = useCallback((next: UsageFilters) => setParams(paramsFromFilters(next), { replace: true }), [setParams]);
  return [filters, setFilters];
}
