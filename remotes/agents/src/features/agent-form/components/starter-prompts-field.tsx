import { AGENT_MAX_STARTER_PROMPTS, AGENT_STARTER_PROMPT_MAX_LENGTH } from '@assistant/contracts';
import { Button, PlusIcon, TextField } from '@assistant/ui';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { promptEntry, type FieldErrors, type StarterPromptEntry } from '../model/agent-form-values';
import { FieldGroup } from './field-group';

export interface StarterPromptsFieldProps {
  id: string;
  prompts: StarterPromptEntry[];
  errors: FieldErrors;
  onChange(prompts: StarterPromptEntry[]): void;
  announce(text: string): void;
}

/** The id of one starter prompt's input (the form focuses it when it has an error). */
export const promptInputId = (groupId: string, key: string) => `${groupId}-${key}`;

/**
 * The starter prompts as an ordered list: each an input with "move up", "move down" and "remove"
 * (named with its position), and "Add starter prompt" up to the contract's limit. Focus follows
 * the change: a new prompt's input, the moved prompt's button, after a removal the next input
 * (or "Add").
 */
export function StarterPromptsField({ id, prompts, errors, onChange, announce }: StarterPromptsFieldProps) {
  const { t } = useTranslation(NAMESPACE);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<string | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    if (target === 'add') addRef.current?.focus();
    else document.getElementById(target)?.focus();
  });

  const full = prompts.length >= AGENT_MAX_STARTER_PROMPTS;
  const add = () => {
    const entry = promptEntry();
    focusNext.current = promptInputId(id, entry.key);
    onChange([...prompts, entry]);
  };
  const remove = (index: number) => {
    const next = prompts.filter((_, at) => at !== index);
    const neighbour = next[index] ?? next[index - 1];
    focusNext.current = neighbour ? promptInputId(id, neighbour.key) : 'add';
    onChange(next);
    announce(t('form.starterPrompts.removed', { position: index + 1 }));
  };
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    const next = [...prompts];
    [next[index], next[target]] = [next[target]!, next[index]!];
    // The button the user pressed may vanish at the end of the list: the other one of the same prompt then.
    const stillThere = by === -1 ? target > 0 : target < prompts.length - 1;
    focusNext.current = `${promptInputId(id, prompts[index]!.key)}-${(by === -1) === stillThere ? 'up' : 'down'}`;
    onChange(next);
    announce(t('form.starterPrompts.moved', { position: target + 1 }));
  };

  return (
    <FieldGroup
      id={id}
      legend={t('form.starterPrompts.legend')}
      description={t('form.starterPrompts.description', { max: AGENT_MAX_STARTER_PROMPTS })}
      error={errors.starter_prompts}
    >
      {prompts.length > 0 && (
        <ol className="agent-prompts">
          {prompts.map((entry, index) => {
            const inputId = promptInputId(id, entry.key);
            const position = index + 1;
            return (
              <li key={entry.key} className="agent-prompts__row">
                <TextField
                  id={inputId}
                  label={t('form.starterPrompts.label', { position })}
                  value={entry.text}
                  maxLength={AGENT_STARTER_PROMPT_MAX_LENGTH}
                  error={errors[`starter_prompts.${index}`]}
                  autoComplete="off"
                  className="agent-prompts__input"
                  onChange={(event) => onChange(prompts.map((other) => (other.key === entry.key ? { ...other, text: event.target.value } : other)))}
                />
                <div className="agent-prompts__actions">
                  {index > 0 && (
                    <Button id={`${inputId}-up`} variant="ghost" size="sm" onClick={() => move(index, -1)} aria-label={t('form.starterPrompts.moveUp', { position })}>
                      <span aria-hidden="true">↑</span>
                    </Button>
                  )}
                  {index < prompts.length - 1 && (
                    <Button id={`${inputId}-down`} variant="ghost" size="sm" onClick={() => move(index, 1)} aria-label={t('form.starterPrompts.moveDown', { position })}>
                      <span aria-hidden="true">↓</span>
                    </Button>
                  )}
                  <Button variant="ghost" size="sm" onClick={() => remove(index)} aria-label={t('form.starterPrompts.remove', { position })}>
                    {t('form.starterPrompts.removeShort')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <Button ref={addRef} variant="secondary" size="sm" icon={<PlusIcon />} onClick={add} disabled={full} aria-describedby={full ? `${id}-full` : undefined}>
        {t('form.starterPrompts.add')}
      </Button>
      {full && (
        <p id={`${id}-full`} className="ui-field__description">
          {t('form.starterPrompts.full', { max: AGENT_MAX_STARTER_PROMPTS })}
        </p>
      )}
    </FieldGroup>
  );
}
