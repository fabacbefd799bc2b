import { NameDialog, type NameDialogOutcome } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import type { MutationResult } from '../hooks/use-collection-mutations';
import { COLLECTION_NAME_MAX_LENGTH, checkCollectionName } from '../model/collection-name';
import { NAMESPACE } from '../../../namespace';

export interface CollectionNameDialogProps {
  title: string;
  description?: string;
  submitLabel: string;
  /** The current name (rename); the field starts with it, selected. */
  initialName?: string;
  /** Sends the checked, trimmed name; the dialog stays open with the input when it fails. */
  onSubmit(name: string): Promise<MutationResult>;
  onClose(): void;
}

/** What a create or rename came to, for the dialog: a refused name at the field, the rest above the buttons. */
function nameOutcome(result: MutationResult): NameDialogOutcome {
  if (result.ok || result.gone) return { done: true };
  return result.failure.kind === 'invalid' ? { fieldError: result.failure.message } : { formError: result.failure.message };
}

/**
 * The dialog of "New collection" and "Rename": one name field checked with the contract's rule
 * (trimmed, 1 to 100 characters). Mount it when it opens, so every opening starts fresh.
 */
export function CollectionNameDialog({ title, description, submitLabel, initialName, onSubmit, onClose }: CollectionNameDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <NameDialog
      title={title}
      description={description}
      label={t('list.name.label')}
      submitLabel={submitLabel}
      cancelLabel={t('list.dialog.cancel')}
      closeLabel={t('list.dialog.close')}
      initialName={initialName}
      check={(value) => {
        const checked = checkCollectionName(value);
        return checked.ok ? { name: checked.name } : { error: t(`list.name.${checked.problem}`, { max: COLLECTION_NAME_MAX_LENGTH }) };
      }}
      onSubmit={async (name) => nameOutcome(await onSubmit(name))}
      onClose={onClose}
    />
  );
}
