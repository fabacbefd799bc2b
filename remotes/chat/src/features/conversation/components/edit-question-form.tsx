import { Button, TextArea } from '@assistant/ui';
import { MESSAGE_MAX_CHARACTERS } from '@assistant/contracts';
import { useSendOnEnter } from '@assistant/platform';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface EditQuestionFormProps {
  initialText: string;
  onSend(text: string): void;
  onCancel(): void;
}

/** The question in a textarea: Enter (or Send) asks the changed question, Escape cancels. */
export function EditQuestionForm({ initialText, onSend, onCancel }: EditQuestionFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const [text, setText] = useState(initialText);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (/\S/.test(text)) onSend(text);
  };
  const sendOnEnter = useSendOnEnter(submit);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Escape') return sendOnEnter.onKeyDown(event);
    event.preventDefault();
    onCancel();
  };
  return (
    <form className="conversation__edit" onSubmit={submit}>
      <TextArea
        label={t('conversation.edit.label')}
        hideLabel
        value={text}
        rows={3}
        maxLength={MESSAGE_MAX_CHARACTERS}
        autoFocus
        onChange={(event) => setText(event.target.value)}
        {...sendOnEnter}
        onKeyDown={onKeyDown}
      />
      <div className="conversation__edit-actions">
        <Button type="submit" size="sm">
          {t('conversation.edit.send')}
        </Button>
        <Button variant="secondary" size="sm" onClick={onCancel}>
          {t('conversation.edit.cancel')}
        </Button>
      </div>
    </form>
  );
}
