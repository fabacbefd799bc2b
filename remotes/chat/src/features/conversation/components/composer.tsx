import { MESSAGE_MAX_CHARACTERS, type LanguageModel } from '@assistant/contracts';
import { Button, TextArea } from '@assistant/ui';
import { memo, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { isSendKey } from '../model/composer-keys';
import { ModelPicker } from './model-picker';

export interface ComposerProps {
  /** An answer is being written: Stop is offered, sending waits. */
  streaming: boolean;
  models: readonly LanguageModel[];
  model: string | undefined;
  onModelChange(model: string): void;
  think: boolean;
  onThinkChange(think: boolean): void;
  /** A question to send; the composer empties itself. */
  onSend(text: string): void;
  onStop(): void;
}

/**
 * The message field (Enter sends, Shift+Enter a new line, never while an input method composes),
 * Send / Stop, the model picker and the Think switch. It keeps its text to itself, so streamed
 * chunks do not re-render it and typing stays responsive.
 */
export const Composer = memo(function Composer({ streaming, models, model, onModelChange, think, onThinkChange, onSend, onStop }: ComposerProps) {
  const { t } = useTranslation(NAMESPACE);
  const [text, setText] = useState('');
  const composing = useRef(false);
  const hintId = useId();
  const canSend = !streaming && /\S/.test(text);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend(text.trim());
    setText('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey(event.nativeEvent, composing.current)) return;
    event.preventDefault();
    submit();
  };

  return (
    <form className="conversation__composer" onSubmit={submit} aria-label={t('conversation.composer.label')}>
      <TextArea
        label={t('conversation.composer.label')}
        hideLabel
        placeholder={t('conversation.composer.placeholder')}
        value={text}
        rows={3}
        maxLength={MESSAGE_MAX_CHARACTERS}
        aria-describedby={hintId}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onCompositionStart={() => (composing.current = true)}
        onCompositionEnd={() => (composing.current = false)}
        className="conversation__composer-field"
      />
      <p id={hintId} className="conversation__composer-hint">
        {t('conversation.composer.hint')}
      </p>
      <div className="conversation__composer-bar">
        <ModelPicker models={models} model={model} onModelChange={onModelChange} think={think} onThinkChange={onThinkChange} />
        <div className="conversation__composer-buttons">
          {streaming && (
            <Button variant="danger" onClick={onStop}>
              {t('conversation.composer.stop')}
            </Button>
          )}
          <Button type="submit" aria-disabled={!canSend || undefined}>
            {t('conversation.composer.send')}
          </Button>
        </div>
      </div>
    </form>
  );
});
