import { SOURCE_LANGUAGE_AUTO, TRANSLATE_MAX_CHARACTERS, type MachineTranslation } from '@assistant/contracts';
import { copyTextWithNotice, useDocumentTitle, useTranslationPreferencesStore } from '@assistant/platform';
import { Loading, PageHeader } from '@assistant/ui';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigQuery } from '../features/translate/api/get-config';
import { useTranslationResourcesQuery } from '../features/translate/api/get-translation-resources';
import { LanguageBar } from '../features/translate/components/language-bar';
import { NoEngineState } from '../features/translate/components/no-engine-state';
import { SourceInput } from '../features/translate/components/source-input';
import { SourceView } from '../features/translate/components/source-view';
import { TranslateActions } from '../features/translate/components/translate-actions';
import { TranslateFailureAlert } from '../features/translate/components/translate-failure-alert';
import { TranslationOutput } from '../features/translate/components/translation-output';
import { useLanguageNames } from '../features/translate/hooks/use-language-names';
import { useTranslateRequest, type TranslationResult } from '../features/translate/hooks/use-translate-request';
import { useTranslationChoices } from '../features/translate/hooks/use-translation-choices';
import { layoutFromSegments, layoutSegments } from '../features/translate/model/segment-layout';
import { NAMESPACE } from '../namespace';
import '../features/translate/translate.css';

const NO_ENGINES: readonly MachineTranslation[] = [];
const COPY_NOTICES = { copied: { key: 'copy.done', ns: NAMESPACE }, unavailable: { key: 'copy.unavailable', ns: NAMESPACE } };

/**
 * /translate (SPEC section 2; title key skills.translate). On entry it loads the translation
 * resources and the configuration (two queries); while the engines load, those of the user's
 * previous visit are used; without an engine it says translation is unavailable (and tells
 * administrators how to connect one); otherwise it is the translator.
 */
export default function TranslatePage() {
  const { t } = useTranslation(NAMESPACE);
  useDocumentTitle(t('skills.translate'));
  useConfigQuery();
  const resources = useTranslationResourcesQuery();
  // A failed load leaves the list empty (SPEC section 8), whatever an earlier load answered.
  const engines = (!resources.isError && resources.data) || NO_ENGINES;

  let content;
  if (engines.length > 0) content = <Translator engines={engines} />;
  else if (resources.isPending || resources.isFetching) content = <Loading label={t('status.loadingEngines')} showLabel fill />;
  else content = <NoEngineState onRetry={() => void resources.refetch()} />;

  return (
    <div className="remote-page translate-page">
      <PageHeader title={t('skills.translate')} description={t('intro')} />
      {content}
    </div>
  );
}

/** Swaps a result's direction: the translation becomes the source, the user's text the "translation". */
function swapResult(result: TranslationResult): TranslationResult {
  return {
    sourceText: result.response.translation,
    response: {
      translation: result.sourceText,
      translation_segments: result.response.translation_segments.map((segment) => ({
        ...segment,
        source: segment.translation,
        translation: segment.source,
      })),
    },
    sourceLanguage: result.targetLanguage,
    targetLanguage: result.sourceLanguage,
    swapped: !result.swapped,
  };
}

function Translator({ engines }: { engines: readonly MachineTranslation[] }) {
  const { t } = useTranslation(NAMESPACE);
  const idPrefix = `translate${useId().replace(/:/g, '')}`;
  const choices = useTranslationChoices(engines);
  const request = useTranslateRequest();
  const [text, setText] = useState('');
  const [serverLimit, setServerLimit] = useState<number | undefined>(undefined);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const { result, failure, status } = request;
  const running = status === 'running';
  const languageName = useLanguageNames();
  // With automatic detection: the language the engine says it found (DeepL, LibreTranslate).
  const detected = result && result.sourceLanguage === SOURCE_LANGUAGE_AUTO ? result.response.detected_language : undefined;
  const limit = Math.min(TRANSLATE_MAX_CHARACTERS, serverLimit ?? Infinity);

  // A 413 that names a lower limit than ours: count against it from now on.
  useEffect(() => {
    if (failure?.kind === 'too-long' && failure.limit !== undefined) setServerLimit((old) => Math.min(old ?? Infinity, failure.limit!));
  }, [failure]);

  useEffect(() => {
    setActiveIndex(null);
  }, [result]);

  const targetParts = useMemo(() => {
    if (!result) return [];
    const { translation, translation_segments: segments } = result.response;
    const layout = layoutSegments(translation, segments.map((segment) => segment.translation));
    return layout.missing.length === 0 ? layout.parts : layoutFromSegments(result.sourceText, segments);
  }, [result]);
  const sourceParts = useMemo(
    () => (result ? layoutSegments(result.sourceText, result.response.translation_segments.map((segment) => segment.source)).parts : []),
    [result],
  );

  const selectResult = useCallback(() => {
    const element = resultRef.current;
    if (element) window.getSelection()?.selectAllChildren(element);
  }, []);

  if (!choices) return null;
  const { engine, source, target, formality } = choices;
  const canTranslate = text.trim() !== '' && text.length <= limit && target !== null;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (running || !canTranslate || target === null) return;
    useTranslationPreferencesStore.getState().setPreferences({
      engineId: engine.id,
      sourceLanguage: source,
      targetLanguage: target,
      ...(formality !== undefined ? { formality } : {}),
    });
    void request.translate({
      text,
      source_language: source,
      target_language: target,
      engine_id: engine.id,
      ...(formality !== undefined && formality !== 'default' ? { formality } : {}),
    });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  const swap = () => {
    const fits = result && !running && text === result.sourceText && result.sourceLanguage === source && result.targetLanguage === target;
    if (!choices.swap()) return;
    if (fits) {
      setText(result.response.translation);
      request.setResult(swapResult(result));
    }
  };

  const clear = () => {
    setText('');
    request.reset();
    inputRef.current?.focus();
  };

  const statusText = status === 'done' ? t('status.done') : status === 'stopped' ? t('status.stopped') : '';

  return (
    <form className="translate-workspace" onSubmit={submit} onKeyDown={onKeyDown} aria-label={t('skills.translate')}>
      <LanguageBar engines={engines} choices={choices} onSwap={swap} />
      <div className="translate-panes">
        <div className="translate-pane">
          <SourceInput ref={inputRef} value={text} onChange={setText} limit={limit} lang={source === SOURCE_LANGUAGE_AUTO ? undefined : source} />
          <TranslateActions
            running={running}
            canTranslate={canTranslate}
            canClear={text !== '' || result !== null || failure !== null}
            onStop={() => {
              request.stop();
              inputRef.current?.focus(); // the Stop button goes away: keep the keyboard user in place
            }}
            onClear={clear}
          />
          {failure && <TranslateFailureAlert failure={failure} />}
          {detected && <p className="translate-detected">{t('result.detected', { language: languageName(detected) })}</p>}
          {result && (
            <SourceView
              parts={sourceParts}
              activeIndex={activeIndex}
              lang={result.sourceLanguage === SOURCE_LANGUAGE_AUTO ? detected : result.sourceLanguage}
              headingId={`${idPrefix}-source`}
            />
          )}
        </div>
        <TranslationOutput
          result={result}
          parts={targetParts}
          running={running}
          activeIndex={activeIndex}
          onActiveChange={setActiveIndex}
          onCopy={() => result && void copyTextWithNotice(result.response.translation, { ...COPY_NOTICES, select: selectResult })}
          idPrefix={`${idPrefix}-result`}
          textRef={resultRef}
        />
      </div>
      <p className="ui-visually-hidden" aria-live="polite">
        {statusText}
      </p>
    </form>
  );
}
