import { MESSAGE_MAX_CHARACTERS } from '@assistant/contracts';
import { useSendOnEnter } from '@assistant/platform';
import { Button, TextArea } from '@assistant/ui';
import { memo, useId, useLayoutEffect, useRef, type FormEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { PromptPicker, PromptVariablesHint, usePromptPicker } from '../../prompts';
import { VoiceInput } from '../../voice';
import { useComposerDraft } from '../hooks/use-composer-draft';

export interface ComposerProps {
  /** An answer is being written: Stop is offered, sending waits. */
  streaming: boolean;
  /** A question to send; the composer empties itself. */
  onSend(text: string): void;
  onStop(): void;
  /** Above the message field: the attachments and the picked collections (chips). */
  chips?: ReactNode;
  /** In the row under the text, at its left: the canvas, attach files, collections, tools, deep research. */
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
 * The message box, one rounded box as in the chat apps people know: the field, which grows with its
 * text (up to a limit, then it scrolls), and under it one row with the tools at the left and Send /
 * Stop at the right. Enter sends, Shift+Enter a new line, never while an input method composes. It
 * keeps its text to itself, so streamed chunks do not re-render it and typing stays responsive.
 * The model and Think are in the conversation's top bar.
 */
export const Composer = memo(function Composer(props: ComposerProps) {
  const { streaming, onSend, onStop, chips, tools, blockedReason, onBlocked, notice, placeholder, draftKey } = props;
  const { t } = useTranslation(NAMESPACE);
  const { text, setText, clear } = useComposerDraft(draftKey);
  const hintId = useId();
  const blockedId = useId();
  const noticeId = useId();
  const variablesId = useId();
  // "/" at the start picks a saved prompt (features/prompts); Tab then walks its {{variables}}.
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const picker = usePromptPicker(text, setText, fieldRef);
  useGrowWithText(fieldRef, text);
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
      <div className="conversation__composer-box">
        <TextArea
          label={t('conversation.composer.label')}
          hideLabel
          placeholder={placeholder ?? t('conversation.composer.placeholder')}
          value={text}
          rows={1}
          resizable={false}
          maxLength={MESSAGE_MAX_CHARACTERS}
          aria-describedby={describedBy}
          onChange={(event) => setText(event.target.value)}
          {...sendOnEnter}
          {...picker.field}
          ref={fieldRef}
          onKeyDown={onKeyDown}
          className="conversation__composer-field"
        />
        <div className="conversation__composer-row">
          <div className="conversation__composer-tools">{tools}</div>
          {/* Send's side of the row: what acts on the text itself goes before Stop and Send. */}
          <div className="conversation__composer-buttons">
            <VoiceInput field={fieldRef} onTextChange={setText} />
            {streaming && (
              <Button variant="danger" size="sm" onClick={onStop}>
                {t('conversation.composer.stop')}
              </Button>
            )}
            <Button type="submit" size="sm" aria-disabled={!canSend || undefined} aria-describedby={blockedReason !== undefined ? blockedId : undefined}>
              {t('conversation.composer.send')}
            </Button>
          </div>
        </div>
      </div>
      <PromptVariablesHint id={variablesId} variables={picker.variables} />
      {blockedReason !== undefined && (
        <p id={blockedId} className="conversation__composer-blocked">
          {blockedReason}
        </p>
      )}
      <p id={hintId} className="conversation__composer-hint">
        {t('conversation.composer.hint')}
      </p>
    </form>
  );
});

/**
 * Whether the browser sizes the field by its text itself (`field-sizing: content` in
 * conversation.css). Measuring it by script lays out the whole page on every key, which in a long
 * conversation costs more than the key itself.
 */
const SIZED_BY_CSS = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/** The field's height follows its text (one line when empty); the style sheet's max-height caps it, then it scrolls. */
function useGrowWithText(fieldRef: RefObject<HTMLTextAreaElement | null>, text: string): void {
  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (!field || SIZED_BY_CSS) return;
    field.style.height = 'auto';
    // scrollHeight leaves out the borders the border-box height includes.
    field.style.height = `${field.scrollHeight + field.offsetHeight - field.clientHeight}px`;
  }, [fieldRef, text]);
}
