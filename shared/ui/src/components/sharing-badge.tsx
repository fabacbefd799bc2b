import type { ItemSharing } from '@assistant/contracts';
import { useUiTexts } from '../core/ui-texts';
import { cx } from '../internal/cx';
import { Badge } from './badge';

/** Names shown in the badge before "+ n more". */
const SHOWN_NAMES = 2;

const TEXTS = {
  de: {
    sharedBy: (name: string) => `Geteilt von ${name}`,
    sharedWith: (names: string) => `Geteilt mit ${names}`,
    more: (count: number) => `und ${count} weiteren`,
    company: 'dem ganzen Unternehmen',
  },
  en: {
    sharedBy: (name: string) => `Shared by ${name}`,
    sharedWith: (names: string) => `Shared with ${names}`,
    more: (count: number) => `and ${count} more`,
    company: 'the whole company',
  },
};

export interface SharingBadgeProps {
  /** The item's `sharing` as its list gives it; nothing shows without it. */
  sharing: ItemSharing | null | undefined;
  className?: string;
}

/**
 * How an item in a list reaches the user: "Shared by Maria" (someone else's), "Shared with
 * Finance, Tom" (their own, shared), nothing for their own unshared item. The words follow the
 * language of the UiTextsProvider.
 */
export function SharingBadge({ sharing, className }: SharingBadgeProps) {
  const texts = TEXTS[useUiTexts().language];
  if (!sharing) return null;
  let text: string;
  if (sharing.access !== 'owner' && sharing.shared_by) {
    text = texts.sharedBy(sharing.shared_by.name);
  } else if (sharing.shared_with.length > 0) {
    const names = sharing.shared_with.map((target) => (target.type === 'company' ? texts.company : target.name));
    const shown = names.slice(0, SHOWN_NAMES).join(', ');
    const rest = names.length - SHOWN_NAMES;
    text = texts.sharedWith(rest > 0 ? `${shown} ${texts.more(rest)}` : shown);
  } else {
    return null;
  }
  return (
    <Badge variant="info" className={cx('ui-sharing-badge', className)}>
      {text}
    </Badge>
  );
}
