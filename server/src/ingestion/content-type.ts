import {
  isImageMediaType,
  UPLOAD_DOCUMENT_TYPES,
  UPLOAD_TYPE_WITHOUT_EXTENSION,
  fileExtension,
  uploadMediaTypeOfExtension,
  uploadTypeNames,
  type ImageMediaType,
  type UploadMediaType,
} from '@assistant/contracts';

/**
 * The document types ingestion takes, their extensions and the name rules are the contract's
 * (UPLOAD_DOCUMENT_TYPES in shared/contracts/src/upload.ts), which the browser checks too; here
 * the content decides.
 */
export type SupportedMediaType = UploadMediaType;

/** How many leading bytes the magic-number check reads (file-type's sample size). */
export const HEAD_BYTES = 4100;

/** The type a binary format's extension claims (PDF, Word), if any. */
function binaryClaimedBy(extension: string): UploadMediaType | undefined {
  const type = uploadMediaTypeOfExtension(extension);
  return type && !UPLOAD_DOCUMENT_TYPES[type].text ? type : undefined;
}

/** The text format an extension names (HTML, Markdown, plain), if any. */
function textNamedBy(extension: string): UploadMediaType | undefined {
  const type = uploadMediaTypeOfExtension(extension);
  return type && UPLOAD_DOCUMENT_TYPES[type].text ? type : undefined;
}

export class UnsupportedContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedContentError';
  }
}

/** What the first bytes say: a binary type by its magic number, or undefined (maybe text). */
export async function sniffHead(head: Uint8Array): Promise<{ mime: string; ext: string } | undefined> {
  // file-type is imported at the first file: a server start does not wait for it.
  return (await import('file-type')).fileTypeFromBuffer(head);
}

/**
 * Decides a file's media type by its content; the name's extension only picks among the text
 * formats (HTML, Markdown, plain), which have no magic number. `sniffed` is file-type's verdict on
 * the whole file (zip-based formats need more than the head), `isText` whether the bytes are valid
 * UTF-8 without NUL characters. Throws UnsupportedContentError with a message for the user.
 */
export function decideMediaType(name: string, sniffed: { mime: string; ext: string } | undefined, isText: boolean): SupportedMediaType;
/** With `images`: an image of the contract's types (a chat question's, docs/chat.md "Images") is taken too, by its magic number. */
export function decideMediaType(name: string, sniffed: { mime: string; ext: string } | undefined, isText: boolean, images: boolean): SupportedMediaType | ImageMediaType;
export function decideMediaType(name: string, sniffed: { mime: string; ext: string } | undefined, isText: boolean, images = false): SupportedMediaType | ImageMediaType {
  const ext = fileExtension(name);
  const supportedList = images ? `${uploadTypeNames()}, or a PNG, JPEG, WebP or GIF image` : uploadTypeNames();
  if (sniffed) {
    if (sniffed.mime in UPLOAD_DOCUMENT_TYPES) return sniffed.mime as SupportedMediaType;
    if (images && isImageMediaType(sniffed.mime)) return sniffed.mime;
    return raise(`"${name}" is ${describe(sniffed)} by its content, not a supported document (${supportedList})`);
  }
  if (!isText) {
    const claimed = binaryClaimedBy(ext);
    if (claimed) return raise(`"${name}" is named .${ext} but its content is not ${UPLOAD_DOCUMENT_TYPES[claimed].name}`);
    return raise(`"${name}" is not a supported document by its content (${supportedList})`);
  }
  const claimedBinary = binaryClaimedBy(ext);
  if (claimedBinary) return raise(`"${name}" is named .${ext} but its content is text, not ${UPLOAD_DOCUMENT_TYPES[claimedBinary].name}`);
  if (ext === '') return UPLOAD_TYPE_WITHOUT_EXTENSION;
  const text = textNamedBy(ext);
  if (text) return text;
  return raise(`"${name}" is text with the unsupported extension .${ext} (use .txt, .md, .html)`);
}

/** An empty file has no content to judge: its extension names the type, and ingestion reports it empty (DATA0006). */
export function mediaTypeOfEmpty(name: string): SupportedMediaType {
  return uploadMediaTypeOfExtension(fileExtension(name)) ?? UPLOAD_TYPE_WITHOUT_EXTENSION;
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
