import type { Conversation } from '@assistant/contracts';
import { ApiRequestError } from '@assistant/platform';
import type { TFunction } from 'i18next';
import { describeConversationError } from '../model/describe-conversation-error';
import { filterConversations } from '../model/filter-conversations';
import { dateGroupOf, groupByDate } from '../model/group-by-date';

const at = (iso: string, name = iso): Conversation => ({ id: name, name, created_at: iso, updated_at: iso });

describe('date groups', () => {
  // Local time, so the groups follow the user's calendar days.
  const now = new Date(2025, 5, 10, 9, 30);
  const local = (day: number, hour = 12) => new Date(2025, 5, day, hour).toISOString();

  it('puts a change into Today, Yesterday, Previous 7 days or Older by calendar day', () => {
    expect(dateGroupOf(local(10, 0), now)).toBe('today');
    expect(dateGroupOf(local(10, 23), now)).toBe('today');
    expect(dateGroupOf(local(9, 23), now)).toBe('yesterday');
    expect(dateGroupOf(local(9, 0), now)).toBe('yesterday');
    expect(dateGroupOf(local(8), now)).toBe('previous7Days');
    expect(dateGroupOf(local(3), now)).toBe('previous7Days');
    expect(dateGroupOf(local(2), now)).toBe('older');
    expect(dateGroupOf(new Date(2024, 11, 31).toISOString(), now)).toBe('older');
  });

  it('groups newest first and leaves empty groups out', () => {
    const groups = groupByDate([at(local(1), 'old'), at(local(10, 8), 'early'), at(local(10, 9), 'late'), at(local(5), 'week')], now);
    expect(groups.map((g) => [g.group, g.conversations.map((c) => c.name)])).toEqual([
      ['today', ['late', 'early']],
      ['previous7Days', ['week']],
      ['older', ['old']],
    ]);
    expect(groupByDate([], now)).toEqual([]);
  });
});

describe('search by name', () => {
  const list = ['Trip to Lisbon', 'Café in Zürich', 'Budget 2025'].map((name) => at('2025-06-01T00:00:00Z', name));

  it('finds every word in any order, ignoring case and accents', () => {
    expect(filterConversations(list, 'lisbon').map((c) => c.name)).toEqual(['Trip to Lisbon']);
    expect(filterConversations(list, 'zurich cafe').map((c) => c.name)).toEqual(['Café in Zürich']);
    expect(filterConversations(list, '  ')).toHaveLength(3);
    expect(filterConversations(list, 'budget 2024')).toEqual([]);
  });
});

describe('describeConversationError', () => {
  const t = ((key: string) => key) as unknown as TFunction;

  it('says when to try again after a 429 (a per-user limit), in both languages', () => {
    const limited = new ApiRequestError('429', { status: 429, retryAfterSeconds: 20 });
    expect(describeConversationError(limited, t, 'de')).toEqual({
      kind: 'other',
      message: 'Zu viele Anfragen. Bitte versuchen Sie es in 20 Sekunden erneut.',
    });
    expect(describeConversationError(limited, t, 'en')).toEqual({ kind: 'other', message: 'Too many requests. Please try again in 20 seconds.' });
  });
});
