// Retrieval benchmark: the hybrid retriever of grounded answers
// (server/src/search/retriever.ts) on a generated, labelled German and English corpus.
//
// 1. Quality on ~2,200 passages (800 labelled facts among fillers, one question each: exact word,
//    inflected form, compound head, paraphrase): recall@5 and MRR@10 of today's full-text search,
//    full-text mode (full-text + compound stems), decompounding (full-text over the text plus
//    the compounds' parts), hybrid (+ vectors) and the vectors alone; compound recall per kind.
// 2. Latency at 50,000 passages: what retrieval adds before a grounded answer's first token
//    (query embedding + hybrid search), p50/p95, and the search box's path (the retriever in
//    full-text mode with the search box's syntax), beside baselines measured in the same run:
//    full-text search alone (what the search box ran before), and a plain chat's time to first token.
//
// The embeddings are the scripted model server's deterministic test double (a hashed bag of
// character trigrams, tests/fixtures/scripted-model-server.ts), served over HTTP through the
// product's EmbeddingsClient: no real embeddings model is reachable here. It knows spelling, not
// meaning: paraphrases stay out of its reach, and the hybrid figures are a floor for a real model.
// Never fails: it prints figures.
//
//   node --import tsx bench/search/retrieval.ts [--passages 2200] [--latency-size 50000] [--queries 200] [--seed 42] [--teams 40]
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/database';
import { EmbeddingsClient } from '../../server/src/inference/embeddings';
import { ModelProvider } from '../../server/src/inference/model-provider';
import type { ParsedDocument } from '../../server/src/ingestion/document-model';
import { prepareSearchTables } from '../../server/src/search/__tests__/search-tables';
import { indexDocument } from '../../server/src/search/index-document';
import { createRetriever, type Retriever } from '../../server/src/search/retriever';
import { anyWordQuery, searchPassages } from '../../server/src/search/search-passages';
import { prepareSearchStorage } from '../../server/src/search/search-storage';
import { analyzeSearchTables } from '../../server/src/search/tables';
import { searchVectors } from '../../server/src/search/vector-search';
import { startScriptedModelServer } from '../../tests/fixtures/scripted-model-server';
import { raw } from './raw-sql';
import { makeCorpus, type CorpusPassage, type LabelledQuestion, type QuestionKind } from './retrieval-corpus';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const PASSAGES = Number(args.get('passages') ?? 2200);
const LATENCY_SIZE = Number(args.get('latency-size') ?? 50_000);
const QUERIES = Number(args.get('queries') ?? 200);
const SEED = Number(args.get('seed') ?? 42);
const TEAMS = Number(args.get('teams') ?? 40);
const EMBEDDINGS_MODEL = 'scripted-test-embeddings';
const KINDS: QuestionKind[] = ['exact', 'inflection', 'compound', 'paraphrase'];

