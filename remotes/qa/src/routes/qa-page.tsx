import { citedSourceNumbers, type QaChatRequest, type QaSource } from '@assistant/contracts';
import { collectionFilesQuery, qaResourcesQuery, shownResources } from '@assistant/endpoints';
import { useAuth, useDocumentTitle, useQuery, writeClipboardText } from '@assistant/platform';
import { EmptyState, PageHeader, VisuallyHidden, useAnnouncer } from '@assistant/ui';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerView, QuestionForm, sourceAnchor, useAskQuestion } from '../features/ask';
import { useDeleteExchange, useHistoryQuery, HistoryPanel, useSaveExchange } from '../features/history';
import {
  ResourcePicker,
  effectiveCollections,
  effectiveModel,
  missingChoice,
  pickedDocument,
  useQaChoices,
  type QaChoices,
} from '../features/resources';
import { SourcePreviewDialog, SourcesPanel, useAnswerSources } from '../features/sources';
import { NAMESPACE } from '../namespace';
import type { QaExchange, QaTarget } from '../qa-exchange';
import { PickerSummary } from './picker-summary';
import './qa-page.css';

const NO_ENTRIES: QaExchange[] = [];
const COPIED_MS = 3_000;

/** The request that asks (again) what an exchange asked. */
function requestOf(exchange: Pick<QaExchange, 'question' | 'target' | 'model'>): QaChatRequest {
  const scope = exchange.target.kind === 'document' ? { file_id: exchange.target.fileId } : { collections: exchange.target.collections.map((c) => c.id) };
  return { question: exchange.question, ...(exchange.model ? { model: exchange.model } : {}), ...scope };
}

/**
 * /usecases/qa: questions over documents (docs/qa-ui.md). Pick collections or one document and a
 * model; ask; the answer streams with its citations; the sources are computed after it (trigger,
 * then poll) and each opens the document at the cited place. Past questions are kept in this
 * browser per user and reopen with their answer and sources.
 */
