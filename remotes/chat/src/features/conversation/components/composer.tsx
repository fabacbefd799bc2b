import { MESSAGE_MAX_CHARACTERS, type LanguageModel } from '@assistant/contracts';
import { useSendOnEnter } from '@assistant/platform';
import { Button, TextArea } from '@assistant/ui';
import { memo, useId, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { PromptPicker, PromptVariablesHint, usePromptPicker } from '../../prompts';
import { VoiceInput } from '../../voice';
import { useComposerDraft } from '../hooks/use-composer-draft';
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
  /** Above the message field: the attachments and the picked collections (chips). */
  chips?: ReactNode;
  /** Beside the model picker: attach files, pick collections. */
  tools?: ReactNode;
  /** Why a question cannot be sent now (attachments still on their way or failed); shown, and Send waits. */
  blockedReason?: string;
  /** Send was asked for while blocked (the view announces the reason). */
  onBlocked?(reason: string): void;
  /** What the next message does when it is not an ordinary question (a deep research, the reply to its question). */
  notice?: string;
  /** The field's placeholder instead of the usual one (the reply to a research question). */
  placeholder?: string;
  /**
   * Names the conversation whose draft this is: the text typed is kept in sessionStorage under it
   * and survives a sign-in round trip or a reload (use-composer-draft). None: memory only.
   */
  draftKey?: string;
}

/**
 * The message field (Enter sends, Shift+Enter a new line, never while an input method composes),
 * Send / Stop, the model picker and the Think switch. It keeps its text to itself, so streamed
 * chunks do not re-render it and typing stays responsive.
 */
export const Composer = memo(function Composer(props: ComposerProps) {
  const { streaming, models, model, onModelChange, think, onThinkChange, onSend, onStop, chips, tools, blockedReason, onBlocked, notice, placeholder, draftKey } = props;
  const { t } = useTranslation(NAMESPACE);
  const { text, setText, clear } = useComposerDraft(draftKey);
  const hintId = useId();
  const blockedId = useId();
  const noticeId = useId();
  const variablesId = useId();
  // "/" at the start picks a saved prompt (features/prompts); Tab then walks its {{variables}}.
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const picker = usePromptPicker(text, setText, fieldRef);
  const canSend = !streaming && /\S/.test(text) && blockedReason === undefined;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (blockedReason !== undefined && !streaming && /\S/.test(text)) onBlocked?.(blockedReason);
    if (!canSend) return;
    onSend(text.trim());
    clear();
  };
  const sendOnEnter = useSendOnEnter(submit);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!picker.onKeyDown(event)) sendOnEnter.onKeyDown(event);
  };
  const describedBy = [notice !== undefined && noticeId, hintId, picker.variables.length > 0 && variablesId].filter(Boolean).join(' ');

  return (
    <form className="conversation__composer" onSubmit={submit} aria-label={t('conversation.composer.label')}>
      {chips}
      <PromptPicker picker={picker} />
      {notice !== undefined && (
        <p id={noticeId} className="conversation__composer-notice">
          {notice}
        </p>
      )}
      <TextArea
        label={t('conversation.composer.label')}
        hideLabel
        placeholder={placeholder ?? t('conversation.composer.placeholder')}
        value={text}
        rows={3}
        maxLength={MESSAGE_MAX_CHARACTERS}
        aria-describedby={describedBy}
        onChange={(event) => setText(event.target.value)}
        {...sendOnEnter}
        {...picker.field}
        ref={fieldRef}
        onKeyDown={onKeyDown}
        className="conversation__composer-field"
      />
      <PromptVariablesHint id={variablesId} variables={picker.variables} />
      <div className="conversation__composer-row">
        <VoiceInput field={fieldRef} onTextChange={setText} />
        {tools && <div className="conversation__composer-tools">{tools}</div>}
        <p id={hintId} className="conversation__composer-hint">
          {t('conversation.composer.hint')}
        </p>
      </div>
      {blockedReason !== undefined && (
        <p id={blockedId} className="conversation__composer-blocked">
          {blockedReason}
        </p>
      )}
      <div className="conversation__composer-bar">
        <ModelPicker models={models} model={model} onModelChange={onModelChange} think={think} onThinkChange={onThinkChange} />
        <div className="conversation__composer-buttons">
          {streaming && (
            <Button variant="danger" onClick={onStop}>
              {t('conversation.composer.stop')}
            </Button>
          )}
          <Button type="submit" aria-disabled={!canSend || undefined} aria-describedby={blockedReason !== undefined ? blockedId : undefined}>
            {t('conversation.composer.send')}
          </Button>
        </div>
      </div>
    </form>
  );
});
