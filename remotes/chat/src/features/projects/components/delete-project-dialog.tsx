import type { Project, ProjectConversationFate } from '@assistant/contracts';
import { errorMessageText, useLocale } from '@assistant/platform';
import { Button, Dialog } from '@assistant/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface DeleteProjectDialogProps {
  project: Pick<Project, 'name'>;
  /** How many of the user's own conversations are in it (what the question is about). */
  conversationCount: number;
  /** Deletes it; rejects with why not (the dialog stays open and says so). */
  onConfirm(conversations: ProjectConversationFate): Promise<void>;
  onClose(): void;
}

/**
 * "Delete project?": asks what happens to the user's conversations in it (kept outside any project,
 * the default, or deleted with it) and says that its files and instructions go, and that
 * colleagues' own conversations stay theirs. Mount it when it opens.
 */
export function DeleteProjectDialog({ project, conversationCount, onConfirm, onClose }: DeleteProjectDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const name = useId();
  const [fate, setFate] = useState<ProjectConversationFate>('keep');
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string>();
  const confirm = async () => {
    setRunning(true);
    setError(undefined);
    try {
      await onConfirm(fate);
      onClose();
    } catch (failure) {
      setRunning(false);
      setError(t('projects.delete.failed', { reason: errorMessageText(failure, language) }));
    }
  };
  return (
    <Dialog
      open
      role="alertdialog"
      size="sm"
      title={t('projects.delete.title', { name: project.name })}
      description={t('projects.delete.message')}
      dismissible={!running}
      closeLabel={t('projects.close')}
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={running}>
            {t('projects.cancel')}
          </Button>
          <Button variant="danger" loading={running} onClick={() => void confirm()}>
            {t('projects.delete.confirm')}
          </Button>
        </>
      }
    >
      <fieldset className="project-delete__choices">
        <legend>{t('projects.delete.question', { count: conversationCount })}</legend>
        {(['keep', 'delete'] as const).map((choice) => (
          <label key={choice} className="project-delete__choice">
            <input type="radio" name={name} value={choice} checked={fate === choice} onChange={() => setFate(choice)} disabled={running} />
            {t(`projects.delete.${choice}`)}
          </label>
        ))}
      </fieldset>
      {error && (
        <p role="alert" className="ui-dialog__error">
          {error}
        </p>
      )}
    </Dialog>
  );
}
