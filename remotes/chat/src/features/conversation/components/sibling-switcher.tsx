import { IconButton } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface SiblingSwitcherProps {
  /** 0-based position among the siblings. */
  index: number;
  count: number;
  previousId: string | undefined;
  nextId: string | undefined;
  /** An answer is being written: switching waits. */
  busy: boolean;
  onSwitch(siblingId: string): void;
}

/**
 * "‹ 2 / 3 ›" between the versions of a message (regenerated answers, edited questions). The
 * buttons stay focusable at the ends (aria-disabled), so keyboard focus is never thrown away.
 */
export function SiblingSwitcher({ index, count, previousId, nextId, busy, onSwitch }: SiblingSwitcherProps) {
  const { t } = useTranslation(NAMESPACE);
  const go = (id: string | undefined) => {
    if (id !== undefined && !busy) onSwitch(id);
  };
  return (
    <div role="group" aria-label={t('conversation.siblings.position', { current: index + 1, count })} className="conversation__siblings">
      <IconButton
        size="sm"
        aria-label={t('conversation.siblings.previous')}
        aria-disabled={previousId === undefined || busy || undefined}
        icon={<span aria-hidden="true">‹</span>}
        onClick={() => go(previousId)}
      />
      <span aria-hidden="true" className="conversation__siblings-position">
        {index + 1} / {count}
      </span>
      <IconButton
        size="sm"
        aria-label={t('conversation.siblings.next')}
        aria-disabled={nextId === undefined || busy || undefined}
        icon={<span aria-hidden="true">›</span>}
        onClick={() => go(nextId)}
      />
    </div>
  );
}
