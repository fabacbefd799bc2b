import { Loading } from '@assistant/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useCanvasVersionQuery } from '../api/get-version';
import { shortenUnchanged, wordDiff } from '../model/word-diff';
import type { ScopedCanvasStore } from '../store/use-canvas-store';

/**
 * What `version` changed against the one before, word by word in its Markdown: added words marked
 * and removed ones struck through (`ins`/`del`, which screen readers name), with a count.
 */
export function VersionDiff({ store, canvasId, version }: { store: ScopedCanvasStore; canvasId: string; version: number }) {
  const { t } = useTranslation(NAMESPACE);
  const after = useCanvasVersionQuery(store, canvasId, version);
  const before = useCanvasVersionQuery(store, canvasId, version - 1);
  const ready = after.data !== undefined && (version === 1 || before.data !== undefined);
  const diff = useMemo(() => (ready ? wordDiff(before.data?.markdown ?? '', after.data!.markdown) : undefined), [ready, before.data, after.data]);
  if (after.isError || before.isError) return <p role="alert">{t('canvas.versions.diffFailed')}</p>;
  if (!diff) return <Loading label={t('canvas.versions.diffLoading')} showLabel />;
  return (
    <>
      <p className="canvas-diff__summary">{t('canvas.versions.summary', { added: diff.added, removed: diff.removed })}</p>
      <pre className="canvas-diff" tabIndex={0} aria-label={t('canvas.versions.diffLabel', { version })}>
        {shortenUnchanged(diff.parts).map((part, index) =>
          part.kind === 'added' ? (
            <ins key={index}>{part.text}</ins>
          ) : part.kind === 'removed' ? (
            <del key={index}>{part.text}</del>
          ) : (
            <span key={index}>{part.text}</span>
          ),
        )}
      </pre>
    </>
  );
}
