import { SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT, SEARCH_QUERY_MAX_LENGTH, type SearchMode } from '@assistant/contracts';
import type { Embedder } from '../inference/embeddings';
import { compoundHighlights, compoundStems, queryWords, searchCompounds, wordForms } from './compound-search';
import type { Highlight } from './highlights';
import { reciprocalRankFusion } from './rank-fusion';
import { passagesMatchingFilter, splitSearchBoxQuery } from './search-box-syntax';
import { searchPassages, toHit, type Hit, type SearchInput } from './search-passages';
import type { SearchStorage } from './search-storage';
import type { AnyKysely } from './tables';
import { TermFrequencies } from './term-frequencies';
import { searchVectors } from './vector-search';

/**
 * The one retrieval every grounded feature and the search box use (QA, grounded chat, tools,
 * agents, deep research, the collections' search; DESIGN section 9): passages of the given
 * collections (the caller has checked the user may read each), best first, with their page and
 * exact offsets. `mode` says what the server searches with.
 */
export interface Retriever {
  readonly mode: SearchMode;
  search(input: SearchInput): Promise<Hit[]>;
}

/** Full-text search alone, every word required (websearch syntax), for tests and tools that want only that. */
export function fullTextRetriever(db: AnyKysely): Retriever {
  return { mode: 'full-text', search: (input) => searchPassages(db, input) };
}

type Logger = { warn(obj: object, msg: string): void };

export interface HybridRetrieverOptions {
  db: AnyKysely;
  /** What prepareSearchStorage found (pgvector, pg_trgm). */
  storage: Pick<SearchStorage, 'vector' | 'vectorVersion'>;
  /** EMBEDDINGS_MODEL's client; absent: no vectors (full-text mode). */
  embedder?: Embedder | undefined;
  /** The query's embedding at search time (EMBEDDINGS_QUERY_TIMEOUT_MS); past it the search runs without vectors. */
  queryTimeoutMs?: number;
  log?: Logger;
  /** Recent query embeddings kept (default 256) and for how long (default 10 minutes). */
  cacheSize?: number;
  cacheTtlMs?: number;
}

export interface HybridRetriever extends Retriever {
  /** One line for the start-up log: the mode and why. */
  describe(): string;
}

/**
 * A word in more than this share of the passages is no candidate word: it still ranks, but does
 * not make passages candidates (a question's "Abteilung" would make half the corpus one).
 */
export const FREQUENT_WORD_SHARE = 0.02;

/**
 * Most passages full-text search ranks for one query (the first the index returns past it): a
 * query of only very common words would otherwise rank tens of thousands at a million passages.
 */
