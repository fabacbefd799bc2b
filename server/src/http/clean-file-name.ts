/**
 * Bidirectional controls (U+061C, U+200E/F, U+202A-E, U+2066-9): in a name they reorder what a
 * person reads ("invoice\u202Efdp.exe" shows as "invoiceexe.pdf"), and a file name needs none.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The client's name as a label only (never a path on disk): last path segment, no control
 * characters, no bidirectional controls.
 */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').replace(BIDI_CONTROLS, '').trim().slice(0, 255);
  return clean.length > 0 ? clean : 'unnamed';
}
