import type { LibraryBinding, LibrarySyncProgress } from '@assistant/contracts';
import type { LibraryBindingAction } from '@assistant/endpoints';
import { formatLongDate, useLocale } from '@assistant/platform';
import { Link } from '@assistant/routing';
import { Button } from '@assistant/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { formatFileSize } from '../../documents';
import { progressPercent } from '../model/sync-progress';
import { BindingItems } from './binding-items';
import { BindingStateBadge } from './state-badges';

export interface BindingCardProps {
  binding: LibraryBinding;
  /** The action under way on this binding, if any. */
  busy: LibraryBindingAction | null;
  onAction(action: LibraryBindingAction): void;
}

/**
 * One synced folder: where it goes, its state, the sync's progress (files and bytes), when it
 * last synced and syncs next, why it failed, "Sync now", "Pause" or "Resume", and its files.
 */
export function BindingCard({ binding, busy, onAction }: BindingCardProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const headingId = `binding-${useId().replace(/:/g, '')}`;
  const filesId = `${headingId}-files`;
  const [showFiles, setShowFiles] = useState(false);
  const syncing = binding.state === 'syncing';
  const paused = binding.state === 'paused';
  const path = binding.folder.path;

  return (
    <li className="binding-card" aria-labelledby={headingId}>
      <div className="binding-card__head">
        <h3 id={headingId} className="binding-card__path">
          {path}
        </h3>
        <BindingStateBadge state={binding.state} />
      </div>
      <p className="binding-card__target">
        {t('libraries.bindings.into')}{' '}
        <Link to={`../${encodeURIComponent(binding.collection_id)}`}>{binding.collection_name}</Link>
      </p>
      {binding.progress ? (
        <SyncProgress progress={binding.progress} syncing={syncing} path={path} />
      ) : (
        syncing && <p className="sync-progress__text">{t('libraries.progress.scanning')}</p>
      )}
      <dl className="binding-card__times">
        <div>
          <dt>{t('libraries.bindings.lastSync')}</dt>
          <dd>{binding.last_synced_at ? formatLongDate(binding.last_synced_at, { language }) : t('libraries.bindings.never')}</dd>
        </div>
        {binding.next_sync_at && !paused && !syncing && (
          <div>
            <dt>{t('libraries.bindings.nextSync')}</dt>
            <dd>{formatLongDate(binding.next_sync_at, { language })}</dd>
          </div>
        )}
      </dl>
      {binding.problem && <p className="binding-card__problem">{binding.problem}</p>}
      <div className="binding-card__actions">
        {!paused && (
          <Button
            size="sm"
            variant="secondary"
            disabled={syncing}
            loading={busy === 'sync'}
            onClick={() => onAction('sync')}
            aria-label={t('libraries.bindings.syncNowLabel', { path })}
          >
            {t('libraries.bindings.syncNow')}
          </Button>
        )}
        {paused ? (
          <Button size="sm" variant="secondary" loading={busy === 'resume'} onClick={() => onAction('resume')} aria-label={t('libraries.bindings.resumeLabel', { path })}>
            {t('libraries.bindings.resume')}
          </Button>
        ) : (
          <Button size="sm" variant="ghost" loading={busy === 'pause'} onClick={() => onAction('pause')} aria-label={t('libraries.bindings.pauseLabel', { path })}>
            {t('libraries.bindings.pause')}
          </Button>
        )}
        <Button size="sm" variant="ghost" aria-expanded={showFiles} aria-controls={filesId} onClick={() => setShowFiles((shown) => !shown)}>
          {t(showFiles ? 'libraries.bindings.hideFiles' : 'libraries.bindings.showFiles')}
        </Button>
      </div>
      <div id={filesId} hidden={!showFiles}>
        {showFiles && <BindingItems bindingId={binding.id} folderPath={path} syncing={syncing} />}
      </div>
    </li>
  );
}

/** The progress bar with its words: "12 of 40 files · 3.1 MB of 10 MB", skips and failures after. */
function SyncProgress({ progress, syncing, path }: { progress: LibrarySyncProgress; syncing: boolean; path: string }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const percent = progressPercent(progress);
  const text = t('libraries.progress.text', {
    done: progress.files_done,
    count: progress.files_total,
    bytesDone: formatFileSize(progress.bytes_done, language),
    bytesTotal: formatFileSize(progress.bytes_total, language),
  });
  const extra = [
    progress.files_skipped > 0 ? t('libraries.progress.skipped', { count: progress.files_skipped }) : null,
    progress.files_failed > 0 ? t('libraries.progress.failed', { count: progress.files_failed }) : null,
  ].filter(Boolean);
  return (
    <div className="sync-progress">
      <div
        role="progressbar"
        aria-label={t(syncing ? 'libraries.progress.labelSyncing' : 'libraries.progress.labelLast', { path })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent} %: ${text}`}
        className="sync-progress__bar"
      >
        <span className="sync-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="sync-progress__text">
        {text}
        {extra.length > 0 && ` · ${extra.join(' · ')}`}
      </p>
    </div>
  );
}
