import { useAdminBudgetsQuery } from './api/get-admin-budgets';

/** `/governance/budgets`: the budget settings (first version: the unit). */
export default function BudgetsTab() {
  const query = useAdminBudgetsQuery();
  return <p>{query.data?.unit}</p>;
}
