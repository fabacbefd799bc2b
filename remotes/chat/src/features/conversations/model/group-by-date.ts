import type { Conversation } from '@assistant/contracts';

/** The date groups of the list, newest first. */
export const DATE_GROUPS = ['today', 'yesterday', 'previous7Days', 'older'] as const;
export type DateGroup = (typeof DATE_GROUPS)[number];

export interface ConversationGroup {
  group: DateGroup;
  conversations: Conversation[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight of the day `time` falls on, in the browser's time zone. */
function startOfDay(time: Date): number {
  return new Date(time.getFullYear(), time.getMonth(), time.getDate()).getTime();
}

/** Which group a last change at `updatedAt` belongs to, seen from `now` (calendar days, local time). */
export function dateGroupOf(updatedAt: string, now: Date): DateGroup {
  const today = startOfDay(now);
  const day = startOfDay(new Date(updatedAt));
  // Rounded: a day with a daylight-saving change is 23 or 25 hours long.
  const daysAgo = Math.round((today - day) / DAY_MS);
  if (daysAgo <= 0) return 'today';
  if (daysAgo === 1) return 'yesterday';
  if (daysAgo <= 7) return 'previous7Days';
  return 'older';
}

/**
 * The conversations in the groups Today, Yesterday, Previous 7 days and Older by their last
 * change, most recent first inside each group; empty groups left out.
 */
export function groupByDate(conversations: Conversation[], now: Date): ConversationGroup[] {
  const sorted = [...conversations].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
  return DATE_GROUPS.map((group) => ({ group, conversations: sorted.filter((c) => dateGroupOf(c.updated_at, now) === group) })).filter(
    (entry) => entry.conversations.length > 0,
  );
}
