import { UPLOAD_MEDIA_TYPES } from '@assistant/contracts';
import { DocumentParseError, type ParsedDocument, type ParsedPage } from '../document-model';
import { detectLanguage } from './language';
import { decodeUtf8, parseText, singlePage } from './text';

export { detectLanguage, countWords } from './language';

export const PDF_MEDIA_TYPE = 'application/pdf';
export const DOCX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The media types parseDocument reads (parameters such as `; charset=utf-8` are ignored): the
 * contract's upload types, and text/x-markdown of older records.
 */
export const PARSEABLE_MEDIA_TYPES: readonly string[] = [...UPLOAD_MEDIA_TYPES, 'text/x-markdown'];

export function isSupportedMediaType(mediaType: string): boolean {
  return PARSEABLE_MEDIA_TYPES.includes(baseMediaType(mediaType));
}

function baseMediaType(mediaType: string): string {
  return mediaType.split(';')[0]!.trim().toLowerCase();
}

/**
 * Bytes of an uploaded file to pages of text (PDF: one per page with word boxes; other formats:
 * one page without boxes). Refusals are DocumentParseError with the run's DATA code:
 * DATA0001 unknown type, DATA0003 no text (a scanned PDF), DATA0004 corrupt or not decodable,
 * DATA0005 encrypted, DATA0006 empty file. An aborted signal rejects with the signal's reason.
 */
export async function parseDocument(bytes: Uint8Array, mediaType: string, options: { signal?: AbortSignal } = {}): Promise<ParsedDocument> {
  const type = baseMediaType(mediaType);
  if (!isSupportedMediaType(type)) throw new DocumentParseError('DATA0001', `Files of type ${type || 'unknown'} cannot be read`);
  if (bytes.byteLength === 0) throw new DocumentParseError('DATA0006', 'The file is empty');
  options.signal?.throwIfAborted();

  // The parsers of PDF, Word, HTML and Markdown (pdf.js, mammoth, html-to-text, marked) are
  // imported at their first file: a server that never reads one does not load them.
  let pages: ParsedPage[];
  let title: string | undefined;
  let author: string | undefined;
  switch (type) {
    case PDF_MEDIA_TYPE: {
      const result = await (await import('./pdf')).parsePdf(bytes, options.signal);
      ({ pages, title, author } = result);
      break;
    }
    case DOCX_MEDIA_TYPE:
      pages = singlePage((await (await import('./docx')).parseDocx(bytes)).text);
      break;
    case 'text/html': {
      const result = (await import('./html')).parseHtml(bytes);
      pages = singlePage(result.text);
      title = result.title;
      break;
    }
    case 'text/markdown':
    case 'text/x-markdown': {
      const result = (await import('./markdown')).parseMarkdown(decodeUtf8(bytes));
      pages = singlePage(result.text);
      title = result.title;
      break;
    }
    default:
      pages = singlePage(parseText(bytes).text);
  }
  options.signal?.throwIfAborted();

  if (pages.every((page) => page.text.trim() === '')) {
    if (type !== PDF_MEDIA_TYPE && bytes.every((byte) => byte <= 0x20)) throw new DocumentParseError('DATA0006', 'The file holds only white space');
    throw new DocumentParseError('DATA0003', type === PDF_MEDIA_TYPE ? 'The PDF has no text layer (a scan?)' : 'The file has no text');
  }
  const language = detectLanguage(pages.map((page) => page.text).join('\n'));
  return {
    mediaType: type,
    language,
    ...(title ? { title } : {}),
    ...(author ? { author } : {}),
    pages,
  };
}
