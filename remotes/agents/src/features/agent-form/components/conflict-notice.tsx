import type { Agent } from '@assistant/contracts';
import { formatLongDate, useLocale } from '@assistant/platform';
import { Button } from '@assistant/ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface ConflictNoticeProps {
  /** The agent as it is stored now (the 409's current version). */
  current: Agent;
  /** Replace the form with the stored version (what was typed here is dropped: the user chose it). */
  onLoadCurrent(): void;
  /** Keep what is in the form and base the next save on the stored version (it overwrites it). */
  onKeepMine(): void;
}

/**
 * The save was based on an old version: someone saved the agent elsewhere. Nothing in the form is
 * changed until the user picks: load the stored version, or keep the form and save over it.
 * It takes the focus when it appears, so a keyboard or screen-reader user meets it at once.
 */
export function ConflictNotice({ current, onLoadCurrent, onKeepMine }: ConflictNoticeProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} role="alert" tabIndex={-1} className="agent-conflict" aria-labelledby="agent-conflict-title">
      <h2 id="agent-conflict-title" className="agent-conflict__title">
        {t('form.conflict.title')}
      </h2>
      <p>{t('form.conflict.text', { version: current.version, date: formatLongDate(current.updated_at, { language }) })}</p>
      <div className="agent-form__actions">
        <Button variant="primary" onClick={onLoadCurrent}>
          {t('form.conflict.load')}
        </Button>
        <Button variant="secondary" onClick={onKeepMine}>
          {t('form.conflict.keep')}
        </Button>
      </div>
    </div>
  );
}