export const MAX_RANKED_CANDIDATES = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Retrieval by up to three ranked lists, merged by reciprocal rank fusion (k = 60):
 *
 * - full-text search (searchPassages, any of the question's words, ranked by ts_rank_cd; words
 *   in more than 2 % of the passages by PostgreSQL's statistics rank but bring no candidates),
 * - compound words: the stems of the query's words of 4+ letters inside longer words (pg_trgm),
 *   so `Bericht` finds `Jahresbericht` in either mode,
 * - in hybrid mode, the nearest passages by cosine distance of their embeddings (pgvector) to the
 *   query's embedding (computed per search, recent ones cached briefly).
 *
 * `mode` is 'hybrid' when an embeddings model is configured and the database has pgvector, else
 * 'full-text'. A query whose embedding fails (endpoint down, too slow) is answered from the
 * other lists, with a warning in the log. Every list is filtered to the collections (and files)
 * given, in SQL. Highlights: the words full-text search matched and every word that contains a
 * query stem (the whole compound), merged; a hit only the vectors found gets the query words it
 * contains (possibly none).
 */
export function createRetriever(options: HybridRetrieverOptions): HybridRetriever {
  const { db, storage, embedder, log } = options;
  const hybrid = !!embedder && storage.vector;
  const iterativeScan = compareVersions(storage.vectorVersion ?? '0', '0.8.0') >= 0;
  const cache = new QueryEmbeddingCache(options.cacheSize ?? 256, options.cacheTtlMs ?? 10 * 60_000);
  const frequencies = new TermFrequencies(db);

  /**
   * The query's words that are neither stop words nor in more than FREQUENT_WORD_SHARE of the
   * passages, rarest first while the passages they bring stay within MAX_RANKED_CANDIDATES (the
   * rarest always), in the query's order.
   */
  async function candidateWords(query: string): Promise<string[] | undefined> {
    const words = queryWords(query);
    const [forms, statistics] = await Promise.all([wordForms(db, words), frequencies.get()]);
    const { shares, passages } = statistics;
    if (shares.size === 0) return undefined;
    const rare = words
      .flatMap((word) => {
        const form = forms.get(word);
        if (!form || form.german === null || form.english === null) return [];
        const share = Math.max(shares.get(form.german) ?? 0, shares.get(form.english) ?? 0, shares.get(word) ?? 0);
        return share <= FREQUENT_WORD_SHARE ? [{ word, share }] : [];
      })
      .sort((a, b) => a.share - b.share);
    const kept = new Set<string>();
    let rows = 0;
    for (const { word, share } of rare) {
      if (kept.size > 0 && rows + share * passages > MAX_RANKED_CANDIDATES) break;
      kept.add(word);
      rows += share * passages;
    }
    return kept.size > 0 ? words.filter((word) => kept.has(word)) : undefined;
  }

  async function queryVector(query: string): Promise<number[] | undefined> {
    if (!hybrid || !embedder) return undefined;
    try {
      return await cache.get(`${embedder.model}\n${query}`, async () => {
        const [vector] = await embedder.embed([query], { timeoutMs: options.queryTimeoutMs ?? 3000 });
        return vector!;
      });
    } catch (error) {
      log?.warn({ err: error instanceof Error ? error.message : String(error) }, 'the query embedding failed: this search ran without vectors');
      return undefined;
    }
  }

  return {
    mode: hybrid ? 'hybrid' : 'full-text',
    describe() {
      if (hybrid) return `hybrid: full-text + vectors of ${embedder!.model} (pgvector ${storage.vectorVersion ?? '?'}) + compound words, reciprocal rank fusion`;
      const why = embedder ? 'the database has no pgvector' : 'EMBEDDINGS_MODEL is not set';
      return `full-text: full-text + compound words, reciprocal rank fusion (no vectors: ${why})`;
    },
    async search(input: SearchInput): Promise<Hit[]> {
      const typed = input.query.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
      const { words: query, filter } = input.searchBox ? splitSearchBoxQuery(typed) : { words: typed, filter: undefined };
      const collectionIds = [...new Set(input.collectionIds)].filter((id) => UUID.test(id));
      const fileIds = input.fileIds ? [...new Set(input.fileIds)].filter((id) => UUID.test(id)) : undefined;
      if (!query || collectionIds.length === 0 || fileIds?.length === 0) return [];
      const limit = Math.min(Math.max(Math.trunc(input.limit ?? SEARCH_DEFAULT_LIMIT), 1), SEARCH_MAX_LIMIT);
      // Each list brings more than the limit, so fusion can lift what two lists agree on.
      const candidates = Math.min(Math.max(limit * 2, 30), SEARCH_MAX_LIMIT);
      const scope = { collectionIds, ...(fileIds ? { fileIds } : {}) };

      const vectorPromise = queryVector(query);
      const rare = await candidateWords(query);
      // Compounds are looked for with the candidate words' stems (a frequent word's would make a
      // large part of the corpus candidates to check by regular expression); highlights use all.
      const stems = await compoundStems(db, query);
      const compoundQuery = rare ? rare.join(' ') : query;
      const searchStems = rare ? await compoundStems(db, compoundQuery) : stems;
      const fullText = await searchPassages(
        db,
        { ...scope, query, limit: candidates },
        { anyWord: true, maxCandidates: MAX_RANKED_CANDIDATES, ...(rare ? { candidateWords: rare } : {}) },
      );
      const compounds = await searchCompounds(db, {
        ...scope,
        stems: searchStems,
        rankWords: queryWords(query),
        narrowWords: rare ?? [],
        limit: candidates,
      });
      const vector = await vectorPromise;
      const nearest =
        vector && embedder ? await searchVectors(db, { ...scope, model: embedder.model, vector, limit: candidates, iterativeScan }) : [];

      // The search box's phrases and exclusions apply to every list, so the vectors bring no
      // passage with an excluded word either.
      const candidateIds = [...new Set([...fullText.map((h) => h.passageId), ...compounds.map((r) => r.id), ...nearest.map((r) => r.id)])];
      const allowed = filter ? await passagesMatchingFilter(db, candidateIds, filter) : undefined;
      const kept = <T>(list: T[], id: (item: T) => string) => (allowed ? list.filter((item) => allowed.has(id(item))) : list);
      const fullTextKept = kept(fullText, (h) => h.passageId);
      const compoundsKept = kept(compounds, (r) => r.id);
      const nearestKept = kept(nearest, (r) => r.id);

      const byId = new Map<string, Hit>();
      for (const hit of fullTextKept) byId.set(hit.passageId, hit);
      for (const row of [...compoundsKept, ...nearestKept]) {
        if (byId.has(row.id)) continue;
        byId.set(row.id, toHit(row, 0));
      }
      const lists = [fullTextKept.map((h) => h.passageId), compoundsKept.map((r) => r.id), nearestKept.map((r) => r.id)];
      return reciprocalRankFusion(lists)
        .slice(0, limit)
        .map(({ id, score }) => {
          const hit = byId.get(id)!;
          return { ...hit, score, highlights: mergeHighlights(hit.highlights, compoundHighlights(hit.text, stems)) };
        });
    },
  };
}

/** Two sets of whole-word ranges as one, in text order; overlapping ranges become their union. */
export function mergeHighlights(a: readonly Highlight[], b: readonly Highlight[]): Highlight[] {
  const sorted = [...a, ...b].sort((x, y) => x.start - y.start || x.end - y.end);
  const merged: Highlight[] = [];
  for (const h of sorted) {
    const last = merged[merged.length - 1];
    if (last && h.start < last.end) last.end = Math.max(last.end, h.end);
    else merged.push({ start: h.start, end: h.end });
  }
  return merged;
}

function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Recent query embeddings (a follow-up question, a retry, several tools asking alike), briefly. */
class QueryEmbeddingCache {
  private entries = new Map<string, { at: number; vector: Promise<number[]> }>();

  constructor(
    private readonly size: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string, compute: () => Promise<number[]>): Promise<number[]> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.at <= this.ttlMs) {
      // Most recently used last: the first key is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.vector;
    }
    const vector = compute();
    this.entries.delete(key);
    this.entries.set(key, { at: now, vector });
    // A failure is not remembered: the next search asks again.
    vector.catch(() => {
      if (this.entries.get(key)?.vector === vector) this.entries.delete(key);
    });
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return vector;
  }
}
