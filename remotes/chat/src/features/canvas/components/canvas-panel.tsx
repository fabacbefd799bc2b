import type { CanvasDocument } from '@assistant/contracts';
import { budgetExhaustedMessage, useLocale, useQueryClient } from '@assistant/platform';
import { Button, ErrorState, Loading, Tabs, VisuallyHidden, useAnnouncer } from '@assistant/ui';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { canvasKeys } from '../../../query-keys';
import { useCanvasChanges } from '../api/change-canvas';
import { useCanvasQuery } from '../api/get-canvas';
import { CanvasEditor, type CanvasEditorHandle, type CanvasSelection } from '../editor/canvas-editor';
import { useCanvasRewrite } from '../hooks/use-canvas-rewrite';
import { useCanvasSaving } from '../hooks/use-canvas-saving';
import type { ScopedCanvasStore } from '../store/use-canvas-store';
import { CanvasExport } from './canvas-export';
import { CanvasInstructionBar } from './canvas-instruction-bar';
import { CanvasVersions } from './canvas-versions';
import { describeCanvasError } from './describe-canvas-error';
import '../canvas.css';

/** What the panel shows: a stored canvas, or one being made from a seed (an answer, a report, nothing). */
export type CanvasPanelTarget = { canvasId: string } | { seed: { title: string; markdown: string }; serial: number };

export interface CanvasPanelProps {
  store: ScopedCanvasStore;
  conversationId: string;
  target: CanvasPanelTarget;
  /** The canvas made from a seed exists now: the panel shows it by its id from here on. */
  onCreated(canvasId: string): void;
  onClose(): void;
}

/**
 * The canvas beside the conversation (docs/canvas.md): a Markdown document the user edits and the
 * model revises, passage by passage, with its versions and exports. A canvas made from a seed is
 * created from the editor's own Markdown of it, so the stored text is the text the editor shows.
 */
export function CanvasPanel({ store, conversationId, target, onCreated, onClose }: CanvasPanelProps) {
  const { t } = useTranslation(NAMESPACE);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || !(event.target as HTMLElement).closest('.canvas-panel__header')) return;
    event.preventDefault();
    onClose();
  };
  return (
    <section className="canvas-panel" aria-labelledby="canvas-panel-heading" onKeyDown={onKeyDown}>
      {'seed' in target ? (
        <SeedCanvas key={target.serial} store={store} conversationId={conversationId} seed={target.seed} onCreated={onCreated} onClose={onClose} />
      ) : (
        <StoredCanvas key={target.canvasId} store={store} canvasId={target.canvasId} onClose={onClose} />
      )}
      <VisuallyHidden>{t('canvas.panel.hint')}</VisuallyHidden>
    </section>
  );
}

/** Makes the canvas from the editor's Markdown of the seed, then hands over to its stored view. */
function SeedCanvas({ store, conversationId, seed, onCreated, onClose }: { store: ScopedCanvasStore; conversationId: string; seed: { title: string; markdown: string }; onCreated(id: string): void; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const editor = useRef<CanvasEditorHandle>(null);
  const { create } = useCanvasChanges(store);
  const { mutate, isError, error } = create;
  const started = useRef(false);
  const start = useCallback(() => {
    const markdown = editor.current?.getMarkdown();
    if (markdown === undefined) return;
    mutate({ conversationId, title: seed.title, markdown }, { onSuccess: (document) => onCreated(document.id) });
  }, [mutate, conversationId, seed.title, onCreated]);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, [start]);
  return (
    <>
      <header className="canvas-panel__header">
        <h2 id="canvas-panel-heading" className="canvas-panel__title">
          {seed.title}
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t('canvas.panel.close')}
        </Button>
      </header>
      {isError ? (
        <ErrorState headingLevel={3} title={t('canvas.panel.createFailed')} message={describeCanvasError(t, error, locale)} onRetry={start} retryLabel={t('canvas.panel.tryAgain')} />
      ) : (
        <Loading label={t('canvas.panel.creating')} showLabel />
      )}
      {/* Read only and out of sight: only here to turn the seed into the editor's Markdown. */}
      <div hidden>
        <CanvasEditor ref={editor} initialMarkdown={seed.markdown} readOnly ariaLabel={seed.title} />
      </div>
    </>
  );
}

