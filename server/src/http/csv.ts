import { Readable } from 'node:stream';
import { z } from 'zod';

export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A text a spreadsheet
 * would run as a formula (starting with = + - @, or a tab or carriage return) gets a leading ', so
 * that a value a user typed (a name, a folder) opens as text, never as a formula (OWASP "CSV
 * injection").
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, CRLF-terminated as RFC 4180 has it. */
export function csvLine(values: ReadonlyArray<string | number | null | undefined>): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * The byte order mark a CSV answer starts with: spreadsheet programs then read it as UTF-8
 * (umlauts in names stay umlauts).
 */
export const CSV_BOM = '\uFEFF';

/** A 200 answer in CSV, sent as a stream of lines (nothing is serialized). */
export const csvResponse = {
  200: {
    description: 'CSV (RFC 4180), UTF-8 with a byte order mark, one header line',
    content: { 'text/csv': { schema: z.instanceof(Readable).meta({ type: 'string' }) } },
  },
};
