import { cx } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

/** The quick actions, in the order shown; texts under canvas.editor.actions.<name>. */
export const QUICK_ACTIONS = ['shorter', 'longer', 'simpler', 'formal', 'fix', 'english', 'german'] as const;
export type QuickAction = (typeof QUICK_ACTIONS)[number];

export interface QuickActionsProps {
  /** Called with the action's instruction for the model, in the interface language ("Make this shorter"). */
  onAction(instruction: string, action: QuickAction): void;
  /** A rewrite is running: the buttons do nothing (they keep focus, unlike `disabled`). */
  disabled?: boolean;
  /** The group's accessible name; "Quick actions" by default. */
  label?: string;
  className?: string;
}

/**
 * The quick rewrite actions (shorter, longer, simpler, more formal, fix spelling and grammar,
 * translate into English or German) as a group of buttons: in the selection toolbar, and for the
 * whole document in the canvas panel.
 */
export function QuickActions({ onAction, disabled = false, label, className }: QuickActionsProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div role="group" aria-label={label ?? t('canvas.editor.actions.label')} className={cx('canvas-quick-actions', className)}>
      {QUICK_ACTIONS.map((action) => (
        <button
          key={action}
          type="button"
          className="canvas-quick-actions__button"
          data-action={action}
          aria-disabled={disabled || undefined}
          title={t(`canvas.editor.actions.${action}.instruction`)}
          onClick={() => {
            if (!disabled) onAction(t(`canvas.editor.actions.${action}.instruction`), action);
          }}
        >
          {t(`canvas.editor.actions.${action}.label`)}
        </button>
      ))}
    </div>
  );
}
