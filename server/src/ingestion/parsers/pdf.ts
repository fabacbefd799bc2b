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
 * PDF to pages of text with a box per word. Text items come in content-stream order (the reading
 * order of nearly every producer); an item starts a new line when the previous one ended a line
 * (hasEOL) or when its baseline moved by more than half its height. Items on one line are joined
 * with a space when there is a visible gap between them; lines end with \n. Each word (a run
 * without white space inside one item) gets a box, converted through the page viewport (rotation
 * and crop box included) to fractions of the page, top-left origin; start/end are the word's
 * offsets in the page text, so a cited range maps to exactly the words it covers.
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

interface Word {
  /** Offset in the line's raw text (before the line is trimmed). */
  offset: number;
  length: number;
  box: { left: number; top: number; right: number; bottom: number };
}

interface Line {
  raw: string;
  words: Word[];
  /** Baseline and height in PDF units, to tell where the next line begins. */
  baseline: number;
  height: number;
  /** End x of the last item in PDF units, to tell whether a space separates the next one. */
  endX: number;
}

// Box edges are stored rounded (a hundred-thousandth of a page is far below a pixel): compact JSON.
const round = (n: number) => Math.round(clamp(n) * 1e5) / 1e5;

/**
 * The words of one text item with their boxes. pdf.js gives an item's start and advance width,
 * not each glyph's, so a word's left and right edges are placed by its share of the item's
 * characters: proportional, so exact at the item's ends and close in between (the narrower the
 * glyphs of a word compared with the item's average, the more its box is off).
 */
function itemWords(
  text: string,
  transform: readonly number[],
  width: number,
  fontHeight: number,
  offset: number,
  toPage: (x: number, y: number) => [number, number],
): Word[] {
  const [a = 1, b = 0, , , x = 0, y = 0] = transform;
  const scale = Math.hypot(a, b) || 1;
  // Along the baseline (the text's direction) and up from it, in PDF units.
  const along = [a / scale, b / scale] as const;
  const up = [-along[1], along[0]] as const;
  const words: Word[] = [];
  for (const match of text.matchAll(/\S+/g)) {
    const from = (width * match.index) / text.length;
    const to = (width * (match.index + match[0].length)) / text.length;
    const corners = [
      [from, 0],
      [to, 0],
      [from, fontHeight],
      [to, fontHeight],
    ].map(([t = 0, h = 0]) => toPage(x + along[0] * t + up[0] * h, y + along[1] * t + up[1] * h));
    const xs = corners.map(([px]) => px);
    const ys = corners.map(([, py]) => py);
    words.push({
      offset: offset + match.index,
      length: match[0].length,
      box: { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) },
    });
  }
  return words;
}

async function readPage(doc: PDFDocumentProxy, pageNumber: number): Promise<ParsedPage> {
  const page = await doc.getPage(pageNumber);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const toPage = (x: number, y: number): [number, number] => {
      const [vx, vy] = viewport.convertToViewportPoint(x, y) as [number, number];
      return [vx / viewport.width, vy / viewport.height];
    };
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
        const sameLine = current !== undefined && !lineEnded && Math.abs(current.baseline - y) <= Math.max(current.height, fontHeight) / 2;
        if (current && sameLine) {
          const gap = x - current.endX;
          if (gap > fontHeight * 0.15 && !/\s$/.test(current.raw) && !/^\s/.test(text)) current.raw += ' ';
          current.endX = x + item.width;
        } else {
          current = { raw: '', words: [], baseline: y, height: fontHeight, endX: x + item.width };
          lines.push(current);
        }
        current.words.push(...itemWords(text, item.transform as number[], item.width, fontHeight, current.raw.length, toPage));
        current.raw += text;
        lineEnded = false;
      }
      if (item.hasEOL) lineEnded = true;
    }
    let text = '';
    const boxes: Box[] = [];
    for (const line of lines) {
      const trimmed = line.raw.trim();
      if (!trimmed) continue;
      if (text) text += '\n';
      // Where the line's raw text (leading white space cut off) begins in the page text.
      const lineStart = text.length - (line.raw.length - line.raw.trimStart().length);
      text += trimmed;
      for (const word of line.words) {
        const start = lineStart + word.offset;
        boxes.push({
          left: round(word.box.left),
          top: round(word.box.top),
          right: round(word.box.right),
          bottom: round(word.box.bottom),
          start,
          end: start + word.length,
        });
      }
    }
    return { pageNumber, text, boxes };
  } finally {
    page.cleanup();
  }
}
