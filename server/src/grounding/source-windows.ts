import { SOURCE_MAX_SEGMENTS, SOURCE_SEGMENT_JOINER, type SourceSegment } from '@assistant/contracts';
import type { Database } from '../db/database';
import { toHit, type Hit } from '../search/search-passages';
import { endsSentence, splitSentences, type SentenceRange } from './sentences';

/**
 * One passage window given to the model: whole sentences around a retrieved passage, possibly
 * over a page break. `text` is the segments' page text joined with SOURCE_SEGMENT_JOINER, so an
 * offset into it maps to an exact page offset (contracts `pageRangesOf`). The answer cites it as
 * [index + 1]; QA sources and in-context `source_index` refer to `index`.
 */
export interface SourceWindow {
  index: number;
  fileId: string;
  collectionId: string;
  fileName: string;
  mediaType: string;
  /** The original in a document library, for a synced file (its sources link home). */
  originalUrl?: string;
  totalPages?: number;
  segments: SourceSegment[];
  text: string;
  /** The best retrieval score of the hits it holds (the retriever's scale). */
  score: number;
}

export interface SourceWindowOptions {
  /** The budget of all windows' text together (a model's max_characters). */
  maxCharacters: number;
  /** Longest single window; a side whose widening would pass it keeps the hit's own bound. */
  maxWindowCharacters?: number;
  /** Stop at the first window that does not fit (reading order, no gaps) instead of trying the next. */
  stopAtFirstMiss?: boolean;
}

/** Longest window when the caller names none: a few sentences on each side of a passage. */
export const DEFAULT_MAX_WINDOW_CHARACTERS = 2_400;

interface Position {
  page: number;
  offset: number;
}

interface Range {
  fileId: string;
  start: Position;
  end: Position;
  score: number;
}

const before = (a: Position, b: Position) => a.page < b.page || (a.page === b.page && a.offset < b.offset);
const minPosition = (a: Position, b: Position) => (before(b, a) ? b : a);
const maxPosition = (a: Position, b: Position) => (before(a, b) ? b : a);

/** Page texts and their sentences, fetched in batches and kept for one build. */
class PageTexts {
  private readonly texts = new Map<string, string | null>();
  private readonly sentences = new Map<string, SentenceRange[]>();

  constructor(private readonly db: Database) {}

  private static key(fileId: string, page: number) {
    return `${fileId}:${page}`;
  }

  async load(wanted: ReadonlyArray<{ fileId: string; page: number }>): Promise<void> {
    const missing = wanted.filter((w) => w.page >= 1 && !this.texts.has(PageTexts.key(w.fileId, w.page)));
    if (missing.length === 0) return;
    const rows = await this.db
      .selectFrom('document_pages')
      .select(['file_id', 'page_number', 'text'])
      .where((eb) => eb.or(missing.map((w) => eb.and([eb('file_id', '=', w.fileId), eb('page_number', '=', w.page)]))))
      .execute();
    for (const w of missing) this.texts.set(PageTexts.key(w.fileId, w.page), null);
    for (const row of rows) this.texts.set(PageTexts.key(row.file_id, row.page_number), row.text);
  }

  async text(fileId: string, page: number): Promise<string | null> {
    if (page < 1) return null;
    await this.load([{ fileId, page }]);
    return this.texts.get(PageTexts.key(fileId, page)) ?? null;
  }

  /** Loaded text only (callers load first). */
  known(fileId: string, page: number): string {
    return this.texts.get(PageTexts.key(fileId, page)) ?? '';
  }

  async sentencesOf(fileId: string, page: number): Promise<SentenceRange[]> {
    const key = PageTexts.key(fileId, page);
    let cached = this.sentences.get(key);
    if (!cached) {
      const text = await this.text(fileId, page);
      cached = text === null ? [] : splitSentences(text);
      this.sentences.set(key, cached);
    }
    return cached;
  }
}

/**
 * The passage windows for retrieved hits (best first): each hit widened to whole sentences (a
 * sentence that runs over the end of its page continues on the next page up to its end, and one
 * that began on the previous page is taken from there), overlapping or touching windows of the
 * same file merged, kept in order of their best score, and taken while their text fits
 * `maxCharacters` together. Hits of files that are gone are left out.
 */
