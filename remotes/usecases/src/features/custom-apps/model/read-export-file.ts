import { CUSTOM_APP_EXPORT_FORMAT, CUSTOM_APP_EXPORT_FORMAT_VERSION, customAppExportSchema, type CustomAppExport } from '@assistant/contracts';

/** Why a picked file cannot be imported; each has its own message in the page. */
export type ExportFileProblem =
  | { kind: 'not-json' }
  | { kind: 'other-kind' }
  | { kind: 'newer-format'; version: number }
  | { kind: 'invalid'; issues: Array<{ path: string; message: string }> };

/**
 * An export file's text read and checked with the contract the server applies, so a bad file is
 * refused with a precise reason before anything is sent. Lenient where nothing is lost (a byte
 * order mark, surrounding white space); strict about the content.
 */
export function readExportFile(text: string): { ok: true; file: CustomAppExport } | { ok: false; problem: ExportFileProblem } {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, '').trim());
  } catch {
    return { ok: false, problem: { kind: 'not-json' } };
  }
  if (typeof value !== 'object' || value === null || (value as { format?: unknown }).format !== CUSTOM_APP_EXPORT_FORMAT) {
    return { ok: false, problem: { kind: 'other-kind' } };
  }
  const version = (value as { format_version?: unknown }).format_version;
  if (typeof version === 'number' && version > CUSTOM_APP_EXPORT_FORMAT_VERSION) return { ok: false, problem: { kind: 'newer-format', version } };
  const checked = customAppExportSchema.safeParse(value);
  if (checked.success) return { ok: true, file: checked.data };
  const issues = checked.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return { ok: false, problem: { kind: 'invalid', issues } };
}
