import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
// Before pdfjs-dist: it replaces JSON's methods when evaluated (native-json.ts).
import { nativeJson } from './native-json';
import { getDocument, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { DocumentParseError, type ParsedPage } from '../document-model';

// The native JSON methods back (pdfjs does not need JSON.rawJSON; the whole server pays for the polyfill).
JSON.stringify = nativeJson.stringify;
JSON.parse = nativeJson.parse;

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
 * without white space inside one item) gets a box (placed within its item by its characters'
 * share of the item's width: see itemWords), converted through the page viewport (rotation
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
 * Advance widths of Helvetica (its AFM, 1/1000 em) for the printable ASCII characters from the
 * space on: the weights that share an item's width among its characters. Any proportional font's
 * widths follow this pattern far more closely than equal shares do (an "i" is a third of an "m").
 */
const HELVETICA_WIDTHS = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584,
  584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278,
  278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500,
  500, 334, 260, 334, 584,
];
const AVERAGE_WIDTH = 556;

/** A character's share weight: Helvetica's width (accented letters as their base letter), or 1 for monospaced text. */
function glyphWeight(char: string, monospace: boolean): number {
  if (monospace) return 1;
  if (char === 'ß') return 611;
  const base = char.normalize('NFD').charCodeAt(0);
  return (base >= 32 && base <= 126 ? HELVETICA_WIDTHS[base - 32] : undefined) ?? AVERAGE_WIDTH;
}

/**
 * The words of one text item with their boxes. pdf.js gives an item's start and advance width,
 * not each glyph's, so a word's left and right edges are placed by its share of the item's
 * characters, each weighted by its typical width (Helvetica's; equal for monospaced fonts):
 * proportional, so exact at the item's ends and close in between (off by the difference between
 * the real font's widths and these).
 */
function itemWords(
  text: string,
  transform: readonly number[],
  width: number,
  fontHeight: number,
  monospace: boolean,
  offset: number,
  toPage: (x: number, y: number) => [number, number],
): Word[] {
  const [a = 1, b = 0, , , x = 0, y = 0] = transform;
  const scale = Math.hypot(a, b) || 1;
  // Along the baseline (the text's direction) and up from it, in PDF units.
  const along = [a / scale, b / scale] as const;
  const up = [-along[1], along[0]] as const;
  // before[i]: the weight of the characters before index i.
  const before = [0];
  for (const char of text) {
    const weight = glyphWeight(char, monospace);
    // A character outside the BMP is two code units: the weight on the first, none on the second.
    for (let unit = 0; unit < char.length; unit += 1) before.push(before[before.length - 1]! + (unit === 0 ? weight : 0));
  }
  const total = before[text.length] || 1;
  const words: Word[] = [];
  for (const match of text.matchAll(/\S+/g)) {
    const from = (width * before[match.index]!) / total;
    const to = (width * before[match.index + match[0].length]!) / total;
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
        current.words.push(...itemWords(text, item.transform as number[], item.width, fontHeight, content.styles[item.fontName]?.fontFamily === 'monospace', current.raw.length, toPage));
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
