import { toWebVtt, transcriptionAudioTypeNames, type Transcription } from '@assistant/contracts';
import { transcriptionConfigQuery } from '@assistant/endpoints';
import { RequestAbortedError, type UploadProgress, useDocumentTitle, useQuery } from '@assistant/platform';
import { Button, EmptyState, ErrorState, Loading, PageHeader } from '@assistant/ui';
import { useAnnouncer } from '@assistant/ui';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import { FailureAlert } from '../features/result/components/failure-alert';
import { ResultRating } from '../features/result/components/result-rating';
import { failureFromError, type UseCaseFailure } from '../features/result/model/failure';
import { transcribeAudio } from '../features/transcribe/api/transcribe-audio';
import { audioFileProblem, downloadName, downloadText, formatTimestamp } from '../features/transcribe/model/audio-check';
import '../usecases.css';

/**
 * /usecases/transcribe: an audio file goes to the configured speech model; the text comes back
 * with timestamps, offered as .txt and .vtt. Without a transcription model (GET
 * /api/transcriptions/config `available: false`) the page says so and how an administrator
 * turns it on, instead of a form that cannot work.
 */
export default function TranscribePage() {
  const { t, i18n } = useTranslation(NAMESPACE);
  useDocumentTitle(t('transcribe.title'));
  const config = useQuery(transcriptionConfigQuery());
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<UseCaseFailure | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ name: string; transcription: Transcription } | null>(null);
  const [announcement, announce] = useAnnouncer();
  const controllerRef = useRef<AbortController | null>(null);
  const ids = useId();
  const numbers = new Intl.NumberFormat(i18n.language);

  if (config.isPending) return <Loading label={t('loading')} />;
  if (config.isError)
    return (
      <section className="usecases">
        <PageHeader title={t('transcribe.title')} />
        <ErrorState title={t('transcribe.configFailed')} onRetry={() => void config.refetch()} retryLabel={t('retry')} />
      </section>
    );
  const settings = config.data;
  if (!settings.available) {
    return (
      <section className="usecases">
        <PageHeader title={t('transcribe.title')} description={t('transcribe.intro')} />
        <EmptyState headingLevel={2} title={t('transcribe.unavailableTitle')} text={t('transcribe.unavailableText')} />
        <details className="usecases__admin">
          <summary>{t('transcribe.adminSummary')}</summary>
          <p>{t('transcribe.adminText')}</p>
        </details>
      </section>
    );
  }
  const limitMB = Math.round((settings.max_bytes / 1024 / 1024) * 10) / 10;
  const types = transcriptionAudioTypeNames().replace(' or ', i18n.language === 'de' ? ' oder ' : ' or ');

  const choose = (chosen: File | undefined) => {
    setProblem(null);
    if (!chosen) return setFile(null);
    const wrong = audioFileProblem(chosen, settings);
    if (wrong === 'unsupported-type') {
      setFile(null);
      setProblem({ kind: 'unsupported-type', detail: t('transcribe.types', { types }) });
    } else if (wrong === 'too-large') {
      setFile(null);
      setProblem({ kind: 'too-large', limit: { value: settings.max_bytes, unit: 'bytes' } });
    } else {
      setFile(chosen);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running) return;
    if (!file) {
      setProblem({ kind: 'invalid', detail: t('transcribe.fileMissing') });
      return;
    }
    const controller = new AbortController();
    controllerRef.current = controller;
    setRunning(true);
    setProblem(null);
    setResult(null);
    setProgress(null);
    announce(t('transcribe.uploading'));
    try {
      const transcription = await transcribeAudio(file, { signal: controller.signal, onProgress: setProgress });
      setResult({ name: file.name, transcription });
      announce(t('transcribe.done'));
    } catch (error) {
      if (error instanceof RequestAbortedError) {
        announce(t('transcribe.cancelled'));
      } else {
        setProblem(failureFromError(error));
        announce(t('result.failed'));
      }
    } finally {
      controllerRef.current = null;
      setRunning(false);
    }
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const segments = result?.transcription.segments.filter((segment) => segment.text.trim() !== '') ?? [];

  return (
    <section className="usecases">
      <PageHeader title={t('transcribe.title')} description={t('transcribe.intro')} />
      <form className="usecases__form" onSubmit={(event) => void submit(event)} aria-label={t('transcribe.title')} noValidate>
        <div className="usecases__field">
          <label htmlFor={`${ids}-file`}>{t('transcribe.file')}</label>
          <p id={`${ids}-hint`} className="usecases__hint">
            {t('transcribe.hint', { types, limit: numbers.format(limitMB) })}
          </p>
          <input
            id={`${ids}-file`}
            type="file"
            accept={[...settings.accepted_types, ...settings.accepted_extensions.map((extension) => `.${extension}`)].join(',')}
            aria-describedby={`${ids}-hint${problem ? ` ${ids}-problem` : ''}`}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => choose(event.target.files?.[0])}
            disabled={running}
          />
        </div>
        <div id={`${ids}-problem`}>{problem && <FailureAlert failure={problem} />}</div>
        <div className="usecases__actions">
          <Button type="submit" loading={running} disabled={running}>
            {t('transcribe.submit')}
          </Button>
          {running && (
            <Button variant="secondary" onClick={() => controllerRef.current?.abort('cancelled by the user')}>
              {t('transcribe.cancel')}
            </Button>
          )}
        </div>
        {running && (
          <div className="usecases__field">
            <label htmlFor={`${ids}-progress`}>{percent < 100 ? t('transcribe.uploading') : t('transcribe.transcribing')}</label>
            <progress id={`${ids}-progress`} max={100} value={percent}>
              {percent} %
            </progress>
          </div>
        )}
      </form>

      {result && (
        <section className="usecases__result" aria-labelledby={`${ids}-result`}>
          <div className="usecases__result-header">
            <h2 id={`${ids}-result`}>{t('transcribe.result')}</h2>
            <div className="usecases__actions">
              <Button variant="secondary" size="sm" onClick={() => downloadText(result.transcription.text, downloadName(result.name, 'txt'), 'text/plain;charset=utf-8')}>
                {t('transcribe.downloadTxt')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={segments.length === 0}
                onClick={() => downloadText(toWebVtt(result.transcription.segments), downloadName(result.name, 'vtt'), 'text/vtt;charset=utf-8')}
              >
                {t('transcribe.downloadVtt')}
              </Button>
            </div>
          </div>
          {segments.length > 0 ? (
            <ol className="usecases__segments" aria-label={t('transcribe.segments')}>
              {segments.map((segment, index) => (
                <li key={index}>
                  <span className="usecases__time">
                    <time>{formatTimestamp(segment.start)}</time>–<time>{formatTimestamp(segment.end)}</time>
                  </span>
                  <span lang={result.transcription.language.length === 2 ? result.transcription.language : undefined}>{segment.text.trim()}</span>
                </li>
              ))}
            </ol>
          ) : (
            <p className="usecases__output">{result.transcription.text || t('transcribe.nothingHeard')}</p>
          )}
          {result.transcription.text !== '' && <ResultRating feature="transcription" question={result.name} answer={result.transcription.text} />}
        </section>
      )}
      <p className="ui-visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