export default function QaPage() {
  const { t } = useTranslation(NAMESPACE);
  useDocumentTitle(t('title'));
  // The signed-in user's sub keeps the choices and the history; undefined while it is read.
  const { user, status: authStatus } = useAuth();
  const sub = authStatus === 'loading' ? undefined : user?.profile.sub || null;
  const userSub = sub ?? null;
  // Asked on every entry (staleTime 0): the kept lists show at once and are refreshed.
  const resources = useQuery(qaResourcesQuery());
  const [choices, setChoices] = useQaChoices(userSub);
  const history = useHistoryQuery(userSub);
  const save = useSaveExchange(userSub).mutate;
  const remove = useDeleteExchange(userSub).mutate;
  const { live, ask, stop } = useAskQuestion();
  const [shown, setShown] = useState<QaExchange | null>(null);
  const [preview, setPreview] = useState<number | null>(null);
  const [copied, setCopied] = useState(false);
  const [pickerOpen, setPickerOpen] = useState<boolean | undefined>(undefined);
  const [announcement, announce] = useAnnouncer();
  const questionRef = useRef<HTMLTextAreaElement>(null);
  const pickerToggleRef = useRef<HTMLButtonElement>(null);
  /** The question being answered; a reopened entry or a new question takes the view from it. */
  const askingRef = useRef<string | null>(null);

  const collections = shownResources(resources)?.collections ?? [];
  const models = shownResources(resources)?.language_models ?? [];
  const status = resources.isError ? 'unavailable' : resources.data ? 'ready' : 'loading';
  const files = useQuery(collectionFilesQuery(choices.scope === 'document' ? (choices.documentCollectionId ?? undefined) : undefined));
  const pickedCollections = effectiveCollections(collections, choices);
  const pickedFile = pickedDocument(files.data, choices);
  const model = effectiveModel(models, choices);

  const exchange = live?.exchange ?? shown;
  const streaming = live !== null;
  const sources = useAnswerSources(exchange?.traceId, exchange?.sources, exchange?.status === 'complete' && !streaming);
  const sourceList: readonly QaSource[] | undefined = sources.state.status === 'ready' ? sources.state.sources : undefined;

  const missing = missingChoice({ status, collections, models, choices, documentFiles: files.data });
  const blockedReason = missing ? t(`ask.blocked.${missing}`) : undefined;
  // Open at first while something is missing; once decided it stays as the user leaves it.
  const blocked = blockedReason !== undefined;
  useEffect(() => {
    if (pickerOpen === undefined && status === 'ready' && sub !== undefined) setPickerOpen(blocked);
  }, [pickerOpen, status, sub, blocked]);
  const pickerShown = status !== 'ready' || (pickerOpen ?? blocked);

  // The choice that completes what was missing folds the settings into their summary line, so the
  // question box comes up to the top (on a phone, into view); "Change" opens them again, and
  // further choices then leave them open. The focus moves from the vanishing control to "Change".
  const changeChoices = (change: Partial<QaChoices>) => {
    setChoices(change);
    const next = { ...choices, ...change };
    if (!pickerShown || !blocked || missingChoice({ status, collections, models, choices: next, documentFiles: files.data })) return;
    setPickerOpen(false);
    pickerToggleRef.current?.focus();
    announce(t('announce.choicesSet'));
  };

  const onAsk = useCallback(
    async (question: string, again?: QaExchange) => {
      let target: QaTarget;
      if (again) target = again.target;
      else if (choices.scope === 'document' && pickedFile) target = { kind: 'document', collectionId: pickedFile.stageId, fileId: pickedFile.fileId, fileName: pickedFile.name };
      else target = { kind: 'collections', collections: pickedCollections.map(({ id, name }) => ({ id, name })) };
      const chosenModel = again ? again.model : model?.id;
      const start: QaExchange = {
        id: crypto.randomUUID(),
        question,
        askedAt: new Date().toISOString(),
        target,
        ...(chosenModel ? { model: chosenModel } : {}),
        answer: '',
        status: 'streaming',
        documents: [],
      };
      setShown(null);
      setPreview(null);
      setCopied(false);
      setPickerOpen(false);
      announce(t('announce.asking'));
      askingRef.current = start.id;
      const ended = await ask(start, requestOf(start));
      if (!ended) return;
      save(ended);
      if (askingRef.current !== start.id) return;
      askingRef.current = null;
      setShown(ended);
      if (ended.status === 'complete') announce(t('announce.done'));
      else if (ended.status === 'stopped') announce(t('announce.stopped'));
      else announce(t('announce.failed'));
    },
    [choices.scope, pickedFile, pickedCollections, model, ask, save, announce, t],
  );

  // Sources computed for the shown answer: keep them with it (history) and say so.
  const computed = sources.state.status === 'ready' && !shown?.sources ? sources.state.sources : undefined;
  useEffect(() => {
    if (!computed || !shown || shown.sources) return;
    const withSources = { ...shown, sources: [...computed] };
    setShown(withSources);
    save(withSources);
    announce(t('announce.sourcesReady', { count: computed.length }));
  }, [computed, shown, save, announce, t]);
  const sourcesStatus = sources.state.status;
  useEffect(() => {
    if (sourcesStatus === 'failed') announce(t('sources.failed'));
    else if (sourcesStatus === 'error') announce(t('sources.error'));
  }, [sourcesStatus, announce, t]);

  const citationLabel = useCallback(
    (n: number) => {
      const name = sourceList?.[n - 1]?.source_name ?? exchange?.documents.find((d) => d.sourceIndex === n - 1)?.fileName;
      return name ? t('answer.citation', { n, name }) : t('answer.citationUnnamed', { n });
    },
    [sourceList, exchange?.documents, t],
  );

  const openSource = (n: number) => {
    if (sourceList?.[n - 1]) {
      setPreview(n);
      return;
    }
    // Not computed yet (or no such source): show where the sources will appear.
    document.getElementById(sourceAnchor(n))?.focus();
    announce(sources.state.status === 'computing' ? t('announce.sourcesPending') : t('announce.noSuchSource', { n }));
  };

  const copy = async () => {
    if (!exchange) return;
    if (!(await writeClipboardText(exchange.answer))) {
      announce(t('answer.copyFailed'));
      return;
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), COPIED_MS);
    announce(t('answer.copied'));
  };

  const newQuestion = () => {
    askingRef.current = null;
    setShown(null);
    setPreview(null);
    setCopied(false);
    questionRef.current?.focus();
  };

  const reopen = (entry: QaExchange) => {
    askingRef.current = null;
    if (streaming) stop();
    setShown(entry);
    setPreview(null);
    setCopied(false);
    announce(t('announce.reopened', { question: entry.question }));
  };

  const onDelete = (entry: QaExchange) => {
    remove(entry.id);
    if (shown?.id === entry.id) setShown(null);
    announce(t('announce.deleted'));
  };

  // Escape stops an answer being written (not when a dialog has the key).
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || !streaming || event.defaultPrevented) return;
    if ((event.target as Element).closest?.('[role="dialog"], [role="alertdialog"]')) return;
    event.preventDefault();
    stop();
  };

  const previewSource = preview !== null ? sourceList?.[preview - 1] : undefined;
  const previewMediaType = preview !== null ? exchange?.documents.find((d) => d.sourceIndex === preview - 1)?.mediaType : undefined;

  return (
    <div className="remote-page qa-page" onKeyDown={onKeyDown}>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="qa-page__layout">
        <HistoryPanel entries={history.data ?? NO_ENTRIES} currentId={exchange?.id} onOpen={reopen} onDelete={onDelete} />
        <div className="qa-page__main">
          <PickerSummary
            open={pickerShown}
            onToggle={() => setPickerOpen(!pickerShown)}
            toggleRef={pickerToggleRef}
            status={status}
            scope={choices.scope}
            collections={pickedCollections}
            fileName={pickedFile?.name}
            modelName={model?.name}
            fullTextOnly={resources.data?.search_mode === 'full-text'}
          >
            <ResourcePicker
              collections={collections}
              models={models}
              status={status}
              retrying={resources.isFetching}
              onRetry={() => void resources.refetch()}
              choices={choices}
              onChange={changeChoices}
              disabled={streaming}
            />
          </PickerSummary>
          <QuestionForm ref={questionRef} streaming={streaming} blockedReason={blockedReason} onAsk={(question) => void onAsk(question)} onStop={stop} />
          {exchange ? (
            <>
              <AnswerView
                exchange={exchange}
                searching={live?.searching ?? false}
                citationLabel={citationLabel}
                onCitation={openSource}
                onCopy={() => void copy()}
                copied={copied}
                onNewQuestion={newQuestion}
                onRetry={() => void onAsk(exchange.question, exchange)}
              />
              <SourcesPanel
                state={sources.state}
                onRetry={sources.retry}
                anchorOf={sourceAnchor}
                onOpen={(n) => setPreview(n)}
                documentCount={exchange.documents.length}
                cited={citedSourceNumbers(exchange.answer)}
              />
            </>
          ) : (
            <EmptyState className="qa-page__intro" title={t('intro.title')} text={t('intro.text')} />
          )}
        </div>
      </div>
      <SourcePreviewDialog
        open={previewSource && preview !== null ? { n: preview, source: previewSource, ...(previewMediaType ? { mediaType: previewMediaType } : {}) } : null}
        onClose={() => setPreview(null)}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </div>
  );
}
