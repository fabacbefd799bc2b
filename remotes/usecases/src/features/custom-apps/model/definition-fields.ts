import type { CustomAppDefinition, CustomAppVariable } from '@assistant/contracts';
import type { TFunction } from 'i18next';

/** One part of an app's definition as text, for comparing two versions word by word. */
export interface DefinitionField {
  key: 'name' | 'icon' | 'description' | 'template' | 'variables';
  text: string;
}

/** A variable as one line: its placeholder, label, kind and rules, in the interface language. */
function variableLine(variable: CustomAppVariable, t: TFunction): string {
  const rules = [t(`kinds.${variable.kind}`), variable.required ? t('versions.required') : t('versions.optional')];
  if (variable.kind === 'short_text' || variable.kind === 'long_text') rules.push(t('versions.maxLength', { count: variable.max_length }));
  if (variable.kind === 'choice') rules.push(t('versions.options', { options: variable.options.join(', ') }));
  if (variable.kind === 'number' && variable.min !== undefined) rules.push(t('versions.min', { value: variable.min }));
  if (variable.kind === 'number' && variable.max !== undefined) rules.push(t('versions.max', { value: variable.max }));
  return `{{${variable.name}}} ${variable.label}: ${rules.join(', ')}`;
}

/** The parts of a definition as texts, in the editor's order (variables one a line). */
export function definitionFields(definition: CustomAppDefinition, t: TFunction): DefinitionField[] {
  return [
    { key: 'name', text: definition.name },
    { key: 'icon', text: t(`icons.${definition.icon}`) },
    { key: 'description', text: definition.description },
    { key: 'template', text: definition.template },
    { key: 'variables', text: definition.variables.map((variable) => variableLine(variable, t)).join('\n') },
  ];
}

/**
 * The parts that differ between two versions (`before` undefined: the first version, every
 * non-empty part counts as new), each with its text before and after.
 */
export function changedFields(before: CustomAppDefinition | undefined, after: CustomAppDefinition, t: TFunction) {
  const old = before ? definitionFields(before, t) : [];
  return definitionFields(after, t)
    .map((field, index) => ({ key: field.key, before: old[index]?.text ?? '', after: field.text }))
    .filter((field) => field.before !== field.after);
}
