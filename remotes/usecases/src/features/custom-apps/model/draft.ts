import {
  APP_ICONS,
  createCustomAppRequestSchema,
  templateVariableNames,
  VARIABLE_NAME_PATTERN,
  type AppIcon,
  type CreateCustomAppRequestInput,
  type CustomApp,
  type CustomAppVariable,
  type CustomAppVariableInput,
  type CustomAppVariableKind,
} from '@assistant/contracts';

/** A variable as the editor holds it: every input as the text typed (numbers and options parsed on save). */
export interface VariableDraft {
  /** Stable React key (a variable's name may change while typing). */
  key: string;
  kind: CustomAppVariableKind;
  name: string;
  label: string;
  required: boolean;
  maxLength: string;
  /** One option a line. */
  options: string;
  min: string;
  max: string;
}

export interface AppDraft {
  name: string;
  icon: AppIcon;
  description: string;
  template: string;
  variables: VariableDraft[];
}

let nextKey = 0;
const newKey = () => `variable-${(nextKey += 1)}`;

export const emptyDraft = (): AppDraft => ({ name: '', icon: APP_ICONS[0], description: '', template: '', variables: [] });

export function newVariable(name = ''): VariableDraft {
  return { key: newKey(), kind: 'short_text', name, label: name.replace(/_/g, ' '), required: true, maxLength: '', options: '', min: '', max: '' };
}

export function draftOf(app: CustomApp): AppDraft {
  return {
    name: app.name,
    icon: app.icon,
    description: app.description,
    template: app.template,
    variables: app.variables.map((variable) => ({
      ...newVariable(variable.name),
      kind: variable.kind,
      label: variable.label,
      required: variable.required,
      maxLength: 'max_length' in variable ? String(variable.max_length) : '',
      options: variable.kind === 'choice' ? variable.options.join('\n') : '',
      min: variable.kind === 'number' && variable.min !== undefined ? String(variable.min) : '',
      max: variable.kind === 'number' && variable.max !== undefined ? String(variable.max) : '',
    })),
  };
}

/** A number field's text: empty is absent, anything else as a number (NaN is refused by the contract). */
const numberOrAbsent = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

function variableInput(variable: VariableDraft): CustomAppVariableInput {
  const base = { name: variable.name.trim(), label: variable.label, required: variable.required };
  switch (variable.kind) {
    case 'short_text':
    case 'long_text':
      return { ...base, kind: variable.kind, max_length: numberOrAbsent(variable.maxLength) };
    case 'choice':
      return { ...base, kind: 'choice', options: variable.options.split('\n').map((line) => line.trim()).filter((line) => line !== '') };
    case 'number':
      return { ...base, kind: 'number', min: numberOrAbsent(variable.min), max: numberOrAbsent(variable.max) };
    case 'date':
      return { ...base, kind: 'date' };
  }
}

/** The definition to send (POST, or PUT with a version). */
export function definitionOf(draft: AppDraft): CreateCustomAppRequestInput {
  return { name: draft.name, icon: draft.icon, description: draft.description, template: draft.template, variables: draft.variables.map(variableInput) };
}

/**
 * The draft checked with the contracts' schema (the server's check): messages by field key
 * (`name`, `template`, `variables.0.options`, ...; a variable's inner paths end at the field).
 */
export function draftIssues(draft: AppDraft): Record<string, string[]> {
  const result = createCustomAppRequestSchema.safeParse(definitionOf(draft));
  if (result.success) return {};
  const issues: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String);
    const key = path[0] === 'variables' && path.length >= 3 ? path.slice(0, 3).join('.') : path.slice(0, path[0] === 'variables' ? 2 : 1).join('.');
    (issues[key] ??= []).push(issue.message);
  }
  return issues;
}

/** Names the template uses that no variable declares yet. */
export function undeclaredNames(draft: AppDraft): string[] {
  const declared = new Set(draft.variables.map((variable) => variable.name.trim()));
  return templateVariableNames(draft.template).filter((name) => !declared.has(name));
}

/** The variables the preview can show: valid, distinct names, parsed as far as they go. */
export function previewVariables(draft: AppDraft): CustomAppVariable[] {
  const seen = new Set<string>();
  const variables: CustomAppVariable[] = [];
  for (const variable of draft.variables) {
    const name = variable.name.trim();
    if (!VARIABLE_NAME_PATTERN.test(name) || seen.has(name)) continue;
    seen.add(name);
    const input = variableInput(variable);
    const label = variable.label.trim() || name;
    if (input.kind === 'choice') variables.push({ ...input, name, label, required: variable.required, options: input.options });
    else if (input.kind === 'number') variables.push({ name, label, required: variable.required, kind: 'number', min: Number.isFinite(input.min) ? input.min : undefined, max: Number.isFinite(input.max) ? input.max : undefined });
    else if (input.kind === 'date') variables.push({ name, label, required: variable.required, kind: 'date' });
    else variables.push({ name, label, required: variable.required, kind: input.kind, max_length: Number.isFinite(input.max_length) && input.max_length ? input.max_length : input.kind === 'short_text' ? 500 : 20_000 });
  }
  return variables;
}
