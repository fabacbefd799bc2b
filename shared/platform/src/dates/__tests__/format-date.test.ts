import { formatDayIn } from '../day-format';
import { formatLongDate, formatShortDate } from '../format-date';

const afternoon = new Date('2025-03-05T14:07:00Z');
const morning = new Date('2025-11-09T09:30:00Z');
const tz = { timeZone: 'UTC' };

describe('date formats (SPEC section 9)', () => {
  it('short: day/month/year with two-digit day and month', () => {
    expect(formatShortDate(afternoon, { language: 'de', ...tz })).toBe('05.03.2025');
    expect(formatShortDate(afternoon, { language: 'en', ...tz })).toBe('05/03/2025');
    expect(formatShortDate('2025-11-09T09:30:00Z', { language: 'de', ...tz })).toBe('09.11.2025');
  });

  it('long: weekday, day, short month, year, hour and minute; German on a 24-hour clock', () => {
    const de = formatLongDate(afternoon, { language: 'de', ...tz });
    expect(de).toMatch(/Mi/);
    expect(de).toMatch(/5\. März 2025/);
    expect(de).toMatch(/14:07/);
    expect(de).not.toMatch(/PM|AM|nachm/i);
    expect(formatLongDate(morning, { language: 'de', ...tz })).toMatch(/09:30/);
    const en = formatLongDate(afternoon, { language: 'en', ...tz });
    expect(en).toMatch(/Wed/);
    expect(en).toMatch(/5 Mar 2025/);
    expect(en).toMatch(/14:07/);
  });

  it('day: the day, the month in words and the year', () => {
    expect(formatDayIn('2026-12-01T00:00:00Z', 'de', 'UTC')).toBe('1. Dezember 2026');
    expect(formatDayIn('2026-12-01T00:00:00Z', 'en', 'UTC')).toBe('1 December 2026');
  });

  it('uses the current interface language by default (German before any choice)', () => {
    expect(formatShortDate(afternoon, tz)).toBe('05.03.2025');
  });
});
