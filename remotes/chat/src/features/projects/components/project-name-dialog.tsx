import { PROJECT_NAME_MAX_LENGTH } from '@assistant/contracts';
import { errorMessageText, useLocale } from '@assistant/platform';
import { NameDialog, type NameDialogOutcome } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface ProjectNameDialogProps {
  /** Rename: the current name; absent: a new project. */
  initialName?: string;
  /** Sends the name; resolves with nothing when it worked, else it rejects (the dialog shows why). */
  onSubmit(name: string): Promise<unknown>;
  onClose(): void;
}

/** "New project" and "Rename project": the UI kit's name dialog with the project's name rule. */
export function ProjectNameDialog({ initialName, onSubmit, onClose }: ProjectNameDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const renaming = initialName !== undefined;
  const check = (value: string) => {
    const name = value.trim();
    if (name === '') return { error: t('projects.name.empty') };
    if (name.length > PROJECT_NAME_MAX_LENGTH) return { error: t('projects.name.tooLong', { max: PROJECT_NAME_MAX_LENGTH }) };
    return { name };
  };
  const submit = async (name: string): Promise<NameDialogOutcome> => {
    try {
      await onSubmit(name);
      return { done: true };
    } catch (error) {
      return { formError: errorMessageText(error, language) };
    }
  };
  return (
    <NameDialog
      title={renaming ? t('projects.rename.title') : t('projects.create.title')}
      description={renaming ? undefined : t('projects.create.description')}
      label={t('projects.name.label')}
      submitLabel={renaming ? t('projects.rename.submit') : t('projects.create.submit')}
      cancelLabel={t('projects.cancel')}
      initialName={initialName}
      check={check}
      onSubmit={submit}
      onClose={onClose}
    />
  );
}