function StoredCanvas({ store, canvasId, onClose }: { store: ScopedCanvasStore; canvasId: string; onClose(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const query = useCanvasQuery(store, canvasId);
  if (query.isPending) return <Loading label={t('canvas.panel.loading')} showLabel />;
  if (query.isError) {
    return (
      <>
        <header className="canvas-panel__header">
          <h2 id="canvas-panel-heading" className="canvas-panel__title">
            {t('canvas.panel.title')}
          </h2>
          <Button variant="ghost" size="sm" onClick={onClose}>
            {t('canvas.panel.close')}
          </Button>
        </header>
        <ErrorState headingLevel={3} title={t('canvas.panel.loadFailed')} message={describeCanvasError(t, query.error, locale)} onRetry={() => void query.refetch()} retryLabel={t('canvas.panel.tryAgain')} />
      </>
    );
  }
  return <CanvasWorkspace store={store} document={query.data} onClose={onClose} />;
}

function CanvasWorkspace({ store, document, onClose }: { store: ScopedCanvasStore; document: CanvasDocument; onClose(): void }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const editor = useRef<CanvasEditorHandle>(null);
  const [announcement, announce] = useAnnouncer();
  const saving = useCanvasSaving(store, editor);
  // A new editor (with the stored text) when the editor cannot take up a stored version itself.
  const [editorKey, setEditorKey] = useState(0);
  const adopt = useCallback(
    (stored: CanvasDocument) => {
      try {
        editor.current?.setMarkdown(stored.markdown);
      } catch {
        setEditorKey((key) => key + 1);
      }
      saving.reset();
    },
    [saving],
  );
  const rewrite = useCanvasRewrite(store, editor, saving.save, adopt);
  /** What went wrong with the last model edit, shown until the next edit or save. */
  const [rewriteError, setRewriteError] = useState<string | null>(null);
  const [tab, setTab] = useState('document');
  const queryClient = useQueryClient();
  // The latest stored document, for the calls made from callbacks of an older render.
  const latest = useRef(document);
  latest.current = document;

  const settle = useCallback(() => {
    const current = queryClient.getQueryData<CanvasDocument>(canvasKeys.document(store.scope, document.id)) ?? latest.current;
    if (editor.current?.getMarkdown() === current.markdown) saving.reset();
  }, [queryClient, store.scope, document.id, saving]);

  const save = useCallback(async () => {
    try {
      const saved = await saving.save(latest.current);
      setRewriteError(null);
      announce(t('canvas.announce.saved', { version: saved.version }));
    } catch (error) {
      announce(describeCanvasError(t, error, locale));
    }
  }, [saving, announce, t, locale]);

  const instruct = useCallback(
    async (instruction: string, selection: CanvasSelection | null) => {
      setRewriteError(null);
      const outcome = await rewrite.run(latest.current, instruction, selection);
      settle();
      // Failures show (and are announced) in the alert below the header, not only to screen readers.
      if (outcome.kind === 'done') {
        if (outcome.reloaded) setRewriteError(`${t('canvas.errors.editor')} ${t('canvas.announce.reloaded', { version: outcome.version })}`);
        else announce(t('canvas.announce.rewritten', { version: outcome.version }));
      } else if (outcome.kind === 'stopped') {
        announce(t('canvas.announce.stopped'));
        if (outcome.reloaded !== null) setRewriteError(t('canvas.announce.reloaded', { version: outcome.reloaded }));
      } else {
        // A used-up budget: the platform's text with the day it resets (asking again cannot work before).
        const reason =
          outcome.code === 'budget_exhausted' ? budgetExhaustedMessage(locale) : t(`canvas.errors.${outcome.code}`, { defaultValue: t('canvas.errors.internal') });
        const reloaded = outcome.reloaded !== null ? ` ${t('canvas.announce.reloaded', { version: outcome.reloaded })}` : '';
        setRewriteError(`${t(outcome.reloaded !== null ? 'canvas.announce.failedReloaded' : 'canvas.announce.failed')} ${reason}${reloaded}`);
      }
    },
    [rewrite, settle, announce, t, locale],
  );

  const restore = useCallback(
    async (version: number) => {
      try {
        const restored = await saving.restore(latest.current, version);
        setRewriteError(null);
        setTab('document');
        announce(t('canvas.announce.restored', { version, current: restored.version }));
        editor.current?.focus();
      } catch (error) {
        announce(describeCanvasError(t, error, locale));
      }
    },
    [saving, announce, t, locale],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape' && rewrite.busy) {
      event.preventDefault();
      rewrite.stop();
    }
  };

  const status = rewrite.busy
    ? t('canvas.status.rewriting')
    : saving.saving
      ? t('canvas.status.saving')
      : saving.edited
        ? t('canvas.status.unsaved')
        : t('canvas.status.saved', { version: document.version });

  const documentRef = useRef<HTMLDivElement>(null);
  const editorView = (
    <div className="canvas-panel__document" ref={documentRef} onKeyDown={onKeyDown}>
      <CanvasEditor
        key={editorKey}
        ref={editor}
        initialMarkdown={document.markdown}
        ariaLabel={t('canvas.panel.editorLabel', { title: document.title })}
        onChange={saving.onChange}
        onInstruct={(instruction, selection) => void instruct(instruction, selection)}
        busy={rewrite.busy}
      />
      <CanvasInstructionBar
        busy={rewrite.busy}
        selection={() => editor.current?.captureSelection() ?? null}
        onInstruct={(instruction, selection) => void instruct(instruction, selection)}
        onStop={rewrite.stop}
      />
    </div>
  );

  return (
    <>
      <header className="canvas-panel__header">
        <h2 id="canvas-panel-heading" className="canvas-panel__title">
          {document.title}
        </h2>
        <p className="canvas-panel__status" aria-live="off">
          {status}
        </p>
        <div className="canvas-panel__actions">
          <Button variant="secondary" size="sm" aria-disabled={!saving.edited || rewrite.busy || undefined} onClick={() => saving.edited && !rewrite.busy && void save()}>
            {t('canvas.panel.save')}
          </Button>
          <CanvasExport title={document.title} markdown={() => editor.current?.getMarkdown() ?? document.markdown} html={() => documentRef.current?.querySelector('.ProseMirror')?.innerHTML ?? ''} language={i18n.language} announce={announce} />
          <Button variant="ghost" size="sm" onClick={onClose}>
            {t('canvas.panel.close')}
          </Button>
        </div>
      </header>
      {saving.error !== null && (
        <p className="canvas-panel__error" role="alert">
          {describeCanvasError(t, saving.error, locale)}
        </p>
      )}
      {rewriteError !== null && (
        <p className="canvas-panel__error" role="alert">
          {rewriteError}
        </p>
      )}
      <Tabs
        className="canvas-panel__tabs"
        label={t('canvas.panel.views')}
        selectedId={tab}
        onSelect={setTab}
        keepMounted
        items={[
          { id: 'document', label: t('canvas.panel.documentTab'), content: editorView },
          {
            id: 'versions',
            label: t('canvas.panel.versionsTab'),
            content: tab === 'versions' && <CanvasVersions store={store} canvasId={document.id} current={document.version} busy={rewrite.busy} onRestore={(version) => void restore(version)} />,
          },
        ]}
      />
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </VisuallyHidden>
    </>
  );
}
