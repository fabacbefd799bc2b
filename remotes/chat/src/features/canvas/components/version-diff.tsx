import { Loading, WordDiffView } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useCanvasVersionQuery } from '../api/get-version';
import type { ScopedCanvasStore } from '../store/use-canvas-store';

/** What `version` changed against the one before, word by word in its Markdown, with a count. */
export function VersionDiff({ store, canvasId, version }: { store: ScopedCanvasStore; canvasId: string; version: number }) {
  const { t } = useTranslation(NAMESPACE);
  const after = useCanvasVersionQuery(store, canvasId, version);
  const before = useCanvasVersionQuery(store, canvasId, version - 1);
  if (after.isError || before.isError) return <p role="alert">{t('canvas.versions.diffFailed')}</p>;
  if (after.data === undefined || (version > 1 && before.data === undefined)) return <Loading label={t('canvas.versions.diffLoading')} showLabel />;
  return (
    <WordDiffView
      before={before.data?.markdown ?? ''}
      after={after.data.markdown}
      label={t('canvas.versions.diffLabel', { version })}
      summary={({ added, removed }) => t('canvas.versions.summary', { added, removed })}
    />
  );
}
