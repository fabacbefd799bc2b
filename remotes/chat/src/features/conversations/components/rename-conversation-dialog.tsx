import { CONVERSATION_NAME_MAX_LENGTH, conversationNameSchema, type Conversation } from '@assistant/contracts';
import { Button, Dialog, TextField } from '@assistant/ui';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { MutationResult } from '../hooks/use-conversation-mutations';
import type { ConversationFailure } from '../model/describe-conversation-error';

export interface RenameConversationDialogProps {
  conversation: Conversation;
  /** Sends the checked, trimmed name; the dialog stays open with the input when it fails. */
  onSubmit(name: string): Promise<MutationResult>;
  onClose(): void;
}

/**
 * "Rename conversation": one name field, starting with the current name selected, checked with
 * the contract's rule (trimmed, 1 to 200 characters) on submit and then while typing. A refused
 * name shows the server's message at the field, other failures above the buttons. Mount it when
 * it opens.
 */
export function RenameConversationDialog({ conversation, onSubmit, onClose }: RenameConversationDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const formId = `chat-rename${useId().replace(/:/g, '')}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const mounted = useRef(true);
  const [value, setValue] = useState(conversation.name);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<ConversationFailure | undefined>(undefined);

  useEffect(() => {
    mounted.current = true;
    inputRef.current?.select();
    return () => {
      mounted.current = false;
    };
  }, []);

  const check = conversationNameSchema.safeParse(value);
  let fieldError: string | undefined;
  if (submitted && !check.success) {
    fieldError = value.trim() === '' ? t('conversations.rename.empty') : t('conversations.rename.tooLong', { max: CONVERSATION_NAME_MAX_LENGTH });
  } else if (failure?.kind === 'invalid') fieldError = failure.message;
  const formError = failure && failure.kind !== 'invalid' ? failure.message : undefined;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    setValue(event.target.value);
    if (failure?.kind === 'invalid') setFailure(undefined);
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    if (!check.success) {
      inputRef.current?.focus();
      return;
    }
    if (check.data === conversation.name) {
      onClose();
      return;
    }
    setSaving(true);
    setFailure(undefined);
    const result = await onSubmit(check.data);
    if (!mounted.current) return;
    if (result.ok || result.gone) {
      onClose();
      return;
    }
    setSaving(false);
    setFailure(result.failure);
    inputRef.current?.focus();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('conversations.rename.title')}
      dismissible={!saving}
      closeLabel={t('conversations.dialog.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('conversations.dialog.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {t('conversations.rename.submit')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void handleSubmit(event)}>
        <TextField
          ref={inputRef}
          label={t('conversations.rename.label')}
          name="name"
          autoComplete="off"
          required
          value={value}
          onChange={handleChange}
          error={fieldError}
        />
        {formError && (
          <p role="alert" className="chat-conversations__dialog-error">
            {formError}
          </p>
        )}
      </form>
    </Dialog>
  );
}
