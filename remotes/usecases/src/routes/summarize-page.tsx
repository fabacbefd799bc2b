import {
  SUMMARIZE_MAX_CHARACTERS,
  SUMMARY_FORMS,
  SUMMARY_LENGTHS,
  UPLOAD_EXTENSIONS,
  isAcceptedUpload,
  isOverUploadLimit,
  summaryFormSchema,
  summaryLengthSchema,
  useCaseLanguageSchema,
  type SummaryOptions,
} from '@assistant/contracts';
import { useConfigStore, useDocumentTitle, useTextStream } from '@assistant/platform';
import { Button, PageHeader, Select, TextArea } from '@assistant/ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import { FailureAlert } from '../features/result/components/failure-alert';
import { StreamResult } from '../features/result/components/stream-result';
import { USE_CASE_FAILURES, type UseCaseFailure } from '../features/result/model/failure';
import { DocumentPicker, NO_DOCUMENT, documentPickerFocusId } from '../features/documents/components/document-picker';
import { summarizeFile } from '../features/summarize/api/summarize-file';
import { summarizeText } from '../features/summarize/api/summarize-text';
import '../usecases.css';

type Source = 'text' | 'file' | 'document';

/**
 * /usecases/summarize (flag enableExtensibleSummarize): pasted text, an uploaded file (read on the
 * server, not stored) or a processed document of the user's collections; length, form and
 * language; the summary streams in.
 */
export default function SummarizePage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  useDocumentTitle(t('summarize.title'));
  const interfaceLanguage = i18n.language === 'en' ? 'en' : 'de';
  const maxMB = useConfigStore((state) => state.config.maxFileUploadSizeMB);
  const [source, setSource] = useState<Source>('text');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [picked, setPicked] = useState(NO_DOCUMENT);
  const [options, setOptions] = useState<SummaryOptions>({ length: 'medium', form: 'key_points', language: interfaceLanguage });
  const [problem, setProblem] = useState<string | null>(null);
  const [localFailure, setLocalFailure] = useState<UseCaseFailure | null>(null);
  const stream = useTextStream(USE_CASE_FAILURES);
  // What the running summary is of, as the user gave it (a rating shared with the administrators carries it).
  const [asked, setAsked] = useState('');
  const ids = useId();
  const numbers = new Intl.NumberFormat(i18n.language);
  const running = stream.status === 'running';
  const over = text.length - SUMMARIZE_MAX_CHARACTERS;

  const chooseFile = (chosen: File | undefined) => {
    setLocalFailure(null);
    setProblem(null);
    if (!chosen) return setFile(null);
    if (!isAcceptedUpload(chosen)) {
      setFile(null);
      setLocalFailure({ kind: 'unsupported-type', detail: t('summarize.fileTypes') });
      return;
    }
    if (isOverUploadLimit(chosen.size, maxMB)) {
      setFile(null);
      setLocalFailure({ kind: 'too-large', limit: { value: maxMB * 1024 * 1024, unit: 'bytes' } });
      return;
    }
    setFile(chosen);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    setLocalFailure(null);
    if (source === 'text') {
      if (text.trim() === '') return setProblem(t('summarize.textMissing'));
      if (over > 0) return setProblem(t('summarize.textTooLong', { limit: numbers.format(SUMMARIZE_MAX_CHARACTERS) }));
      setProblem(null);
      setAsked(text);
      void stream.start((signal) => summarizeText({ ...options, text }, signal));
    } else if (source === 'file') {
      if (!file) return setProblem(t('summarize.fileMissing'));
      setProblem(null);
      setAsked(file.name);
      void stream.start((signal) => summarizeFile(file, options, signal));
    } else {
      if (!picked.fileId) {
        document.getElementById(documentPickerFocusId(ids, picked))?.focus();
        return setProblem(t('documents.missing'));
      }
      setProblem(null);
      setAsked(picked.fileId);
      void stream.start((signal) => summarizeText({ ...options, file_id: picked.fileId }, signal));
    }
  };

  const sources: Array<{ value: Source; label: string }> = [
    { value: 'text', label: t('summarize.sourceText') },
    { value: 'file', label: t('summarize.sourceFile') },
    { value: 'document', label: t('summarize.sourceDocument') },
  ];

  return (
    <section className="usecases">
      <PageHeader title={t('summarize.title')} description={t('summarize.intro')} />
      <form className="usecases__form" onSubmit={submit} aria-label={t('summarize.title')} noValidate>
        <fieldset className="usecases__choices">
          <legend>{t('summarize.source')}</legend>
          {sources.map((option) => (
            <label key={option.value} className="usecases__choice">
              <input
                type="radio"
                name={`${ids}-source`}
                value={option.value}
                checked={source === option.value}
                onChange={() => {
                  setSource(option.value);
                  setProblem(null);
                }}
              />
              {option.label}
            </label>
          ))}
        </fieldset>

        {source === 'text' && (
          <TextArea
            label={t('summarize.text')}
            rows={10}
            value={text}
            onChange={(event) => setText(event.target.value)}
            description={t('summarize.count', { length: numbers.format(text.length), limit: numbers.format(SUMMARIZE_MAX_CHARACTERS) })}
            error={problem ?? undefined}
          />
        )}
        {source === 'file' && (
          <div className="usecases__field">
            <label htmlFor={`${ids}-file`}>{t('summarize.file')}</label>
            <p id={`${ids}-file-hint`} className="usecases__hint">
              {t('summarize.fileHint', { limit: numbers.format(maxMB) })}
            </p>
            <input
              id={`${ids}-file`}
              type="file"
              accept={UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',')}
              aria-describedby={`${ids}-file-hint${problem ? ` ${ids}-problem` : ''}`}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => chooseFile(event.target.files?.[0])}
            />
            {problem && (
              <p id={`${ids}-problem`} className="usecases__error">
                {problem}
              </p>
            )}
          </div>
        )}
        {source === 'document' && (
          <DocumentPicker
            id={ids}
            value={picked}
            onChange={(next) => {
              setPicked(next);
              setProblem(null);
            }}
            error={problem ?? undefined}
          />
        )}

        <div className="usecases__row">
          <Select
            label={t('summarize.length')}
            value={options.length}
            options={SUMMARY_LENGTHS.map((value) => ({ value, label: t(`summarize.lengths.${value}`) }))}
            onChange={(event) => setOptions({ ...options, length: summaryLengthSchema.parse(event.target.value) })}
          />
          <Select
            label={t('summarize.form')}
            value={options.form}
            options={SUMMARY_FORMS.map((value) => ({ value, label: t(`summarize.forms.${value}`) }))}
            onChange={(event) => setOptions({ ...options, form: summaryFormSchema.parse(event.target.value) })}
          />
          <Select
            label={t('language')}
            value={options.language}
            options={[
              { value: 'de', label: t('languages.de') },
              { value: 'en', label: t('languages.en') },
            ]}
            onChange={(event) => setOptions({ ...options, language: useCaseLanguageSchema.parse(event.target.value) })}
          />
        </div>
        <div className="usecases__actions">
          <Button type="submit" loading={running} disabled={running}>
            {t('summarize.submit')}
          </Button>
        </div>
      </form>
      {localFailure && <FailureAlert failure={localFailure} />}
      <StreamResult stream={stream} title={t('summarize.result')} lang={options.language} emptyText={t('summarize.emptyText')} canvasTitle={t('summarize.result')} rateAs={{ feature: 'summarize', question: asked }} />
    </section>
  );
}
