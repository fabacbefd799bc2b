/**
 * What the browser checks before it sends a file (docs/collections.md "Upload limits"): the size
 * limit of the configuration (maxFileUploadSizeMB) and the name's extension. The server checks
 * the content anyway; these checks only spare the user a pointless upload.
 */

/** Extensions the server takes (PDF, Word, HTML, Markdown, plain text). */
export const ACCEPTED_EXTENSIONS = ['.pdf', '.docx', '.html', '.htm', '.md', '.markdown', '.txt', '.text', '.log', '.csv'] as const;

/** The `accept` attribute of the file input. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_EXTENSIONS.join(',');

export type UploadRefusal = { kind: 'too-large'; maxMB: number } | { kind: 'wrong-type' };

/** The file's extension in lower case with its dot, '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** Why `file` must not be sent, or null when it may. The limit is in MB of 1024 x 1024 bytes, as the server counts. */
export function checkUpload(file: { name: string; size: number }, maxMB: number): UploadRefusal | null {
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) return { kind: 'wrong-type' };
  if (file.size > maxMB * 1024 * 1024) return { kind: 'too-large', maxMB };
  return null;
}
