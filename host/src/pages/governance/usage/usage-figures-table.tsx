import type { UsageFigures } from '@assistant/contracts';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';
import type { UsageFormat } from './usage-format';

export interface UsageFiguresRow {
  key: string;
  /** The row's header: a day, a feature, a model, a group or a person. */
  label: ReactNode;
  /** The label on a chart's axis where the row's label is long (a day: without its year). */
  axisLabel?: string;
  figures: UsageFigures;
}

interface UsageFiguresTableProps {
  caption: string;
  /** The first column's name (Day, Feature, ...). */
  labelColumn: string;
  rows: readonly UsageFiguresRow[];
  format: UsageFormat;
  /** Shows the caption (the top users' table); the charts' tables keep it for screen readers. */
  showCaption?: boolean;
}

/**
 * Every figure of some rows of usage: the table behind each chart, and the top users. On a narrow
 * screen the table scrolls sideways in its own box, which keyboard users can focus to scroll.
 */
export function UsageFiguresTable({ caption, labelColumn, rows, format, showCaption = false }: UsageFiguresTableProps) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const captionId = useId();
  return (
    <div className="admin-usage-table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="ui-table">
        <caption id={captionId} className={showCaption ? 'admin-usage-table__caption' : 'ui-visually-hidden'}>
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{labelColumn}</th>
            <th scope="col">{t('GOVERNANCE_USAGE.columns.calls')}</th>
            <th scope="col">{t('GOVERNANCE_USAGE.columns.input')}</th>
            <th scope="col">{t('GOVERNANCE_USAGE.columns.output')}</th>
            <th scope="col">{t('GOVERNANCE_USAGE.columns.estimated')}</th>
            <th scope="col">{t('GOVERNANCE_USAGE.columns.cost')}</th>
            <th scope="col">{t('GOVERNANCE_USAGE.columns.minutes')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, label, figures }) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td>{format.number(figures.calls)}</td>
              <td>{format.number(figures.input_tokens)}</td>
              <td>{format.number(figures.output_tokens)}</td>
              <td>{format.number(figures.estimated_tokens)}</td>
              <td>{format.cost(figures.cost)}</td>
              <td>{format.minutes(figures.transcription_minutes)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
