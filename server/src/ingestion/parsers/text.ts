import { DocumentParseError, type ParsedPage } from '../document-model';

/** Decodes UTF-8 strictly (a byte-order mark is dropped); invalid bytes are DATA0004. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new DocumentParseError('DATA0004', 'The text is not valid UTF-8');
  }
}

/** Line ends as \n, so offsets do not depend on the writer's platform. */
export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

export function singlePage(text: string): ParsedPage[] {
  return [{ pageNumber: 1, text, boxes: [] }];
}

export function parseText(bytes: Uint8Array): { text: string } {
  return { text: normalizeNewlines(decodeUtf8(bytes)) };
}