const fmt = (n: number, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const silent = { debug() {}, info() {}, warn() {}, error() {} };

async function time<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

interface Bench {
  handle: DatabaseHandle;
  embedder: EmbeddingsClient;
  collectionId: string;
  /** passage id -> corpus position */
  positions: Map<string, number>;
}

/** Indexes passages as files of 50 (one page, one passage each), with their embeddings, as ingestion does. */
async function ingest(bench: Bench, passages: CorpusPassage[]): Promise<{ ms: number; embedMs: number }> {
  let embedMs = 0;
  const { ms } = await time(async () => {
    for (const language of ['german', 'english'] as const) {
      const mine = passages.filter((p) => p.language === language);
      for (let i = 0; i < mine.length; i += 50) {
        const group = mine.slice(i, i + 50);
        const document: ParsedDocument = { mediaType: 'text/plain', language, pages: group.map((p, n) => ({ pageNumber: n + 1, text: p.text, boxes: [] })) };
        const started = performance.now();
        const vectors: number[][] = [];
        for (let b = 0; b < group.length; b += bench.embedder.batchSize) {
          vectors.push(...(await bench.embedder.embed(group.slice(b, b + bench.embedder.batchSize).map((p) => p.text))));
        }
        embedMs += performance.now() - started;
        const fileId = randomUUID();
        await indexDocument(bench.handle.db, {
          fileId,
          collectionId: bench.collectionId,
          document,
          chunk: { target: 100_000, max: 100_000 },
          embeddings: { model: EMBEDDINGS_MODEL, vectors },
        });
        const rows = await raw<{ id: string; page_number: number }>(bench.handle.db, 'select id, page_number from passages where file_id = $1', [fileId]);
        for (const row of rows) bench.positions.set(row.id, group[row.page_number - 1]!.n);
      }
    }
  });
  return { ms, embedMs };
}

// --- Decompounding, the alternative to trigram matching: the compounds' parts, found with a
// lexicon of the corpus's own words (stems of words that also occur alone), are added to a
// second tsvector; full-text search (any word) then runs over it.

async function buildDecompounding(bench: Bench): Promise<{ ms: number; split: number }> {
  const db = bench.handle.db;
  let split = 0;
  const { ms } = await time(async () => {
    await raw(db, 'create table if not exists bench_decompound (id uuid primary key, collection_id uuid not null, language text not null, tsv tsvector not null)');
    await raw(db, 'truncate bench_decompound');
    const rows = await raw<{ id: string; text: string; language: string }>(db, "select id, text, language from passages where language = 'german'");
    const words = new Set<string>();
    for (const row of rows) for (const w of row.text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) words.add(w);
    const stemOf = new Map<string, string>();
    const list = [...words];
    for (let i = 0; i < list.length; i += 5000) {
      const stems = await raw<{ w: string; s: string[] }>(db, "select w, ts_lexize('german_stem', w) as s from unnest($1::text[]) as w", [list.slice(i, i + 5000)]);
      for (const r of stems) if (r.s?.[0]) stemOf.set(r.w, r.s[0]);
    }
    // The lexicon: stems of 4+ letters of every word in the corpus (a compound's parts are known
    // when they occur on their own somewhere).
    const lexicon = new Set([...stemOf.values()].filter((s) => s.length >= 4));
    const parts = (word: string): string[] => {
      const stem = stemOf.get(word);
      if (!stem || stem.length < 8) return [];
      const found: string[] = [];
      for (let i = 3; i <= stem.length - 4; i += 1) {
        const head = stem.slice(i);
        if (lexicon.has(head)) {
          found.push(head);
          const first = stem.slice(0, i);
          if (first.length >= 4 && lexicon.has(first)) found.push(first);
          else if (first.endsWith('s') && lexicon.has(first.slice(0, -1))) found.push(first.slice(0, -1));
          break;
        }
      }
      return found;
    };
    const values = rows.map((row) => {
      const extra = (row.text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).flatMap(parts);
      if (extra.length) split += 1;
      return { id: row.id, extra: extra.join(' '), text: row.text };
    });
    for (let i = 0; i < values.length; i += 200) {
      const chunk = values.slice(i, i + 200);
      await raw(
        db,
        `insert into bench_decompound (id, collection_id, language, tsv)
         select id, $1::uuid, 'german', to_tsvector('german', text) || to_tsvector('german', extra)
         from unnest($2::uuid[], $3::text[], $4::text[]) as v(id, text, extra)`,
        [bench.collectionId, chunk.map((v) => v.id), chunk.map((v) => v.text), chunk.map((v) => v.extra)],
      );
    }
    await raw(db, "insert into bench_decompound (id, collection_id, language, tsv) select id, collection_id, language, tsv from passages where language <> 'german'");
    await raw(db, 'create index if not exists bench_decompound_tsv on bench_decompound using gin (tsv)');
    await raw(db, 'analyze bench_decompound');
  });
  return { ms, split };
}

async function searchDecompounded(bench: Bench, query: string, limit: number): Promise<string[]> {
  const q = anyWordQuery(query);
  if (!q) return [];
  const rows = await raw<{ id: string }>(
    bench.handle.db,
    `with q as (select websearch_to_tsquery('german', $1) as german, websearch_to_tsquery('english', $1) as english)
     select d.id from bench_decompound d cross join q
     where d.collection_id = $2::uuid
       and ((d.language = 'german' and d.tsv @@ q.german) or (d.language = 'english' and d.tsv @@ q.english))
     order by ts_rank_cd(d.tsv, case d.language when 'german' then q.german else q.english end) desc, d.id
     limit $3`,
    [q, bench.collectionId, limit],
  );
  return rows.map((r) => r.id);
}

// --- Quality

interface Config {
  name: string;
  search(question: LabelledQuestion): Promise<string[]>;
}

async function quality(bench: Bench, questions: LabelledQuestion[], configs: Config[]) {
  const rows: string[][] = [];
  for (const config of configs) {
    const byKind = new Map<QuestionKind, { n: number; hit5: number; rr: number }>();
    const all = { n: 0, hit5: 0, rr: 0 };
    const times: number[] = [];
    for (const question of questions) {
      const started = performance.now();
      const ids = await config.search(question);
      times.push(performance.now() - started);
      const rank = ids.findIndex((id) => bench.positions.get(id) === question.answer) + 1;
      const kind = byKind.get(question.kind) ?? { n: 0, hit5: 0, rr: 0 };
      for (const bucket of [kind, all]) {
        bucket.n += 1;
        if (rank >= 1 && rank <= 5) bucket.hit5 += 1;
        if (rank >= 1 && rank <= 10) bucket.rr += 1 / rank;
      }
      byKind.set(question.kind, kind);
    }
    times.sort((a, b) => a - b);
    rows.push([
      config.name,
      fmt(all.hit5 / all.n),
      fmt(all.rr / all.n),
      ...KINDS.map((k) => {
        const b = byKind.get(k);
        return b ? fmt(b.hit5 / b.n) : '-';
      }),
      fmt(percentile(times, 50)),
      fmt(percentile(times, 95)),
    ]);
  }
  const counts = KINDS.map((k) => `${k} ${questions.filter((q) => q.kind === k).length}`).join(', ');
  console.log(`\nquality over ${questions.length} labelled questions (${counts}); limit 10; recall@5 per kind:`);
  console.log(table(['configuration', 'recall@5', 'MRR@10', 'exact', 'inflection', 'compound', 'paraphrase', 'p50 ms', 'p95 ms'], rows));
}

async function main(): Promise<void> {
  console.log(
    `retrieval benchmark: ${PASSAGES} passages for quality, ${LATENCY_SIZE} for latency, ${QUERIES} timed queries, seed ${SEED}, node ${process.version}, ` +
      `load average ${loadavg().map((n) => n.toFixed(1)).join(' ')} (other work on the machine moves the timings)`,
  );
  console.log(
    'embeddings: the scripted model server\'s deterministic test double (hashed character trigrams, 256 dimensions) over HTTP —\n' +
      'no real embeddings model is reachable here; it matches spelling, not meaning, so hybrid figures are a floor for a real model.',
  );
  const model = await startScriptedModelServer({ defaultReply: 'Eine kurze Antwort.' });
  const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await prepareSearchTables(handle.db);
  const storage = await prepareSearchStorage(handle.db);
  console.log(`database: PGlite in memory, pgvector ${storage.vectorVersion ?? 'absent'}, pg_trgm ${storage.trigram ? 'yes' : 'no'}`);
  const embedder = new EmbeddingsClient({
    provider: { endpoint: async () => ({ baseUrl: model.url, source: 'configured' }) },
    apiKey: undefined,
    model: EMBEDDINGS_MODEL,
    batchSize: 64,
    timeoutMs: 60_000,
  });
  const bench: Bench = { handle, embedder, collectionId: randomUUID(), positions: new Map() };
  const corpus = makeCorpus(SEED, TEAMS);
  const first = [...corpus.labelled, ...corpus.filler(Math.max(0, PASSAGES - corpus.labelled.length), corpus.labelled.length)];
  const loaded = await ingest(bench, first);
  await analyzeSearchTables(handle.db);
  console.log(
    `indexed ${first.length} passages (${corpus.labelled.length} labelled) with embeddings in ${fmt(loaded.ms / 1000, 1)} s ` +
      `(${fmt(first.length / (loaded.ms / 1000), 0)} passages/s; embedding requests ${fmt(loaded.embedMs / 1000, 1)} s of it)`,
  );
  const decompounding = await buildDecompounding(bench);
  console.log(`decompounding: split the German passages' compounds with a lexicon of the corpus's stems in ${fmt(decompounding.ms / 1000, 1)} s (${decompounding.split} passages had parts)`);

  const scope = { collectionIds: [bench.collectionId], limit: 10 };
  const fullTextMode = createRetriever({ db: handle.db, storage });
  const hybrid = createRetriever({ db: handle.db, storage, embedder });
  const configs: Config[] = [
    { name: 'full-text, all words (former search box)', search: async (q) => (await searchPassages(handle.db, { ...scope, query: q.question })).map((h) => h.passageId) },
    { name: 'full-text, any word', search: async (q) => (await searchPassages(handle.db, { ...scope, query: q.question }, { anyWord: true })).map((h) => h.passageId) },
    { name: 'decompounding (any word + parts)', search: (q) => searchDecompounded(bench, q.question, 10) },
    { name: 'full-text mode (any word + stems)', search: async (q) => (await fullTextMode.search({ ...scope, query: q.question })).map((h) => h.passageId) },
    { name: 'search box (full-text mode, box syntax)', search: async (q) => (await fullTextMode.search({ ...scope, query: q.question, searchBox: true })).map((h) => h.passageId) },
    { name: 'hybrid (+ test vectors)', search: async (q) => (await hybrid.search({ ...scope, query: q.question })).map((h) => h.passageId) },
    {
      name: 'test vectors alone',
      search: async (q) => {
        const [vector] = await embedder.embed([q.question]);
        const rows = await searchVectors(handle.db, { collectionIds: [bench.collectionId], model: EMBEDDINGS_MODEL, vector: vector!, limit: 10, iterativeScan: true });
        return rows.map((r) => r.id);
      },
    },
  ];
  await quality(bench, corpus.questions, configs);
  console.log(
    '(p50/p95 here include the query embedding over HTTP for the hybrid and vector rows; the hybrid retriever caches a\n' +
      ' query\'s embedding, and each question is asked once per configuration, so every hybrid search embeds its query.)',
  );

  // --- Latency at LATENCY_SIZE passages
  if (LATENCY_SIZE > first.length) {
    const more = corpus.filler(LATENCY_SIZE - first.length, first.length);
    const grown = await ingest(bench, more);
    await analyzeSearchTables(handle.db);
    console.log(
      `\ngrew to ${LATENCY_SIZE} passages: ${more.length} more indexed with embeddings in ${fmt(grown.ms / 1000, 1)} s ` +
        `(${fmt(more.length / (grown.ms / 1000), 0)} passages/s; embedding requests ${fmt(grown.embedMs / 1000, 1)} s of it)`,
    );
  }
  const timed = corpus.questions.slice(0, QUERIES);
  const provider = new ModelProvider({ baseUrl: model.url, timeoutMs: 60_000, logger: silent });
  const measure = async (run: (q: LabelledQuestion) => Promise<unknown>) => {
    for (const q of timed.slice(0, 10)) await run(q);
    const times: number[] = [];
    for (const q of timed) times.push((await time(() => run(q))).ms);
    return times.sort((a, b) => a - b);
  };
  const chatFirstToken = async () => {
    const deltas = await provider.stream({ model: 'scripted-model', messages: [{ role: 'user', content: 'Hallo' }] });
    for await (const delta of deltas) {
      void delta;
      break;
    }
  };
  const searchBox = await measure((q) => searchPassages(handle.db, { ...scope, query: q.question }));
  const chat = await measure(() => chatFirstToken());
  const embedOnly = await measure((q) => embedder.embed([`${q.question} (${randomUUID()})`]));
  const fullTextTimes = await measure((q) => fullTextMode.search({ ...scope, query: q.question }));
  const searchBoxPath = await measure((q) => fullTextMode.search({ ...scope, query: q.question, searchBox: true }));
  // A fresh retriever per question keeps the query-embedding cache cold: every question is new.
  const hybridCold = await measure((q) => createRetriever({ db: handle.db, storage, embedder }).search({ ...scope, query: q.question }));
  const warm: Retriever = hybrid;
  const hybridWarm = await measure((q) => warm.search({ ...scope, query: q.question }));
  const size = Math.max(LATENCY_SIZE, first.length);
  const row = (name: string, t: number[]) => [name, fmt(percentile(t, 50)), fmt(percentile(t, 95))];
  console.log(`\nlatency at ${size} passages over ${timed.length} questions (ms; limit 10):`);
  console.log(
    table(
      ['measured', 'p50', 'p95'],
      [
        row('baseline: full-text search alone (former search box)', searchBox),
        row('baseline: plain chat, time to first token', chat),
        row('query embedding alone (HTTP)', embedOnly),
        row('retrieval, full-text mode', fullTextTimes),
        row('search box (full-text mode, box syntax)', searchBoxPath),
        row('retrieval, hybrid, new question', hybridCold),
        row('retrieval, hybrid, embedding cached', hybridWarm),
      ],
    ),
  );
  console.log(`load average now ${loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  const p95 = percentile(hybridCold, 95);
  console.log(
    `\nretrieval adds before the first token (hybrid, new question): p50 ${fmt(percentile(hybridCold, 50))} ms, p95 ${fmt(p95)} ms — ` +
      `goal <= 50 ms at p95: ${p95 <= 50 ? 'met' : 'NOT met'}\n` +
      `  the search box's path: p50 ${fmt(percentile(searchBoxPath, 50) / percentile(searchBox, 50), 1)}x, p95 ${fmt(percentile(searchBoxPath, 95) / percentile(searchBox, 95), 1)}x full-text search alone\n` +
      `  ratio to full-text search alone p50 ${fmt(percentile(hybridCold, 50) / percentile(searchBox, 50), 1)}x, p95 ${fmt(p95 / percentile(searchBox, 95), 1)}x; ` +
      `to a plain chat's first token (a local scripted server, so near zero) p50 ${fmt(percentile(hybridCold, 50) / percentile(chat, 50), 1)}x, p95 ${fmt(p95 / percentile(chat, 95), 1)}x`,
  );
  await handle.close();
  await model.close();
}

main().catch((error: unknown) => {
  console.error('benchmark could not finish:', error);
  process.exitCode = 0;
});
