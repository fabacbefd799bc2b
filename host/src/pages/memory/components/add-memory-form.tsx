import { MEMORY_TEXT_MAX_LENGTH, memoryTextSchema } from '@assistant/contracts';
import { Button, TextField } from '@assistant/ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';

export interface AddMemoryFormProps {
  /** Whether the memory holds the most it may (the field stays, the button explains). */
  full: boolean;
  /** Adds it: resolves with nothing when it worked, with the reason it did not. */
  onAdd(text: string): Promise<string | undefined>;
}

/** A field and "Remember": checked with the contract's rule before anything is sent. */
export function AddMemoryForm({ full, onAdd }: AddMemoryFormProps) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const hintId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (adding) return;
    const parsed = memoryTextSchema.safeParse(text);
    if (!parsed.success) {
      setError(text.trim() === '' ? t('MEMORY.empty') : t('MEMORY.tooLong', { max: MEMORY_TEXT_MAX_LENGTH }));
      return;
    }
    setAdding(true);
    const failure = await onAdd(parsed.data);
    setAdding(false);
    if (failure) return setError(failure);
    setText('');
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {/* The hint under the row, so the button lines up with the field. */}
      <div className="memory-page__add">
        <TextField
          label={t('MEMORY.addLabel')}
          aria-describedby={hintId}
          value={text}
          maxLength={MEMORY_TEXT_MAX_LENGTH}
          error={error}
          disabled={full}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
        />
        <Button type="submit" loading={adding} disabled={full}>
          {t('MEMORY.add')}
        </Button>
      </div>
      <p id={hintId} className="memory-page__muted memory-page__hint">
        {t('MEMORY.addHint')}
      </p>
    </form>
  );
}
