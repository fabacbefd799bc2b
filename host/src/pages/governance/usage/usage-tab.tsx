import { useAdminUsageQuery } from '../api/get-admin-usage';

const today = new Date().toISOString().slice(0, 10);

/** `/governance/usage`: usage of the portal (first version: this month's call count). */
export default function UsageTab() {
  const query = useAdminUsageQuery({ from: `${today.slice(0, 8)}01`, to: today });
  return <p>{query.data?.totals.calls}</p>;
}
