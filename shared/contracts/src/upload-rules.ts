// The upload rules both sides apply, without zod: the platform checks a file with them before it
// sends it, on the shell's start-up path (`@assistant/contracts/startup`), and the server again.

/**
 * The document types an upload may have (docs/collections.md "Upload limits and type detection"),
 * by the media type the server records: their names for messages and the extensions that name
 * them. The server decides by content (a magic number for PDF and Word; text formats, which have
 * none, by extension); the browser checks the name before it sends, with these same rules.
 */
export const UPLOAD_DOCUMENT_TYPES = {
  'application/pdf': { name: 'PDF', extensions: ['pdf'], text: false },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { name: 'Word (DOCX)', extensions: ['docx'], text: false },
  'text/html': { name: 'HTML', extensions: ['html', 'htm'], text: true },
  'text/markdown': { name: 'Markdown', extensions: ['md', 'markdown'], text: true },
  'text/plain': { name: 'plain text', extensions: ['txt', 'text', 'log', 'csv'], text: true },
} as const;
export type UploadMediaType = keyof typeof UPLOAD_DOCUMENT_TYPES;
export const UPLOAD_MEDIA_TYPES = Object.keys(UPLOAD_DOCUMENT_TYPES) as UploadMediaType[];
/** Every accepted extension, lower case, without its dot. */
export const UPLOAD_EXTENSIONS: readonly string[] = UPLOAD_MEDIA_TYPES.flatMap((type) => UPLOAD_DOCUMENT_TYPES[type].extensions);
/** A file whose name has no extension is taken; the server records text content as this type. */
export const UPLOAD_TYPE_WITHOUT_EXTENSION: UploadMediaType = 'text/plain';
/** Files in one upload request at most (more: 413 with `limit` in `files`). */
export const UPLOAD_MAX_FILES_PER_REQUEST = 20;
/** Upload limits (maxFileUploadSizeMB, maxAudioFileUploadSizeMB) count MB of 1024 x 1024 bytes. */
export const BYTES_PER_MEGABYTE = 1024 * 1024;

/** The names of the accepted types for a sentence: "PDF, Word (DOCX), HTML, Markdown or plain text". */
export function uploadTypeNames(): string {
  const names = UPLOAD_MEDIA_TYPES.map((type) => UPLOAD_DOCUMENT_TYPES[type].name);
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** A file name's extension, lower case and without its dot; '' when it has none (".bashrc" and "notes." have none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The accepted type an extension (without dot, any case) names, if any. */
export function uploadMediaTypeOfExtension(extension: string): UploadMediaType | undefined {
  const wanted = extension.toLowerCase();
  return UPLOAD_MEDIA_TYPES.find((type) => (UPLOAD_DOCUMENT_TYPES[type].extensions as readonly string[]).includes(wanted));
}

/**
 * Whether a file may be sent: a name with an accepted extension, or a name without any extension
 * (the server then reads its content, and takes text as plain text), unless the browser knows
 * its media type to be something the server refuses. The server checks the content anyway.
 */
export function isAcceptedUpload(file: { name: string; type?: string }): boolean {
  const extension = fileExtension(file.name);
  if (extension !== '') return uploadMediaTypeOfExtension(extension) !== undefined;
  const type = (file.type ?? '').split(';')[0]!.trim().toLowerCase();
  return type === '' || type === 'application/octet-stream' || type.startsWith('text/') || type in UPLOAD_DOCUMENT_TYPES;
}

/** A limit in MB as bytes (whole bytes, rounded down), the way the server counts it. */
export function megabytesToBytes(megabytes: number): number {
  return Math.floor(megabytes * BYTES_PER_MEGABYTE);
}

/** Whether `size` bytes are over a limit of `maxMB` MB. */
export function isOverUploadLimit(size: number, maxMB: number): boolean {
  return size > megabytesToBytes(maxMB);
}
