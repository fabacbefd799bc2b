import { transcriptionConfigQuery } from '@assistant/endpoints';
import { errorMessageText, useLocale, useQuery } from '@assistant/platform';
import { Button, CloseIcon, IconButton, Spinner, VisuallyHidden, useAnnouncer } from '@assistant/ui';
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useVoiceRecorder } from '../hooks/use-voice-recorder';
import { insertAtCursor } from '../model/insert-at-cursor';
import { formatDuration } from '../model/recording-format';
import { MicrophoneIcon, StopSquareIcon } from './voice-icons';
import './voice.css';

export interface VoiceInputProps {
  /** The message box: the text goes in at its cursor, and the focus back into it. */
  field: RefObject<HTMLTextAreaElement | null>;
  /** Sets the message box's text. */
  onTextChange(text: string): void;
}

/**
 * The composer's microphone: records the question (a level meter, the elapsed time, Stop; Escape
 * or Cancel throws it away), has the configured transcription model write it down and puts the
 * text into the message box at the cursor, for editing; nothing is sent. Not shown when no
 * transcription model is configured.
 */
export function VoiceInput({ field, onTextChange }: VoiceInputProps) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useLocale();
  const config = useQuery(transcriptionConfigQuery());
  const [announcement, announce] = useAnnouncer();
  const micButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);

  const insert = useCallback(
    (text: string) => {
      const box = field.current;
      const value = box?.value ?? '';
      const next = insertAtCursor(value, box?.selectionStart ?? value.length, box?.selectionEnd ?? value.length, text);
      onTextChange(next.text);
      announce(t('voice.input.inserted'));
      // After the box shows the new text: the cursor after the dictated words, ready for editing.
      requestAnimationFrame(() => {
        box?.focus();
        box?.setSelectionRange(next.cursor, next.cursor);
      });
    },
    [field, onTextChange, announce, t],
  );
  const recorder = useVoiceRecorder({ maxBytes: config.data?.max_bytes, onText: insert });
  const { state, cancel } = recorder;
  const active = state.phase === 'starting' || state.phase === 'recording' || state.phase === 'transcribing';
  // Cancel's button goes away with the recording: the focus goes back to the microphone.
  const focusMicrophone = useRef(false);
  const discard = useCallback(() => {
    cancel();
    focusMicrophone.current = true;
    announce(t('voice.input.cancelled'));
  }, [cancel, announce, t]);
  useEffect(() => {
    if (state.phase !== 'idle' || !focusMicrophone.current) return;
    focusMicrophone.current = false;
    micButton.current?.focus();
  }, [state.phase]);

  // Escape anywhere throws the recording away; taken before the conversation's Escape (which stops an answer).
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      discard();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [active, discard]);

  const recording = state.phase === 'recording';
  useEffect(() => {
    if (recording) {
      stopButton.current?.focus();
      announce(t('voice.input.recordingStarted'));
    }
  }, [recording, announce, t]);

  if (config.data?.available !== true) return null;
  return (
    <div className="voice-input">
      {state.phase === 'recording' ? (
        <div className="voice-input__recording" role="group" aria-label={t('voice.input.recordingLabel')}>
          <span className="voice-input__dot" aria-hidden="true" />
          <span
            className="voice-input__meter"
            role="meter"
            aria-label={t('voice.input.level')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(state.level * 100)}
          >
            <span className="voice-input__meter-fill" style={{ transform: `scaleX(${Math.max(0.04, state.level)})` }} />
          </span>
          <span className="voice-input__time">
            <VisuallyHidden>{t('voice.input.elapsed')} </VisuallyHidden>
            {formatDuration(state.seconds)}
          </span>
          <Button ref={stopButton} size="sm" variant="secondary" onClick={recorder.stop}>
            <StopSquareIcon /> {t('voice.input.stop')}
          </Button>
          <IconButton size="sm" icon={<CloseIcon />} aria-label={t('voice.input.cancel')} onClick={discard} />
        </div>
      ) : state.phase === 'transcribing' ? (
        <div className="voice-input__recording" role="group" aria-label={t('voice.input.transcribingLabel')}>
          <Spinner size="sm" />
          <span className="voice-input__status">{t('voice.input.transcribing')}</span>
          <IconButton size="sm" icon={<CloseIcon />} aria-label={t('voice.input.cancel')} onClick={discard} />
        </div>
      ) : (
        <IconButton
          ref={micButton}
          size="sm"
          variant="ghost"
          icon={<MicrophoneIcon />}
          aria-label={t('voice.input.start')}
          loading={state.phase === 'starting'}
          onClick={() => void recorder.start()}
        />
      )}
      {state.phase === 'failed' && (
        <p className="voice-input__problem" role="alert">
          {state.problem === 'transcription' ? t('voice.problem.transcription', { reason: errorMessageText(state.error, locale) }) : t(`voice.problem.${state.problem}`)}{' '}
          <Button size="sm" variant="ghost" onClick={recorder.dismiss}>
            {t('voice.input.dismiss')}
          </Button>
        </p>
      )}
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </div>
  );
}