export async function buildSourceWindows(db: Database, hits: readonly Hit[], options: SourceWindowOptions): Promise<SourceWindow[]> {
  if (hits.length === 0 || options.maxCharacters <= 0) return [];
  const maxWindow = options.maxWindowCharacters ?? DEFAULT_MAX_WINDOW_CHARACTERS;
  const pages = new PageTexts(db);
  // Most windows need only their page and its neighbours: one query for all of them.
  await pages.load(hits.flatMap((hit) => [hit.pageNumber - 1, hit.pageNumber, hit.pageNumber + 1].map((page) => ({ fileId: hit.fileId, page }))));

  const ranges: Range[] = [];
  for (const hit of hits) {
    const widened = await widen(pages, hit, maxWindow);
    mergeInto(ranges, widened);
  }
  // Stable: equal scores keep the retrieval's order.
  ranges.sort((a, b) => b.score - a.score);

  const files = await fileInfo(db, [...new Set(ranges.map((range) => range.fileId))]);
  const windows: SourceWindow[] = [];
  let used = 0;
  for (const range of ranges) {
    const file = files.get(range.fileId);
    if (!file) continue;
    const segments = await segmentsOf(pages, range);
    if (segments.length === 0) continue;
    const text = segments.map((segment) => pages.known(range.fileId, segment.page).slice(segment.start, segment.end)).join(SOURCE_SEGMENT_JOINER);
    if (used + text.length > options.maxCharacters) {
      if (options.stopAtFirstMiss) break;
      continue;
    }
    used += text.length;
    windows.push({
      index: windows.length,
      fileId: range.fileId,
      collectionId: file.collectionId,
      fileName: file.name,
      mediaType: file.mediaType,
      ...(file.sourceUrl ? { originalUrl: file.sourceUrl } : {}),
      ...(file.totalPages ? { totalPages: file.totalPages } : {}),
      segments,
      text,
      score: range.score,
    });
  }
  return windows;
}

/**
 * The windows of one whole document in reading order (a document-mode model answers over the
 * document itself, not over search hits): its passages, widened and merged like hits, until
 * `maxCharacters` is used up.
 */
export async function documentWindows(db: Database, fileId: string, options: SourceWindowOptions): Promise<SourceWindow[]> {
  const passages = await db
    .selectFrom('passages')
    .select(['id', 'file_id', 'collection_id', 'page_number', 'start_offset', 'end_offset', 'text'])
    .where('file_id', '=', fileId)
    .orderBy('page_number')
    .orderBy('start_offset')
    .execute();
  const hits: Hit[] = [];
  let used = 0;
  for (const passage of passages) {
    // The reading order up to the budget (with room for the widening): later passages cannot fit anyway.
    if (used > options.maxCharacters) break;
    used += passage.text.length;
    // One score for all: the stable sort keeps the reading order.
    hits.push(toHit(passage, 0));
  }
  // Up to the first window that does not fit: the beginning of the document, without gaps.
  return buildSourceWindows(db, hits, { ...options, stopAtFirstMiss: true });
}

