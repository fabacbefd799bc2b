import type { ParsedPage, Passage } from '../ingestion/document-model';

export interface ChunkOptions {
  /** A passage is closed once it reaches this many characters at a sentence end. */
  target?: number;
  /** No passage is longer; a longer sentence is cut at white space (or hard, if it has none). */
  max?: number;
}

export const DEFAULT_CHUNK_TARGET = 500;
export const DEFAULT_CHUNK_MAX = 800;

const segmenter = new Intl.Segmenter('de', { granularity: 'sentence' });

/**
 * Pages to passages of a few whole sentences (Intl.Segmenter sentence boundaries): sentences are
 * gathered until the passage reaches `target` characters, never beyond `max`, and never across a
 * page. Each passage's text is exactly `page.text.slice(start, end)`, trimmed of white space at
 * both ends; passages of white space alone are left out.
 */
export function chunkDocument(pages: readonly ParsedPage[], options: ChunkOptions = {}): Passage[] {
  const target = options.target ?? DEFAULT_CHUNK_TARGET;
  const max = Math.max(options.max ?? DEFAULT_CHUNK_MAX, target);
  const passages: Passage[] = [];
  for (const page of pages) {
    const text = page.text;
    const emit = (start: number, end: number) => {
      while (start < end && /\s/u.test(text[start]!)) start += 1;
      while (end > start && /\s/u.test(text[end - 1]!)) end -= 1;
      if (end > start) passages.push({ pageNumber: page.pageNumber, start, end, text: text.slice(start, end) });
    };
    let start = 0;
    let end = 0;
    for (const sentence of pieces(text, max)) {
      const sentenceEnd = sentence.index + sentence.length;
      if (end > start && sentenceEnd - start > max) {
        emit(start, end);
        start = sentence.index;
      }
      end = sentenceEnd;
      if (end - start >= target) {
        emit(start, end);
        start = end;
      }
    }
    if (end > start) emit(start, end);
  }
  return passages;
}

/** Sentences of the text as [index, length], each no longer than `max`. */
function* pieces(text: string, max: number): Generator<{ index: number; length: number }> {
  for (const { index, segment } of segmenter.segment(text)) {
    if (segment.length <= max) {
      yield { index, length: segment.length };
      continue;
    }
    let from = 0;
    while (segment.length - from > max) {
      let cut = segment.lastIndexOf(' ', from + max);
      if (cut <= from) cut = from + max;
      // Keep a surrogate pair together.
      const code = segment.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
      yield { index: index + from, length: cut - from };
      from = cut;
    }
    yield { index: index + from, length: segment.length - from };
  }
}
