import { UPLOAD_EXTENSIONS, isAcceptedUpload, isOverUploadLimit } from '@assistant/contracts';

/**
 * What the browser checks before it sends a file (docs/collections.md "Upload limits"), with the
 * contract's rules the server applies too (shared/contracts/src/upload.ts): the accepted types
 * by extension and media type (a name without an extension is taken: the server reads its
 * content), and the size limit of the configuration (maxFileUploadSizeMB, MB of 1024 x 1024
 * bytes). The server checks the content anyway; these checks only spare the user a pointless upload.
 */

/**
 * The `accept` attribute of the file input: the accepted extensions. A file without an extension
 * can still be dropped, or picked with the dialog's "all files".
 */
export const ACCEPT_ATTRIBUTE = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export type UploadRefusal = { kind: 'too-large'; maxMB: number } | { kind: 'wrong-type' };

/** Why `file` must not be sent, or null when it may. */
export function checkUpload(file: { name: string; size: number; type?: string }, maxMB: number): UploadRefusal | null {
  if (!isAcceptedUpload(file)) return { kind: 'wrong-type' };
  if (isOverUploadLimit(file.size, maxMB)) return { kind: 'too-large', maxMB };
  return null;
}