/** The hit widened to whole sentences, over page breaks where a sentence runs over one. */
async function widen(pages: PageTexts, hit: Hit, maxWindow: number): Promise<Range> {
  const own: Range = {
    fileId: hit.fileId,
    start: { page: hit.pageNumber, offset: hit.startOffset },
    end: { page: hit.pageNumber, offset: hit.endOffset },
    score: hit.score,
  };
  const sentences = await pages.sentencesOf(hit.fileId, hit.pageNumber);
  if (sentences.length === 0) return own;
  let length = hit.endOffset - hit.startOffset;

  // Backwards: to the start of the sentence the hit begins in, then over a page break.
  const firstIndex = sentences.findIndex((s) => s.end > hit.startOffset);
  let start = own.start;
  if (firstIndex >= 0 && sentences[firstIndex]!.start < hit.startOffset) {
    const grow = hit.startOffset - sentences[firstIndex]!.start;
    if (length + grow <= maxWindow) {
      start = { page: hit.pageNumber, offset: sentences[firstIndex]!.start };
      length += grow;
    }
  }
  let segments = 1;
  while (segments < SOURCE_MAX_SEGMENTS) {
    const here = await pages.sentencesOf(hit.fileId, start.page);
    if (here[0]?.start !== start.offset) break;
    const previous = await pages.sentencesOf(hit.fileId, start.page - 1);
    const last = previous.at(-1);
    if (!last) break;
    const previousText = pages.known(hit.fileId, start.page - 1);
    if (endsSentence(previousText.slice(last.start, last.end))) break;
    const grow = last.end - last.start + SOURCE_SEGMENT_JOINER.length;
    if (length + grow > maxWindow) break;
    length += grow;
    start = { page: start.page - 1, offset: last.start };
    segments += 1;
    // Only a sentence that fills its whole page can reach one more page back.
    if (previous.length > 1) break;
  }

  // Forwards: to the end of the sentence the hit ends in, then over a page break.
  let end = own.end;
  const lastIndex = findLastIndex(sentences, (s) => s.start < hit.endOffset);
  if (lastIndex >= 0 && sentences[lastIndex]!.end > hit.endOffset) {
    const grow = sentences[lastIndex]!.end - hit.endOffset;
    if (length + grow <= maxWindow) {
      end = { page: hit.pageNumber, offset: sentences[lastIndex]!.end };
      length += grow;
    }
  }
  while (segments < SOURCE_MAX_SEGMENTS) {
    const here = await pages.sentencesOf(hit.fileId, end.page);
    const last = here.at(-1);
    if (!last || last.end !== end.offset) break;
    if (endsSentence(pages.known(hit.fileId, end.page).slice(last.start, last.end))) break;
    const next = await pages.sentencesOf(hit.fileId, end.page + 1);
    const first = next[0];
    if (!first) break;
    const grow = first.end - first.start + SOURCE_SEGMENT_JOINER.length;
    if (length + grow > maxWindow) break;
    length += grow;
    end = { page: end.page + 1, offset: first.end };
    segments += 1;
    if (next.length > 1) break;
  }
  return { fileId: hit.fileId, start, end, score: hit.score };
}

/** Adds a range, merging it with every range of the same file it overlaps or touches. */
function mergeInto(ranges: Range[], range: Range): void {
  let merged = range;
  let at = -1;
  for (let i = 0; i < ranges.length; i += 1) {
    const other = ranges[i]!;
    if (other.fileId !== merged.fileId) continue;
    const overlaps = !before(merged.end, other.start) && !before(other.end, merged.start);
    if (!overlaps) continue;
    const union: Range = {
      fileId: merged.fileId,
      start: minPosition(merged.start, other.start),
      end: maxPosition(merged.end, other.end),
      score: Math.max(merged.score, other.score),
    };
    if (union.end.page - union.start.page + 1 > SOURCE_MAX_SEGMENTS) continue;
    merged = union;
    if (at < 0) {
      // The merged window keeps the place of the earlier (better) one.
      at = i;
      ranges[i] = merged;
    } else {
      ranges.splice(i, 1);
      i -= 1;
      ranges[at] = merged;
    }
  }
  if (at < 0) ranges.push(merged);
}

/** The range as page segments: its first page from its start, whole pages between, its last page up to its end. */
async function segmentsOf(pages: PageTexts, range: Range): Promise<SourceSegment[]> {
  const segments: SourceSegment[] = [];
  for (let page = range.start.page; page <= range.end.page; page += 1) {
    const sentences = await pages.sentencesOf(range.fileId, page);
    const start = page === range.start.page ? range.start.offset : (sentences[0]?.start ?? 0);
    const end = page === range.end.page ? range.end.offset : (sentences.at(-1)?.end ?? 0);
    if (end > start) segments.push({ page, start, end });
  }
  return segments;
}

async function fileInfo(db: Database, fileIds: string[]) {
  const info = new Map<string, { name: string; mediaType: string; collectionId: string; sourceUrl: string | null; totalPages: number }>();
  if (fileIds.length === 0) return info;
  const rows = await db
    .selectFrom('files as f')
    .select(['f.id', 'f.name', 'f.media_type', 'f.collection_id', 'f.source_url'])
    .select((eb) =>
      eb
        .selectFrom('document_pages as p')
        .select((inner) => inner.fn.max('p.page_number').as('n'))
        .whereRef('p.file_id', '=', 'f.id')
        .as('total_pages'),
    )
    .where('f.id', 'in', fileIds)
    .execute();
  for (const row of rows) {
    info.set(row.id, {
      name: row.name,
      mediaType: row.media_type,
      collectionId: row.collection_id,
      sourceUrl: row.source_url,
      totalPages: Number(row.total_pages ?? 0),
    });
  }
  return info;
}

function findLastIndex<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let i = items.length - 1; i >= 0; i -= 1) if (test(items[i]!)) return i;
  return -1;
}
