import { QA_QUESTION_MAX_CHARACTERS } from '@assistant/contracts';
import { useSendOnEnter } from '@assistant/platform';
import { Button, TextArea } from '@assistant/ui';
import { useId, useState, type FormEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface QuestionFormProps {
  /** An answer is being written: Stop is offered, asking waits. */
  streaming: boolean;
  /** Why nothing can be asked yet (no collection picked, no model), shown under the box; undefined: ready. */
  blockedReason: string | undefined;
  onAsk(question: string): void;
  onStop(): void;
  /** The question box itself ("New question" puts the focus there). */
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * The question box: Enter asks, Shift+Enter adds a line, nothing while an input method composes;
 * Ask, and Stop while an answer streams. It keeps its text to itself, so streamed chunks do not
 * re-render it.
 */
export function QuestionForm({ streaming, blockedReason, onAsk, onStop, ref }: QuestionFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const [text, setText] = useState('');
  const hintId = useId();
  const blockedId = useId();
  const canAsk = !streaming && blockedReason === undefined && /\S/.test(text);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canAsk) return;
    onAsk(text.trim());
    setText('');
  };
  const sendOnEnter = useSendOnEnter(submit);

  return (
    <form className="qa-question" onSubmit={submit} aria-label={t('ask.label')}>
      <TextArea
        ref={ref}
        label={t('ask.label')}
        hideLabel
        placeholder={t('ask.placeholder')}
        value={text}
        rows={3}
        maxLength={QA_QUESTION_MAX_CHARACTERS}
        aria-describedby={blockedReason ? `${blockedId} ${hintId}` : hintId}
        onChange={(event) => setText(event.target.value)}
        {...sendOnEnter}
        className="qa-question__field"
      />
      <div className="qa-question__bar">
        <div className="qa-question__hints">
          {blockedReason && (
            <p id={blockedId} className="qa-question__blocked">
              {blockedReason}
            </p>
          )}
          <p id={hintId} className="qa-question__hint">
            {t('ask.hint')}
          </p>
        </div>
        <div className="qa-question__buttons">
          {streaming && (
            <Button variant="danger" onClick={onStop}>
              {t('ask.stop')}
            </Button>
          )}
          <Button type="submit" aria-disabled={!canAsk || undefined}>
            {t('ask.submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}
