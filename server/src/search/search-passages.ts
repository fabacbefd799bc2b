import { randomBytes } from 'node:crypto';
import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_QUERY_MAX_LENGTH } from '@assistant/contracts';
import { sql, type Selectable } from 'kysely';
import type { PassagesTable } from '../db/schema';
import { markersToHighlights, type Highlight } from './highlights';
import { inCollections, withIndexScans, type AnyKysely, type PassageRow } from './tables';

export type { Highlight } from './highlights';

export interface Hit {
  passageId: string;
  fileId: string;
  collectionId: string;
  pageNumber: number;
  /** Where the passage is in its page's text: page.text.slice(startOffset, endOffset) === text. */
  startOffset: number;
  endOffset: number;
  /** The passage text; highlights index into it. */
  text: string;
  /** ts_rank_cd of the passage for the query (higher is better; not bounded to 0..1). */
  score: number;
  /** The words that matched, in text order. */
  highlights: Highlight[];
}

/** A passage row as a hit. */
export function toHit(row: PassageRow, score: number, highlights: Highlight[] = []): Hit {
  return {
    passageId: row.id,
    fileId: row.file_id,
    collectionId: row.collection_id,
    pageNumber: row.page_number,
    startOffset: row.start_offset,
    endOffset: row.end_offset,
    text: row.text,
    score,
    highlights,
  };
}

export interface SearchInput {
  collectionIds: readonly string[];
  query: string;
  /** Default SEARCH_DEFAULT_LIMIT, at most SEARCH_MAX_LIMIT (the contract's). */
  limit?: number;
  /** Only passages of these files (one document's question); absent: every file of the collections. */
  fileIds?: readonly string[];
  /**
   * The retriever reads the query as a search box (`splitSearchBoxQuery`): `"phrases"` and
   * `-words` filter the hits instead of being looked for. Absent: a question, whose quotes and
   * dashes are only punctuation. searchPassages always reads websearch syntax.
   */
  searchBox?: boolean;
}

export interface SearchOptions {
  /**
   * Match passages with any of the query's words (ranked by ts_rank_cd, so more of them rank
   * higher) instead of all of them: for questions in natural language (retrieval for grounded
   * answers), where a search box's AND would demand every word of the sentence.
   */
  anyWord?: boolean;
  /**
   * With `anyWord`: only passages with one of these words are candidates (ranked and highlighted
   * with every word of the query). The retriever leaves out words most passages contain, so a
   * question's common words do not make thousands of passages candidates to rank.
   */
  candidateWords?: readonly string[];
  /** Most matching passages ranked (the first the GIN index returns); absent: all of them. */
  maxCandidates?: number;
}

