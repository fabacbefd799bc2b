import { Button, TextArea } from '@assistant/ui';
import { MESSAGE_MAX_CHARACTERS } from '@assistant/contracts';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { isSendKey } from '../model/composer-keys';

export interface EditQuestionFormProps {
  initialText: string;
  onSend(text: string): void;
  onCancel(): void;
}

/** The question in a textarea: Enter (or Send) asks the changed question, Escape cancels. */
export function EditQuestionForm({ initialText, onSend, onCancel }: EditQuestionFormProps) {
  const { t } = useTranslation(NAMESPACE);
  const [text, setText] = useState(initialText);
  const composing = useRef(false);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (/\S/.test(text)) onSend(text);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (isSendKey(event.nativeEvent, composing.current)) {
      event.preventDefault();
      submit();
    }
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
        onKeyDown={onKeyDown}
        onCompositionStart={() => (composing.current = true)}
        onCompositionEnd={() => (composing.current = false)}
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
