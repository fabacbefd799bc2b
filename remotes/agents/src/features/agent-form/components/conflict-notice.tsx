import type { Agent } from '@assistant/contracts';
import { formatLongDate, useLocale } from '@assistant/platform';
import { Button } from '@assistant/ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { AgentFields } from '../model/agent-fields';
import { AgentComparison } from './agent-comparison';

export interface ConflictNoticeProps {
  /** The agent as it is stored now (the 409's newer version). */
  current: Agent;
  /** What the form holds (the save that was refused). */
  mine: AgentFields;
  /** Replace the form with the newer version (what was typed here is dropped: the user chose it). */
  onLoadCurrent(): void;
  /** Keep what is in the form and base the next save on the newer version (it overwrites it). */
  onKeepMine(): void;
}

/**
 * The save was based on an old version: someone saved a newer one elsewhere. The notice shows how
 * the newer version differs from the form, field by field, word by word; nothing in the form
 * changes until the user takes the newer version or keeps theirs. It takes the focus when it
 * appears, so a keyboard or screen-reader user meets it at once (the form announces it too; as an
 * alert the whole comparison would be read out).
 */
export function ConflictNotice({ current, mine, onLoadCurrent, onKeepMine }: ConflictNoticeProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section ref={ref} tabIndex={-1} className="agent-conflict" aria-labelledby="agent-conflict-title">
      <h2 id="agent-conflict-title" className="agent-conflict__title">
        {t('form.conflict.title')}
      </h2>
      <p>{t('form.conflict.text', { version: current.version, date: formatLongDate(current.updated_at, { language }) })}</p>
      <p className="agent-comparison__legend">{t('form.conflict.legend', { version: current.version })}</p>
      <AgentComparison
        before={mine}
        after={current}
        headingLevel={3}
        diffLabel={(field) => t('form.conflict.diffLabel', { field, version: current.version })}
      />
      <div className="agent-form__actions">
        <Button variant="primary" onClick={onLoadCurrent}>
          {t('form.conflict.load', { version: current.version })}
        </Button>
        <Button variant="secondary" onClick={onKeepMine}>
          {t('form.conflict.keep')}
        </Button>
      </div>
    </section>
  );
}
