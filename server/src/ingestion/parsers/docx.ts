import mammoth from 'mammoth';
import { DocumentParseError } from '../document-model';
import { normalizeNewlines } from './text';

/** Word (.docx) to plain text with mammoth: one paragraph per line block, blank line between. */
export async function parseDocx(bytes: Uint8Array): Promise<{ text: string }> {
  let value: string;
  try {
    ({ value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }));
  } catch (error) {
    throw new DocumentParseError('DATA0004', `The Word document cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = normalizeNewlines(value)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text };
}
