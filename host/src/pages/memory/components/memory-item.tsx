import { MEMORY_TEXT_MAX_LENGTH, memoryTextSchema, type Memory } from '@assistant/contracts';
import { formatShortDate } from '@assistant/platform';
import { Button, TextField } from '@assistant/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';

export interface MemoryItemProps {
  memory: Memory;
  /** Saves new text: resolves with nothing when it worked, with the reason it did not. */
  onSave(text: string): Promise<string | undefined>;
  onDelete(): void;
}

/**
 * One memory: its text with where and when it came from, Edit (inline: the text in a field, Save
 * and Cancel, Escape cancels) and Delete (asked first by the page).
 */
export function MemoryItem({ memory, onSave, onDelete }: MemoryItemProps) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const wasEditing = useRef(false);

  // Focus follows the edit: into the field when it opens, back to Edit when it closes.
  useEffect(() => {
    if (draft !== null && !wasEditing.current) field.current?.focus();
    if (draft === null && wasEditing.current) editButton.current?.focus();
    wasEditing.current = draft !== null;
  }, [draft]);

  const close = () => {
    setDraft(null);
    setError(undefined);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (draft === null || saving) return;
    const parsed = memoryTextSchema.safeParse(draft);
    if (!parsed.success) {
      setError(draft.trim() === '' ? t('MEMORY.empty') : t('MEMORY.tooLong', { max: MEMORY_TEXT_MAX_LENGTH }));
      return;
    }
    if (parsed.data === memory.text) return close();
    setSaving(true);
    const failure = await onSave(parsed.data);
    setSaving(false);
    if (failure) setError(failure);
    else close();
  };

  const date = formatShortDate(memory.created_at);
  return (
    <li className="memory-page__item">
      {draft === null ? (
        <>
          <div className="memory-page__item-text">
            <p>{memory.text}</p>
            <p className="memory-page__muted">{memory.source === 'chat' ? t('MEMORY.fromChat', { date }) : t('MEMORY.fromSettings', { date })}</p>
          </div>
          <div className="memory-page__item-actions">
            <Button ref={editButton} variant="ghost" size="sm" aria-label={t('MEMORY.editOf', { text: memory.text })} onClick={() => setDraft(memory.text)}>
              {t('MEMORY.edit')}
            </Button>
            <Button variant="ghost" size="sm" aria-label={t('MEMORY.deleteOf', { text: memory.text })} onClick={onDelete}>
              {t('MEMORY.delete')}
            </Button>
          </div>
        </>
      ) : (
        <form className="memory-page__edit" onSubmit={(event) => void save(event)} onKeyDown={(event) => event.key === 'Escape' && close()}>
          <TextField
            ref={field}
            label={t('MEMORY.editLabel')}
            value={draft}
            maxLength={MEMORY_TEXT_MAX_LENGTH}
            showCount
            error={error}
            onChange={(event) => {
              setDraft(event.target.value);
              setError(undefined);
            }}
          />
          <div className="memory-page__item-actions">
            <Button type="submit" size="sm" loading={saving}>
              {t('MEMORY.save')}
            </Button>
            <Button variant="secondary" size="sm" onClick={close}>
              {t('MEMORY.cancel')}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}
