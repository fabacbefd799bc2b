import { CANVAS_INSTRUCTION_MAX_LENGTH } from '@assistant/contracts';
import { Button } from '@assistant/ui';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { CanvasSelection } from '../editor/canvas-editor';
import { QuickActions } from '../editor/quick-actions';

export interface CanvasInstructionBarProps {
  busy: boolean;
  /** The editor's selection now (null: nothing selected, the whole document). */
  selection(): CanvasSelection | null;
  onInstruct(instruction: string, selection: CanvasSelection | null): void;
  onStop(): void;
}

/**
 * The instruction box below the document, like a chat composer: the quick actions and a free
 * instruction, for the selected passage, or for the whole document when nothing is selected; Stop
 * while the model rewrites.
 */
export function CanvasInstructionBar({ busy, selection, onInstruct, onStop }: CanvasInstructionBarProps) {
  const { t } = useTranslation(NAMESPACE);
  const [text, setText] = useState('');
  const [selected, setSelected] = useState(false);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const instruction = text.trim();
    if (busy || instruction === '') return;
    onInstruct(instruction, selection());
    setText('');
  };
  return (
    <form className="canvas-instruction" onSubmit={submit}>
      <QuickActions disabled={busy} label={t('canvas.instruction.quickActions')} onAction={(instruction) => onInstruct(instruction, selection())} />
      <div className="canvas-instruction__row">
        <label htmlFor={id} className="canvas-instruction__label">
          {t('canvas.instruction.label')}
        </label>
        <input
          id={id}
          className="canvas-instruction__input"
          value={text}
          maxLength={CANVAS_INSTRUCTION_MAX_LENGTH}
          placeholder={selected ? t('canvas.instruction.placeholderSelection') : t('canvas.instruction.placeholderDocument')}
          onFocus={() => setSelected(selection() !== null)}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
        />
        {busy ? (
          <Button type="button" variant="danger" size="sm" onClick={onStop}>
            {t('canvas.instruction.stop')}
          </Button>
        ) : (
          <Button type="submit" variant="primary" size="sm" aria-disabled={text.trim() === '' || undefined}>
            {t('canvas.instruction.send')}
          </Button>
        )}
      </div>
    </form>
  );
}