/** The query's words joined with websearch's `or` (quotes and `-` of the typed query are dropped). */
export function anyWordQuery(query: string): string {
  const words = (query.match(/[\p{L}\p{N}]+/gu) ?? []).filter((word) => word.toLowerCase() !== 'or');
  return words.join(' or ');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const START = '\u0001';
const STOP = '\u0002';
const headlineOptions = (start: string, stop: string) => `StartSel="${start}", StopSel="${stop}", HighlightAll=true`;

type Row = PassageRow & Pick<Selectable<PassagesTable>, 'language'> & { score: number | string; marked: string };

/**
 * Full-text search over the passages of the given collections. The query is read the way a web
 * search box is (websearch_to_tsquery: words, "phrases", or, -not) once per text-search
 * configuration, and each passage is matched with the query of its own language (german, english,
 * simple), against the stored tsvector through its GIN index. Hits are ranked by ts_rank_cd; the
 * matched words come from ts_headline (HighlightAll, control-character markers) turned into offsets
 * in the passage text, checked character by character against it.
 */
export async function searchPassages(db: AnyKysely, input: SearchInput, options: SearchOptions = {}): Promise<Hit[]> {
  const typed = input.query.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const query = options.anyWord ? anyWordQuery(typed) : typed;
  const candidates = options.anyWord && options.candidateWords?.length ? anyWordQuery(options.candidateWords.join(' ')) : query;
  // Ids that are not UUIDs name no collection (and would make the uuid cast fail).
  const collectionIds = [...new Set(input.collectionIds)].filter((id) => UUID.test(id));
  const fileIds = input.fileIds ? [...new Set(input.fileIds)].filter((id) => UUID.test(id)) : undefined;
  if (!query || collectionIds.length === 0 || fileIds?.length === 0) return [];
  const limit = Math.min(Math.max(Math.trunc(input.limit ?? SEARCH_DEFAULT_LIMIT), 1), SEARCH_MAX_LIMIT);

  // ts_rank_cd looks for covers of the query's words; over an `or` of a question's words that
  // costs about 15 µs a passage (measured: 2000 passages, 30 ms), ts_rank under 1 µs.
  const rankFunction = sql.raw(options.anyWord ? 'ts_rank' : 'ts_rank_cd');
  // A capped search reads the GIN index's bitmap only (withIndexScans, inCollections).
  const capped = !!options.maxCandidates;
  const run = (trx: AnyKysely) => sql<Row>`
    with q as (
      select websearch_to_tsquery('german', ${query}) as german,
             websearch_to_tsquery('english', ${query}) as english,
             websearch_to_tsquery('simple', ${query}) as simple,
             websearch_to_tsquery('german', ${candidates}) as cgerman,
             websearch_to_tsquery('english', ${candidates}) as cenglish,
             websearch_to_tsquery('simple', ${candidates}) as csimple
    ),
    hits as (
      select p.id, p.file_id, p.collection_id, p.page_number, p.start_offset, p.end_offset, p.text, p.language, p.tsv,
             case p.language when 'german' then q.german when 'english' then q.english else q.simple end as query
      from passages p cross join q
      where ${capped ? inCollections(sql`p.collection_id`, collectionIds) : sql`p.collection_id in (${sql.join(collectionIds.map((id) => sql`${id}::uuid`))})`}
        ${fileIds ? sql`and p.file_id in (${sql.join(fileIds.map((id) => sql`${id}::uuid`))})` : sql``}
        and (   (p.language = 'german' and p.tsv @@ q.cgerman)
             or (p.language = 'english' and p.tsv @@ q.cenglish)
             or (p.language not in ('german', 'english') and p.tsv @@ q.csimple))
      ${options.maxCandidates ? sql`limit ${Math.max(Math.trunc(options.maxCandidates), limit)}` : sql``}
    ),
    ranked as (
      select id, file_id, collection_id, page_number, start_offset, end_offset, text, language, query, ${rankFunction}(tsv, query) as score
      from hits
      order by score desc, id
      limit ${limit}
    )
    select id, file_id, collection_id, page_number, start_offset, end_offset, text, language, score,
           ts_headline(language::regconfig, text, query, ${headlineOptions(START, STOP)}) as marked
    from ranked
    order by score desc, id`.execute(trx);
  const { rows } = capped ? await withIndexScans(db, run) : await run(db);

  const hits: Hit[] = [];
  for (const row of rows) {
    let highlights = markersToHighlights(row.text, row.marked, START, STOP);
    if (highlights === null) highlights = await headlineWithNonce(db, row, query);
    hits.push(toHit(row, Number(row.score), highlights ?? []));
  }
  return hits;
}

/** The rare passage that holds the control characters itself: markers made of a random word. */
async function headlineWithNonce(db: AnyKysely, row: Row, query: string): Promise<Highlight[] | null> {
  const nonce = randomBytes(6).toString('hex');
  const start = `[[${nonce}:`;
  const stop = `:${nonce}]]`;
  const language = ['german', 'english'].includes(row.language) ? row.language : 'simple';
  const { rows } = await sql<{ marked: string }>`
    select ts_headline(${language}::regconfig, ${row.text}, websearch_to_tsquery(${language}::regconfig, ${query}), ${headlineOptions(start, stop)}) as marked`.execute(db);
  return rows[0] ? markersToHighlights(row.text, rows[0].marked, start, stop) : null;
}
