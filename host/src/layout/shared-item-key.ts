import type { SharedWithMeItem } from '@assistant/contracts';

/** One key per shared item, to remember which were new when the list was opened. */
export const sharedItemKey = (item: Pick<SharedWithMeItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;
