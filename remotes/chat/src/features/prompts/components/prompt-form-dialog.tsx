import { PROMPT_TEXT_MAX_LENGTH, PROMPT_TITLE_MAX_LENGTH, promptVariables, type Prompt, type PromptDefinition } from '@assistant/contracts';
import { errorMessageText, useLocale } from '@assistant/platform';
import { Button, Dialog, TextArea, TextField } from '@assistant/ui';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface PromptFormDialogProps {
  /** The prompt to change; none: a new one. */
  prompt?: Prompt;
  onClose(): void;
  /** Stores it (POST or PUT); a failure is shown above the buttons and what was typed stays. */
  onSave(definition: PromptDefinition): Promise<unknown>;
}

/**
 * Writing a prompt: a title and the text, with {{name}} where something changes each time (the
 * composer selects those for typing over). Checked here as the contract does (both required,
 * trimmed, within their limits) before anything is sent.
 */
export function PromptFormDialog({ prompt, onClose, onSave }: PromptFormDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const [title, setTitle] = useState(prompt?.title ?? '');
  const [text, setText] = useState(prompt?.text ?? '');
  const [errors, setErrors] = useState<{ title?: string; text?: string; form?: string }>({});
  const [saving, setSaving] = useState(false);
  const variables = promptVariables(text);
  const formId = `prompt-form-${prompt?.id ?? 'new'}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = { title: title.trim() ? undefined : t('prompts.form.required'), text: text.trim() ? undefined : t('prompts.form.required') };
    setErrors(found);
    if (found.title || found.text) {
      document.getElementById(found.title ? `${formId}-title` : `${formId}-text`)?.focus();
      return;
    }
    setSaving(true);
    try {
      await onSave({ title: title.trim(), text: text.trim() });
      onClose();
    } catch (error) {
      setErrors({ form: errorMessageText(error, language) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!saving}
      title={prompt ? t('prompts.form.editTitle', { title: prompt.title }) : t('prompts.form.newTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('prompts.form.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {t('prompts.form.save')}
          </Button>
        </>
      }
    >
      <form id={formId} className="prompt-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          id={`${formId}-title`}
          label={t('prompts.form.title')}
          required
          value={title}
          maxLength={PROMPT_TITLE_MAX_LENGTH}
          error={errors.title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <TextArea
          id={`${formId}-text`}
          label={t('prompts.form.text')}
          description={t('prompts.form.textHelp', { example: '{{name}}' })}
          required
          rows={8}
          showCount
          value={text}
          maxLength={PROMPT_TEXT_MAX_LENGTH}
          error={errors.text}
          onChange={(event) => setText(event.target.value)}
        />
        <p className="prompts-page__variables" aria-live="polite">
          {variables.length > 0 ? t('prompts.variables', { names: variables.map((name) => `{{${name}}}`).join(', ') }) : t('prompts.form.noVariables')}
        </p>
        {errors.form && (
          <p className="prompt-form__error" role="alert">
            {errors.form}
          </p>
        )}
      </form>
    </Dialog>
  );
}
