import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { DocumentParseError, type ParsedPage } from '../document-model';

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));
/** pdfjs reads the standard 14 fonts' data from here (a local directory, never the network). */
const STANDARD_FONT_DATA_URL = pathToFileURL(join(pdfjsRoot, 'standard_fonts') + '/').href;

export interface PdfResult {
  pages: ParsedPage[];
  title?: string;
  author?: string;
}

type Box = ParsedPage['boxes'][number];

const clamp = (n: number) => Math.min(1, Math.max(0, n));

/**
 * PDF to pages of text with a box per line. Text items come in content-stream order (the reading
 * order of nearly every producer); an item starts a new line when the previous one ended a line
 * (hasEOL) or when its baseline moved by more than half its height. Items on one line are joined
 * with a space when there is a visible gap between them. A line's box is the union of its items'
 * boxes, converted through the page viewport (rotation and crop box included) to fractions of the
 * page, top-left origin; start/end are the line's offsets in the page text (lines end with \n).
 */
export async function parsePdf(bytes: Uint8Array, signal?: AbortSignal): Promise<PdfResult> {
  const task = getDocument({
    // pdfjs transfers (detaches) the buffer it is given: hand it a copy.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: STANDARD_FONT_DATA_URL,
    stopAtErrors: false,
    verbosity: 0,
  });
  const onAbort = () => void task.destroy();
  signal?.addEventListener('abort', onAbort, { once: true });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    signal?.removeEventListener('abort', onAbort);
    signal?.throwIfAborted();
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') throw new DocumentParseError('DATA0005', 'The PDF is encrypted with a password');
    throw new DocumentParseError('DATA0004', `The PDF cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    const pages: ParsedPage[] = [];
    for (let pageNumber = 1; pageNumber <= doc.numPages; pageNumber += 1) {
      signal?.throwIfAborted();
      pages.push(await readPage(doc, pageNumber));
    }
    const { title, author } = await readMetadata(doc);
    return { pages, ...(title ? { title } : {}), ...(author ? { author } : {}) };
  } catch (error) {
    signal?.throwIfAborted();
    if (error instanceof DocumentParseError) throw error;
    throw new DocumentParseError('DATA0004', `The PDF cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await task.destroy();
  }
}

async function readMetadata(doc: PDFDocumentProxy): Promise<{ title?: string; author?: string }> {
  try {
    const { info } = await doc.getMetadata();
    const record = (info ?? {}) as Record<string, unknown>;
    const pick = (key: string) => (typeof record[key] === 'string' && record[key].trim() ? record[key].trim() : undefined);
    return { title: pick('Title'), author: pick('Author') };
  } catch {
    return {};
  }
}

interface Line {
  parts: string[];
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Baseline and height in PDF units, to tell where the next line begins. */
  baseline: number;
  height: number;
  /** End x of the last item in PDF units, to tell whether a space separates the next one. */
  endX: number;
}

async function readPage(doc: PDFDocumentProxy, pageNumber: number): Promise<ParsedPage> {
  const page = await doc.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const lines: Line[] = [];
    let current: Line | undefined;
    let lineEnded = false;
    for (const raw of content.items) {
      if (!('str' in raw)) continue;
      const item = raw as TextItem;
      const [a = 1, b = 0, c = 0, d = 1, x = 0, y = 0] = item.transform as number[];
      const fontHeight = item.height || Math.hypot(c, d) || Math.hypot(a, b);
      const text = item.str;
      if (text.length > 0) {
        const [x1, y1] = viewport.convertToViewportPoint(x, y) as [number, number];
        const [x2, y2] = viewport.convertToViewportPoint(x + item.width, y + fontHeight) as [number, number];
        const box = {
          left: Math.min(x1, x2) / viewport.width,
          right: Math.max(x1, x2) / viewport.width,
          top: Math.min(y1, y2) / viewport.height,
          bottom: Math.max(y1, y2) / viewport.height,
        };
        const sameLine = current !== undefined && !lineEnded && Math.abs(current.baseline - y) <= Math.max(current.height, fontHeight) / 2;
        if (current && sameLine) {
          const gap = x - current.endX;
          const last = current.parts[current.parts.length - 1] ?? '';
          if (gap > fontHeight * 0.15 && !/\s$/.test(last) && !/^\s/.test(text)) current.parts.push(' ');
          current.parts.push(text);
          current.left = Math.min(current.left, box.left);
          current.right = Math.max(current.right, box.right);
          current.top = Math.min(current.top, box.top);
          current.bottom = Math.max(current.bottom, box.bottom);
          current.endX = x + item.width;
        } else {
          current = { parts: [text], ...box, baseline: y, height: fontHeight, endX: x + item.width };
          lines.push(current);
        }
        lineEnded = false;
      }
      if (item.hasEOL) lineEnded = true;
    }
    let text = '';
    const boxes: Box[] = [];
    for (const line of lines) {
      const trimmed = line.parts.join('').trim();
      if (!trimmed) continue;
      if (text) text += '\n';
      const start = text.length;
      text += trimmed;
      boxes.push({
        left: clamp(line.left),
        top: clamp(line.top),
        right: clamp(line.right),
        bottom: clamp(line.bottom),
        start,
        end: text.length,
      });
    }
    return { pageNumber, text, boxes };
  } finally {
    page.cleanup();
  }
}
