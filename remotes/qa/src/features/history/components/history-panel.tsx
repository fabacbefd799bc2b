import { formatLongDate, formatShortDate } from '@assistant/platform';
import { CloseIcon, ConfirmDialog, IconButton, cx } from '@assistant/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { QaExchange } from '../../../qa-exchange';

export interface HistoryPanelProps {
  entries: readonly QaExchange[];
  /** The entry shown now, marked as current. */
  currentId: string | undefined;
  onOpen(entry: QaExchange): void;
  onDelete(entry: QaExchange): void;
}

/**
 * The questions asked before (kept in this browser for the signed-in user), newest first: each
 * reopens its answer and sources; each can be deleted after a confirmation. On a phone the list is
 * folded behind a "History" toggle (CSS shows the toggle only there).
 */
export function HistoryPanel({ entries, currentId, onOpen, onDelete }: HistoryPanelProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const language = i18n.language === 'en' ? 'en' : 'de';
  const headingId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState<QaExchange | null>(null);

  return (
    <aside className={cx('qa-history', open && 'qa-history--open')} aria-labelledby={headingId}>
      <div className="qa-history__head">
        <h2 id={headingId}>{t('history.heading')}</h2>
        <button type="button" className="qa-history__toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
          {t(open ? 'history.hide' : 'history.show', { count: entries.length })}
        </button>
      </div>
      <div id={listId} className="qa-history__body">
        {entries.length === 0 ? (
          <p className="qa-history__empty">{t('history.empty')}</p>
        ) : (
          <ul className="qa-history__list">
            {entries.map((entry) => (
              <li key={entry.id} className="qa-history__item">
                <button
                  type="button"
                  className="qa-history__open"
                  aria-current={entry.id === currentId ? 'true' : undefined}
                  title={formatLongDate(entry.askedAt, { language })}
                  onClick={() => {
                    setOpen(false);
                    onOpen(entry);
                  }}
                >
                  <span className="qa-history__question">{entry.question}</span>
                  <span className="qa-history__date">{formatShortDate(entry.askedAt, { language })}</span>
                </button>
                <IconButton
                  size="sm"
                  icon={<CloseIcon />}
                  aria-label={t('history.delete', { question: entry.question })}
                  tooltip
                  onClick={() => setDeleting(entry)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('history.deleteTitle')}
        message={t('history.deleteMessage', { question: deleting?.question ?? '' })}
        confirmLabel={t('history.deleteConfirm')}
        cancelLabel={t('history.cancel')}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) onDelete(deleting);
          setDeleting(null);
        }}
      />
    </aside>
  );
}
