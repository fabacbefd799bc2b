import type { CanvasVersionSummary } from '@assistant/contracts';
import { useLocale } from '@assistant/platform';
import { Badge, Button, ErrorState, Loading, VersionList } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useCanvasVersionsQuery } from '../api/list-versions';
import type { ScopedCanvasStore } from '../store/use-canvas-store';
import { VersionDiff } from './version-diff';

export interface CanvasVersionsProps {
  store: ScopedCanvasStore;
  canvasId: string;
  /** The canvas's current version. */
  current: number;
  /** A model edit is streaming: restoring waits. */
  busy: boolean;
  onRestore(version: number): void;
}

/**
 * The versions of a canvas, newest first, each with its time, author and instruction; the chosen
 * one shows what it changed against the one before (word by word) and can be restored as a new
 * version.
 */
export function CanvasVersions({ store, canvasId, current, busy, onRestore }: CanvasVersionsProps) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const query = useCanvasVersionsQuery(store, canvasId);
  const [chosen, setChosen] = useState<number>();
  if (query.isPending) return <Loading label={t('canvas.versions.loading')} showLabel />;
  if (query.isError) return <ErrorState headingLevel={3} title={t('canvas.versions.loadFailed')} onRetry={() => void query.refetch()} retryLabel={t('canvas.panel.tryAgain')} />;
  const versions = [...query.data].reverse();
  const selected = versions.find((entry) => entry.version === (chosen ?? current)) ?? versions[0]!;
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <div className="canvas-versions">
      <VersionList
        label={t('canvas.versions.label')}
        selected={selected.version}
        onSelect={setChosen}
        items={versions.map((entry) => ({
          version: entry.version,
          label: t('canvas.versions.version', { version: entry.version }),
          badge: entry.version === current ? <Badge variant="info">{t('canvas.versions.current')}</Badge> : undefined,
          meta: (
            <>
              {describeVersion(t, entry)} · <time dateTime={entry.created_at}>{time.format(new Date(entry.created_at))}</time>
            </>
          ),
        }))}
      />
      <div className="canvas-versions__detail">
        <h3 className="canvas-versions__heading">
          {selected.version === 1 ? t('canvas.versions.firstHeading') : t('canvas.versions.diffHeading', { version: selected.version, previous: selected.version - 1 })}
        </h3>
        <VersionDiff store={store} canvasId={canvasId} version={selected.version} />
        {selected.version !== current && (
          <Button variant="primary" size="sm" aria-disabled={busy || undefined} onClick={() => !busy && onRestore(selected.version)}>
            {t('canvas.versions.restore', { version: selected.version })}
          </Button>
        )}
      </div>
    </div>
  );
}

function describeVersion(t: ReturnType<typeof useTranslation>['t'], entry: CanvasVersionSummary): string {
  if (entry.restored_from !== null) return t('canvas.versions.restored', { version: entry.restored_from });
  if (entry.author === 'model') return t('canvas.versions.byModel', { instruction: entry.instruction ?? '' });
  return entry.version === 1 ? t('canvas.versions.created') : t('canvas.versions.byUser');
}
