import type { BudgetStatus, Locale } from '@assistant/contracts';
import { BUDGET_WARNING_PERCENT } from '@assistant/contracts';
import { cx } from '@assistant/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import { formatBudgetAmount } from '../model/format-usage';

/**
 * The month's budget as a bar with "used of limit (percent)", when it resets and where it comes
 * from; at 80 % and at 100 % a sentence says what that means. Null: no budget applies.
 */
export function BudgetMeter({ budget, language }: { budget: BudgetStatus | null; language: Locale }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const labelId = useId();
  if (!budget) return <p className="usage-page__muted">{t('USAGE.budget.none')}</p>;
  const amount = (value: number) => formatBudgetAmount(value, budget, language, (formatted) => t('USAGE.budget.tokens', { value: formatted }));
  const exhausted = budget.percent >= 100;
  const nearly = !exhausted && budget.percent >= BUDGET_WARNING_PERCENT;
  const text = t('USAGE.budget.usedOf', { used: amount(budget.used), limit: amount(budget.limit), percent: budget.percent });
  return (
    <div className="usage-page__budget">
      <span id={labelId} className="ui-visually-hidden">
        {t('USAGE.budget.label')}
      </span>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(budget.percent, 100)}
        aria-valuetext={text}
        className={cx('usage-page__bar', nearly && 'usage-page__bar--nearly', exhausted && 'usage-page__bar--exhausted')}
      >
        <span className="usage-page__bar-fill" style={{ width: `${Math.min(budget.percent, 100)}%` }} />
      </div>
      <p className="usage-page__budget-figures">{text}</p>
      <p>{t('USAGE.budget.resets', { resetsAt: budget.resets_at })}</p>
      {exhausted && <p className="usage-page__budget-warning">{t('USAGE.budget.exhausted')}</p>}
      {nearly && <p className="usage-page__budget-warning">{t('USAGE.budget.nearly')}</p>}
      <p className="usage-page__muted">{t(`USAGE.budget.source.${budget.source}`)}</p>
    </div>
  );
}
