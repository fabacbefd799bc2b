import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import { goodRate } from './ratings-filters';

export interface RateRow {
  key: string;
  label: string;
  up: number;
  down: number;
}

export interface RateFormat {
  percent: (rate: number | null) => string;
  number: (value: number) => string;
}

/** The rate of good answers as a bar beside its figure (the figure is what a screen reader reads). */
export function RateBar({ rate, format }: { rate: number | null; format: RateFormat }) {
  return (
    <span className="ratings-rate">
      <span className="ratings-rate__value">{format.percent(rate)}</span>
      <span className="ratings-rate__track" aria-hidden="true">
        {rate !== null && <span className="ratings-rate__fill" style={{ width: `${Math.round(rate * 100)}%` }} />}
      </span>
    </span>
  );
}

/**
 * Ratings by one dimension (day, model, feature, agent): its name, the rate of good answers with a
 * bar, up, down and all ratings. Inside a focusable scroll area: a phone scrolls it sideways.
 */
export function RateTable({ caption, column, rows, format }: { caption: string; column: string; rows: readonly RateRow[]; format: RateFormat }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  return (
    <div className="ratings-table" role="region" aria-label={caption} tabIndex={0}>
      <table className="ui-table">
        <caption className="ui-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{column}</th>
            <th scope="col">{t('GOVERNANCE_RATINGS.columns.rate')}</th>
            <th scope="col" className="ratings-table__number">
              {t('GOVERNANCE_RATINGS.columns.up')}
            </th>
            <th scope="col" className="ratings-table__number">
              {t('GOVERNANCE_RATINGS.columns.down')}
            </th>
            <th scope="col" className="ratings-table__number">
              {t('GOVERNANCE_RATINGS.columns.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>
                <RateBar rate={goodRate(row)} format={format} />
              </td>
              <td className="ratings-table__number">{format.number(row.up)}</td>
              <td className="ratings-table__number">{format.number(row.down)}</td>
              <td className="ratings-table__number">{format.number(row.up + row.down)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
