import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

/**
 * Under the message box while its text still holds {{placeholders}} (an inserted prompt's): which
 * are left and that Tab selects the next. The field is described by it.
 */
export function PromptVariablesHint({ id, variables }: { id: string; variables: readonly string[] }) {
  const { t } = useTranslation(NAMESPACE);
  if (variables.length === 0) return null;
  return (
    <p id={id} className="prompt-variables">
      {t('prompts.composer.fill', { count: variables.length, names: variables.map((name) => `{{${name}}}`).join(', ') })}
    </p>
  );
}
