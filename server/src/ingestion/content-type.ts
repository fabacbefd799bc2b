import { fileTypeFromBuffer } from 'file-type';

/** The document types ingestion reads, by the media type the server records. */
export const SUPPORTED_MEDIA_TYPES = {
  'application/pdf': 'PDF',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (DOCX)',
  'text/html': 'HTML',
  'text/markdown': 'Markdown',
  'text/plain': 'plain text',
} as const;
export type SupportedMediaType = keyof typeof SUPPORTED_MEDIA_TYPES;

const BINARY_BY_EXTENSION: Record<string, SupportedMediaType> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
const TEXT_BY_EXTENSION: Record<string, SupportedMediaType> = {
  txt: 'text/plain',
  text: 'text/plain',
  log: 'text/plain',
  csv: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
};

/** How many leading bytes the magic-number check reads (file-type's sample size). */
export const HEAD_BYTES = 4100;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export class UnsupportedContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedContentError';
  }
}

/** What the first bytes say: a binary type by its magic number, or undefined (maybe text). */
export async function sniffHead(head: Uint8Array): Promise<{ mime: string; ext: string } | undefined> {
  return fileTypeFromBuffer(head);
}

/**
 * Decides a file's media type by its content; the name's extension only picks among the text
 * formats (HTML, Markdown, plain), which have no magic number. `sniffed` is file-type's verdict on
 * the whole file (zip-based formats need more than the head), `isText` whether the bytes are valid
 * UTF-8 without NUL characters. Throws UnsupportedContentError with a message for the user.
 */
export function decideMediaType(name: string, sniffed: { mime: string; ext: string } | undefined, isText: boolean): SupportedMediaType {
  const ext = extensionOf(name);
  const supportedList = 'PDF, Word (DOCX), HTML, Markdown or plain text';
  if (sniffed) {
    if (sniffed.mime in SUPPORTED_MEDIA_TYPES) return sniffed.mime as SupportedMediaType;
    return raise(`"${name}" is ${describe(sniffed)} by its content, not a supported document (${supportedList})`);
  }
  if (!isText) {
    const claimed = BINARY_BY_EXTENSION[ext];
    if (claimed) return raise(`"${name}" is named .${ext} but its content is not ${SUPPORTED_MEDIA_TYPES[claimed]}`);
    return raise(`"${name}" is not a supported document by its content (${supportedList})`);
  }
  const claimedBinary = BINARY_BY_EXTENSION[ext];
  if (claimedBinary) return raise(`"${name}" is named .${ext} but its content is text, not ${SUPPORTED_MEDIA_TYPES[claimedBinary]}`);
  if (ext === '') return 'text/plain';
  const text = TEXT_BY_EXTENSION[ext];
  if (text) return text;
  return raise(`"${name}" is text with the unsupported extension .${ext} (use .txt, .md, .html)`);
}

/** An empty file has no content to judge: its extension names the type, and ingestion reports it empty (DATA0006). */
export function mediaTypeOfEmpty(name: string): SupportedMediaType {
  const ext = extensionOf(name);
  return BINARY_BY_EXTENSION[ext] ?? TEXT_BY_EXTENSION[ext] ?? 'text/plain';
}

function describe(sniffed: { mime: string; ext: string }): string {
  return `${sniffed.mime} (.${sniffed.ext})`;
}

function raise(message: string): never {
  throw new UnsupportedContentError(message);
}

/** Checks UTF-8 validity chunk by chunk, as an upload streams in. */
export class TextCheck {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private valid = true;

  push(chunk: Uint8Array): void {
    if (!this.valid) return;
    if (chunk.includes(0)) {
      this.valid = false;
      return;
    }
    try {
      this.decoder.decode(chunk, { stream: true });
    } catch {
      this.valid = false;
    }
  }

  end(): boolean {
    if (!this.valid) return false;
    try {
      this.decoder.decode();
      return true;
    } catch {
      return false;
    }
  }
}
