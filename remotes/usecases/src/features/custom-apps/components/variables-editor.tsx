import { CUSTOM_APP_MAX_VARIABLES, CUSTOM_APP_VARIABLE_KINDS, type CustomAppVariableKind } from '@assistant/contracts';
import { Button, Checkbox, Select, TextArea, TextField } from '@assistant/ui';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { fieldMessage } from '../../result';
import { newVariable, type VariableDraft } from '../model/draft';

export interface VariablesEditorProps {
  variables: VariableDraft[];
  /** Messages by field key (`variables.0.name`, ...). */
  issues: Record<string, string[]>;
  /** Names the template uses that no variable declares. */
  undeclared: string[];
  onChange(variables: VariableDraft[]): void;
}

const join = (t: TFunction, messages: string[] | undefined) => (messages ? messages.map((message) => fieldMessage(t, message)).join(' ') : undefined);

/** The variables of an app: per variable its name, label, kind, whether it is required, and its kind's settings. */
export function VariablesEditor({ variables, issues, undeclared, onChange }: VariablesEditorProps) {
  const { t } = useTranslation(NAMESPACE);
  const update = (index: number, change: Partial<VariableDraft>) => onChange(variables.map((variable, at) => (at === index ? { ...variable, ...change } : variable)));
  const full = variables.length >= CUSTOM_APP_MAX_VARIABLES;

  return (
    <section className="usecases__variables" aria-labelledby="usecases-variables-heading">
      <h2 id="usecases-variables-heading" className="usecases__subheading">
        {t('editor.variables')}
      </h2>
      <p className="usecases__hint">{t('editor.variablesHint')}</p>
      {variables.map((variable, index) => {
        const at = (field: string) => join(t, issues[`variables.${index}.${field}`]);
        const number = index + 1;
        return (
          <fieldset key={variable.key} className="usecases__variable">
            <legend>{t('editor.variable', { number, name: variable.name || '…' })}</legend>
            <div className="usecases__row">
              <TextField label={t('editor.variableName', { number })} value={variable.name} onChange={(event) => update(index, { name: event.target.value })} error={at('name') ?? join(t, issues[`variables.${index}`])} description={t('editor.variableNameHint')} />
              <TextField label={t('editor.variableLabel', { number })} value={variable.label} onChange={(event) => update(index, { label: event.target.value })} error={at('label')} />
              <Select
                label={t('editor.variableKind', { number })}
                value={variable.kind}
                options={CUSTOM_APP_VARIABLE_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
                onChange={(event) => update(index, { kind: event.target.value as CustomAppVariableKind })}
              />
            </div>
            <Checkbox label={t('editor.variableRequired', { number })} checked={variable.required} onChange={(event) => update(index, { required: event.target.checked })} />
            {(variable.kind === 'short_text' || variable.kind === 'long_text') && (
              <TextField
                label={t('editor.variableMaxLength', { number })}
                type="number"
                inputMode="numeric"
                min={1}
                value={variable.maxLength}
                description={t(variable.kind === 'short_text' ? 'editor.maxLengthShort' : 'editor.maxLengthLong')}
                onChange={(event) => update(index, { maxLength: event.target.value })}
                error={at('max_length')}
              />
            )}
            {variable.kind === 'choice' && (
              <TextArea
                label={t('editor.variableOptions', { number })}
                rows={3}
                value={variable.options}
                description={t('editor.optionsHint')}
                onChange={(event) => update(index, { options: event.target.value })}
                error={at('options')}
              />
            )}
            {variable.kind === 'number' && (
              <div className="usecases__row">
                <TextField label={t('editor.variableMin', { number })} type="number" step="any" value={variable.min} onChange={(event) => update(index, { min: event.target.value })} error={at('min')} />
                <TextField label={t('editor.variableMax', { number })} type="number" step="any" value={variable.max} onChange={(event) => update(index, { max: event.target.value })} error={at('max')} />
              </div>
            )}
            <div className="usecases__actions">
              <Button variant="ghost" size="sm" onClick={() => onChange(variables.filter((_, at) => at !== index))}>
                {t('editor.removeVariable', { number })}
              </Button>
            </div>
          </fieldset>
        );
      })}
      <div className="usecases__actions">
        <Button variant="secondary" disabled={full} onClick={() => onChange([...variables, newVariable()])}>
          {t('editor.addVariable')}
        </Button>
        {undeclared.length > 0 && (
          <Button variant="secondary" disabled={full} onClick={() => onChange([...variables, ...undeclared.slice(0, CUSTOM_APP_MAX_VARIABLES - variables.length).map((name) => newVariable(name))])}>
            {t('editor.addFromTemplate', { names: undeclared.join(', ') })}
          </Button>
        )}
      </div>
    </section>
  );
}
