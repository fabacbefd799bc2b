import { errorMessageText, useLocale } from '@assistant/platform';
import { ErrorState, Loading } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import { useAdminBudgetsQuery } from './api/get-admin-budgets';
import { BudgetsForm } from './budgets-form';
import { addBudgetsTexts } from './budgets-texts';
import './budgets.css';

/** `/governance/budgets` (administrators): the budget settings, loaded once and edited as a draft. */
export default function BudgetsTab() {
  useState(addBudgetsTexts);
  const { t } = useTranslation(SHELL_NAMESPACE);
  const language = useLocale();
  const query = useAdminBudgetsQuery();
  return (
    <div className="budgets-tab">
      <p className="budgets-tab__intro">{t('GOVERNANCE_BUDGETS.intro')}</p>
      {query.isPending ? (
        <Loading label={t('GOVERNANCE_BUDGETS.loading')} />
      ) : query.isError ? (
        <ErrorState
          headingLevel={2}
          title={t('GOVERNANCE_BUDGETS.failed')}
          message={errorMessageText(query.error, language)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          retryLabel={t('GOVERNANCE_BUDGETS.retry')}
        />
      ) : (
        <BudgetsForm saved={query.data} />
      )}
    </div>
  );
}
