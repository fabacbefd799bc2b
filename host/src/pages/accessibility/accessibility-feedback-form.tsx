import { APP_VERSION, FEEDBACK_MESSAGE_MAX_LENGTH } from '@assistant/contracts';
import { notifyError, notifySuccess } from '@assistant/platform';
import { Button, TextArea, TextField } from '@assistant/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';
import { useSendAccessibilityFeedback } from './api/send-accessibility-feedback';

/**
 * Reports a barrier: POST /api/feedback/accessibility with the ui version (SPEC section 7), a
 * mutation in `./api`. The text stays in the form until the server has it, so nothing is lost when
 * sending fails.
 */
export function AccessibilityFeedbackForm() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const [message, setMessage] = useState('');
  const [page, setPage] = useState('');
  const [email, setEmail] = useState('');
  const [messageError, setMessageError] = useState<string>();
  const send = useSendAccessibilityFeedback();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!message.trim()) {
      setMessageError(t('ACCESSIBILITY.messageRequired'));
      return;
    }
    setMessageError(undefined);
    send.mutate(
      {
        message,
        ui_version: APP_VERSION,
        ...(page.trim() ? { page: page.trim() } : {}),
        ...(email.trim() ? { contact_email: email.trim() } : {}),
      },
      {
        onSuccess: () => {
          notifySuccess({ message: { key: 'ACCESSIBILITY.sent', ns: SHELL_NAMESPACE } });
          setMessage('');
          setPage('');
          setEmail('');
        },
        onError: (error) => {
          console.error('Sending accessibility feedback failed', error);
          notifyError(error);
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="shell-form">
      <TextArea
        label={t('ACCESSIBILITY.message')}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        maxLength={FEEDBACK_MESSAGE_MAX_LENGTH}
        showCount
        required
        rows={5}
        error={messageError}
      />
      <TextField
        label={t('ACCESSIBILITY.page')}
        description={t('ACCESSIBILITY.pageHint')}
        value={page}
        onChange={(event) => setPage(event.target.value)}
      />
      <TextField
        label={t('ACCESSIBILITY.email')}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" loading={send.isPending}>
        {t('ACCESSIBILITY.send')}
      </Button>
    </form>
  );
}
