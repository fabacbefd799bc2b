import { z } from 'zod';
import { isoDateTimeSchema } from './common';

/**
 * The head every export file of the portal starts with (an agent, a custom app): what kind of
 * document it is and which version of that kind's format, so an import can refuse a file of
 * another kind or of a newer format with a clear reason instead of misreading it.
 */
export function exportDocumentHead<Format extends string, Version extends number>(format: Format, formatVersion: Version) {
  return {
    format: z.literal(format, { error: `Must be "${format}"` }),
    format_version: z.literal(formatVersion, { error: `Must be ${formatVersion}` }),
    exported_at: isoDateTimeSchema,
  };
}

/**
 * A name for a copy: `name` with `suffix` (" (copy)", " (Kopie)"), the name cut so the whole fits
 * `maxLength`.
 */
export function copyName(name: string, suffix: string, maxLength: number): string {
  return `${name.slice(0, Math.max(0, maxLength - suffix.length)).trimEnd()}${suffix}`;
}
