import type { Locale, UsageFigures } from '@assistant/contracts';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import { formatCost, formatCount, formatMinutes } from '../model/format-usage';

export interface UsageRow extends UsageFigures {
  key: string;
  label: string;
}

/**
 * One table of this month's usage (by feature or by model): calls, tokens sent and received, the
 * cost when the price table priced any call; transcription also in minutes of audio. On a phone
 * each row is a block with each value named (usage.css).
 */
export function UsageTable({ caption, nameHeader, rows, currency, language }: { caption: string; nameHeader: string; rows: UsageRow[]; currency: string | null; language: Locale }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const priced = rows.some((row) => row.cost !== null);
  return (
    <table className="ui-table usage-page__table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{nameHeader}</th>
          <th scope="col">{t('USAGE.usage.calls')}</th>
          <th scope="col">{t('USAGE.usage.tokensIn')}</th>
          <th scope="col">{t('USAGE.usage.tokensOut')}</th>
          {priced && <th scope="col">{t('USAGE.usage.cost')}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">
              <span className="usage-page__row-name">
                <span>{row.label}</span>
                {row.transcription_minutes > 0 && (
                  <span className="usage-page__muted">{t('USAGE.usage.minutes', { minutes: formatMinutes(row.transcription_minutes, language) })}</span>
                )}
              </span>
            </th>
            <td data-label={t('USAGE.usage.calls')}>{formatCount(row.calls, language)}</td>
            <td data-label={t('USAGE.usage.tokensIn')}>{formatCount(row.input_tokens, language)}</td>
            <td data-label={t('USAGE.usage.tokensOut')}>{formatCount(row.output_tokens, language)}</td>
            {priced && <td data-label={t('USAGE.usage.cost')}>{row.cost === null ? '–' : formatCost(row.cost, currency, language)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
