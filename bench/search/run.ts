// Search benchmark: PostgreSQL full-text search on PGlite (searchPassages: stored
// tsvector, GIN index, ts_rank_cd, ts_headline highlights) against minisearch over the same
// passages in the same run, at 10k and 50k generated passages; recall@10 on a labelled query set;
// and ingestion pages per second for generated PDFs beside the same text as plain text. The search
// box's path (the retriever in full-text mode with the search box's syntax: full text, compound
// words, rank fusion, highlights) is measured beside those two baselines.
// Never fails: it prints figures. Usage:
//   node --import tsx bench/search/run.ts [--sizes 10000,50000] [--queries 200] [--seed 42] [--pdfs 20]
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import MiniSearch from 'minisearch';
import { makePdf } from '../../tests/fixtures/documents/make-documents';
import { openDatabase } from '../../server/src/db/database';
import type { ParsedDocument } from '../../server/src/ingestion/document-model';
import { parseDocument } from '../../server/src/ingestion/parsers/index';
import { prepareSearchTables } from '../../server/src/search/__tests__/search-tables';
import { indexDocument } from '../../server/src/search/index-document';
import { createRetriever } from '../../server/src/search/retriever';
import { searchPassages } from '../../server/src/search/search-passages';
import { prepareSearchStorage } from '../../server/src/search/search-storage';
import { analyzeSearchTables } from '../../server/src/search/tables';
import { mulberry32 } from '../support/seeded-random';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
const SIZES = (args.get('sizes') ?? '10000,50000').split(',').map(Number);
const QUERY_COUNT = Number(args.get('queries') ?? 200);
const SEED = Number(args.get('seed') ?? 42);
const PDF_COUNT = Number(args.get('pdfs') ?? 20);

const random = mulberry32(SEED);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const GERMAN_BASE =
  'der die das und ist nicht mit den dem ein eine auf für von zu im sind wird werden auch sich als bei nach oder aber wie noch nur über Abteilung Bericht Berichte Unternehmen Mitarbeiter Mitarbeiterin Projekt Projekte Kunde Kunden Vertrag Verträge Leistung Leistungen Rechnung Zahlung Termin Besprechung Ergebnis Ergebnisse Anforderung Anforderungen Planung Umsetzung Prüfung geprüft Freigabe Qualität Sicherheit Daten Datenschutz Verantwortung Zeitraum Quartal Jahr Monat Woche Budget Kosten Ausgaben Einnahmen Strategie Ziel Ziele Maßnahme Maßnahmen Lieferant Lieferanten Produkt Produkte Dienstleistung Standort Gebäude Büro Homeoffice Arbeitszeit Urlaub Antrag Anträge Genehmigung Leitung Vorstand Geschäftsführung Team Teams Schulung Weiterbildung Handbuch Richtlinie Richtlinien Prozess Prozesse System Systeme Software Anwendung Server Netzwerk Zugang Passwort Konto Änderung Änderungen Version Dokument Dokumente Vorlage Entwurf Abstimmung Entscheidung wichtig neu neue neuen schnell sicher offen geschlossen erledigt geplant'.split(' ');
const ENGLISH_BASE =
  'the and is are was were not with of to in for on by from this that be been has have it as or but which will an at department report reports company employee employees project projects customer customers contract contracts service services invoice payment meeting meetings result results requirement requirements planning delivery review reviewed approval quality security data privacy responsibility period quarter year month week budget costs expenses revenue strategy goal goals measure supplier suppliers product products location building office remote working hours vacation request requests permission management board team teams training handbook guideline guidelines process processes system systems software application server network access password account change changes version document documents template draft decision important new fast secure open closed done planned running'.split(' ');

/** Stems of the labelled queries' words (below), kept out of the generated vocabulary. */
const RESERVED = ['wartungsvertr', 'dienstreis', 'lieferschein', 'betriebsr', 'reisekosten', 'arbeitsschutz', 'inventur', 'zuliefer', 'kündigung', 'brandschutz', 'warehous', 'shipment', 'audit', 'reimburs', 'onboard', 'contractor', 'forecast', 'outage', 'complian', 'negotiat'];

/** Pseudo-words from syllables, so the vocabulary is large like real text (a long tail of rare words). */
function syllableWords(count: number, syllables: string[]): string[] {
  const words = new Set<string>();
  while (words.size < count) {
    const n = 2 + Math.floor(random() * 3);
    let w = '';
    for (let i = 0; i < n; i += 1) w += pick(syllables);
    if (!RESERVED.some((stem) => w.includes(stem))) words.add(w);
  }
  return [...words];
}
const GERMAN_VOCAB = [...GERMAN_BASE, ...syllableWords(6000, ['ber', 'ung', 'schaft', 'ge', 'lich', 'ein', 'stadt', 'werk', 'bau', 'ver', 'ant', 'rat', 'zeit', 'haus', 'kraft', 'feld', 'mann', 'spiel'])];
const ENGLISH_VOCAB = [...ENGLISH_BASE, ...syllableWords(6000, ['con', 'tion', 'pre', 'ment', 'able', 'ist', 'ver', 'port', 'ing', 'ed', 'tra', 'ship', 'ness', 'ly', 'com', 'dis', 'ate', 'ure'])];

/** Zipf-like pick: rank r with weight 1/(r+1). */
function zipfPicker(vocab: string[]): () => string {
  const cumulative: number[] = [];
  let sum = 0;
  for (let r = 0; r < vocab.length; r += 1) cumulative.push((sum += 1 / (r + 1)));
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return vocab[lo]!;
  };
}
const pickGerman = zipfPicker(GERMAN_VOCAB);
const pickEnglish = zipfPicker(ENGLISH_VOCAB);

function sentence(language: 'german' | 'english', extra?: string): string {
  const pickWord = language === 'german' ? pickGerman : pickEnglish;
  const words = Array.from({ length: 8 + Math.floor(random() * 10) }, pickWord);
  if (extra) words.splice(Math.floor(random() * words.length), 0, extra);
  const text = words.join(' ');
  return text[0]!.toUpperCase() + text.slice(1) + '.';
}
function passageText(language: 'german' | 'english', extra?: string): string {
  let text = '';
  for (let i = 0; text.length < 450; i += 1) text += (text ? ' ' : '') + sentence(language, i === 0 ? extra : undefined);
  return text;
}

// Labelled queries: a term planted in 6 passages each, in different inflected forms.
const LABELLED: Array<{ query: string; language: 'german' | 'english'; forms: string[] }> = [
  { query: 'Wartungsvertrag', language: 'german', forms: ['Wartungsvertrag', 'Wartungsverträge', 'Wartungsverträgen', 'Wartungsvertrags'] },
  { query: 'Dienstreise', language: 'german', forms: ['Dienstreise', 'Dienstreisen'] },
  { query: 'Lieferschein', language: 'german', forms: ['Lieferschein', 'Lieferscheine', 'Lieferscheinen', 'Lieferscheins'] },
  { query: 'Betriebsrat', language: 'german', forms: ['Betriebsrat', 'Betriebsrats', 'Betriebsräte'] },
  { query: 'Reisekostenabrechnung', language: 'german', forms: ['Reisekostenabrechnung', 'Reisekostenabrechnungen'] },
  { query: 'Arbeitsschutz', language: 'german', forms: ['Arbeitsschutz', 'Arbeitsschutzes'] },
  { query: 'Inventur', language: 'german', forms: ['Inventur', 'Inventuren'] },
  { query: 'Zulieferer', language: 'german', forms: ['Zulieferer', 'Zulieferern', 'Zulieferers'] },
  { query: 'Kündigungsfrist', language: 'german', forms: ['Kündigungsfrist', 'Kündigungsfristen'] },
  { query: 'Brandschutzübung', language: 'german', forms: ['Brandschutzübung', 'Brandschutzübungen'] },
  { query: 'warehouse', language: 'english', forms: ['warehouse', 'warehouses'] },
  { query: 'shipment', language: 'english', forms: ['shipment', 'shipments'] },
  { query: 'audit', language: 'english', forms: ['audit', 'audits', 'audited', 'auditing'] },
  { query: 'reimbursement', language: 'english', forms: ['reimbursement', 'reimbursements'] },
  { query: 'onboarding', language: 'english', forms: ['onboarding'] },
  { query: 'contractor', language: 'english', forms: ['contractor', 'contractors'] },
  { query: 'forecast', language: 'english', forms: ['forecast', 'forecasts', 'forecasting'] },
  { query: 'outage', language: 'english', forms: ['outage', 'outages'] },
  { query: 'compliance', language: 'english', forms: ['compliance'] },
  { query: 'negotiate', language: 'english', forms: ['negotiate', 'negotiated', 'negotiating', 'negotiates'] },
];
const PLANTED_PER_QUERY = 6;

interface GeneratedPassage {
  id: number;
  language: 'german' | 'english';
  text: string;
  label?: string;
}

function generate(count: number, startId: number, withLabels: boolean): GeneratedPassage[] {
  const passages: GeneratedPassage[] = [];
  const planted: Array<{ label: string; language: 'german' | 'english'; form: string }> = [];
  if (withLabels) {
    for (const item of LABELLED) for (let i = 0; i < PLANTED_PER_QUERY; i += 1) planted.push({ label: item.query, language: item.language, form: item.forms[i % item.forms.length]! });
  }
  const every = Math.max(1, Math.floor(count / Math.max(planted.length, 1)));
  for (let i = 0; i < count; i += 1) {
    const plant = i % every === 0 ? planted.shift() : undefined;
    const language = plant?.language ?? (random() < 0.5 ? 'german' : 'english');
    passages.push({ id: startId + i, language, text: passageText(language, plant?.form), ...(plant ? { label: plant.label } : {}) });
  }
  return passages;
}

/** 200 queries of one or two mid-frequency words (ranks 30..3000), in both languages. */
function makeQueries(count: number): string[] {
  const queries: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const vocab = i % 2 === 0 ? GERMAN_VOCAB : ENGLISH_VOCAB;
    const word = () => vocab[30 + Math.floor(random() * 3000)]!;
    queries.push(i % 3 === 0 ? `${word()} ${word()}` : word());
  }
  return queries;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (n: number, digits = 2) => n.toFixed(digits);

async function time<T>(fn: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

async function main(): Promise<void> {
  console.log(`search benchmark: sizes ${SIZES.join(', ')}, ${QUERY_COUNT} queries, seed ${SEED}, node ${process.version}`);
  const handle = await openDatabase({ kind: 'pglite', dataDir: undefined });
  await prepareSearchTables(handle.db);
  // What the server runs without EMBEDDINGS_MODEL: no vectors, the trigram index where it exists.
  const searchBox = createRetriever({ db: handle.db, storage: await prepareSearchStorage(handle.db) });
  const collectionId = randomUUID();
  const mini = new MiniSearch<GeneratedPassage>({ fields: ['text'], storeFields: ['id'] });
  const queries = makeQueries(QUERY_COUNT);
  const passageIdToGen = new Map<string, GeneratedPassage>();
  const all: GeneratedPassage[] = [];
  const rows: string[][] = [];
  const boxRows: string[][] = [];

  let indexed = 0;
  for (const size of SIZES) {
    const fresh = generate(size - indexed, indexed, indexed === 0);
    all.push(...fresh);
    // Index: one "file" per 50 passages, one page per passage (chunking set so a page is one passage).
    const pg = await time(async () => {
      for (let i = 0; i < fresh.length; i += 50) {
        const group = fresh.slice(i, i + 50);
        for (const language of ['german', 'english'] as const) {
          const mine = group.filter((p) => p.language === language);
          if (!mine.length) continue;
          const document: ParsedDocument = { mediaType: 'text/plain', language, pages: mine.map((p, n) => ({ pageNumber: n + 1, text: p.text, boxes: [] })) };
          const fileId = randomUUID();
          await indexDocument(handle.db, { fileId, collectionId, document, chunk: { target: 100_000, max: 100_000 } });
          mine.forEach((p, n) => passageIdToGen.set(`${fileId}:${n + 1}`, p));
        }
      }
    });
    const ms = await time(() => mini.addAll(fresh));
    indexed = size;
    console.log(`\n${size} passages: indexed in PGlite ${fmt(pg.ms / 1000, 1)} s (${fmt(fresh.length / (pg.ms / 1000), 0)} passages/s), minisearch ${fmt(ms.ms / 1000, 2)} s`);
    await analyzeSearchTables(handle.db);

    // Warm up each, then measure each query once per side.
    const box = (query: string) => searchBox.search({ collectionIds: [collectionId], query, limit: 10, searchBox: true });
    for (const q of queries.slice(0, 20)) {
      await searchPassages(handle.db, { collectionIds: [collectionId], query: q, limit: 10 });
      await box(q);
      mini.search(q, { combineWith: 'AND' }).slice(0, 10);
    }
    const pgTimes: number[] = [];
    const miniTimes: number[] = [];
    const boxTimes: number[] = [];
    let pgHits = 0;
    let miniHits = 0;
    let boxHits = 0;
    for (const q of queries) {
      const c = await time(() => box(q));
      boxTimes.push(c.ms);
      boxHits += c.value.length;
      const a = await time(() => searchPassages(handle.db, { collectionIds: [collectionId], query: q, limit: 10 }));
      pgTimes.push(a.ms);
      pgHits += a.value.length;
      const b = await time(() => mini.search(q, { combineWith: 'AND' }).slice(0, 10));
      miniTimes.push(b.ms);
      miniHits += b.value.length;
    }
    pgTimes.sort((x, y) => x - y);
    miniTimes.sort((x, y) => x - y);
    boxTimes.sort((x, y) => x - y);
    const [p50, p95, m50, m95] = [percentile(pgTimes, 50), percentile(pgTimes, 95), percentile(miniTimes, 50), percentile(miniTimes, 95)];
    const [b50, b95] = [percentile(boxTimes, 50), percentile(boxTimes, 95)];
    rows.push([String(size), fmt(p50), fmt(p95), fmt(m50), fmt(m95), fmt(p50 / m50, 1), fmt(p95 / m95, 1), fmt(pgHits / queries.length, 1), fmt(miniHits / queries.length, 1)]);
    boxRows.push([String(size), fmt(b50), fmt(b95), fmt(p50), fmt(p95), fmt(b50 / p50, 1), fmt(b95 / p95, 1), fmt(b50 / m50, 1), fmt(b95 / m95, 1), fmt(boxHits / queries.length, 1)]);

    // Recall@10 on the labelled queries.
    let pgRecall = 0;
    let miniRecall = 0;
    let miniPrefixRecall = 0;
    let boxRecall = 0;
    const pgMisses: string[] = [];
    for (const item of LABELLED) {
      const relevant = all.filter((p) => p.label === item.query).length;
      const denominator = Math.min(relevant, 10);
      const pgTop = await searchPassages(handle.db, { collectionIds: [collectionId], query: item.query, limit: 10 });
      const pgFound = pgTop.filter((hit) => passageIdToGen.get(`${hit.fileId}:${hit.pageNumber}`)?.label === item.query).length;
      pgRecall += pgFound / denominator;
      if (pgFound < denominator) pgMisses.push(`${item.query} ${pgFound}/${denominator}`);
      const boxTop = await box(item.query);
      boxRecall += boxTop.filter((hit) => passageIdToGen.get(`${hit.fileId}:${hit.pageNumber}`)?.label === item.query).length / denominator;
      const byId = (list: Array<{ id: number }>) => list.slice(0, 10).filter((r) => all[r.id]?.label === item.query).length / denominator;
      miniRecall += byId(mini.search(item.query) as unknown as Array<{ id: number }>);
      miniPrefixRecall += byId(mini.search(item.query, { prefix: true }) as unknown as Array<{ id: number }>);
    }
    console.log(
      `recall@10 over ${LABELLED.length} labelled queries (${PLANTED_PER_QUERY} inflected forms planted each): ` +
        `search box ${fmt(boxRecall / LABELLED.length)}; baselines PostgreSQL FTS ${fmt(pgRecall / LABELLED.length)}, minisearch ${fmt(miniRecall / LABELLED.length)}, minisearch prefix ${fmt(miniPrefixRecall / LABELLED.length)}` +
        (pgMisses.length ? `\n  PostgreSQL FTS below 1: ${pgMisses.join(', ')}` : ''),
    );
  }

  console.log('\nsearch latency in ms (limit 10; PostgreSQL includes ranking and ts_headline highlights):');
  const print = (header: string[], body: string[][]) => {
    const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
    console.log(line(header));
    for (const r of body) console.log(line(r));
  };
  print(['passages', 'pg p50', 'pg p95', 'mini p50', 'mini p95', 'p50 ratio', 'p95 ratio', 'pg hits/q', 'mini hits/q'], rows);
  console.log('\nthe search box (retriever, full-text mode: full text any word + compound words, fused; highlights) beside the baselines, ms:');
  print(['passages', 'box p50', 'box p95', 'pg p50', 'pg p95', 'box/pg p50', 'box/pg p95', 'box/mini p50', 'box/mini p95', 'box hits/q'], boxRows);

  // Ingestion: generated 10-page PDFs, parse + index, beside the same text as text/plain.
  if (PDF_COUNT > 0) {
    const pdfs: Uint8Array[] = [];
    const texts: Uint8Array[] = [];
    for (let i = 0; i < PDF_COUNT; i += 1) {
      const pages = Array.from({ length: 10 }, () => {
        const words = passageText('german').split(' ');
        const lines: string[] = [];
        for (let w = 0; w < words.length; w += 10) lines.push(words.slice(w, w + 10).join(' '));
        return lines;
      });
      pdfs.push(makePdf(pages));
      texts.push(new TextEncoder().encode(pages.map((p) => p.join('\n')).join('\n\n')));
    }
    const ingest = async (files: Uint8Array[], type: string) =>
      time(async () => {
        let pages = 0;
        for (const bytes of files) {
          const document = await parseDocument(bytes, type);
          await indexDocument(handle.db, { fileId: randomUUID(), collectionId: randomUUID(), document });
          pages += document.pages.length;
        }
        return pages;
      });
    await ingest(pdfs.slice(0, 2), 'application/pdf');
    const pdf = await ingest(pdfs, 'application/pdf');
    const text = await ingest(texts, 'text/plain');
    const pdfRate = pdf.value / (pdf.ms / 1000);
    console.log(
      `\ningestion (parse + chunk + index into PGlite), ${PDF_COUNT} files of 10 pages: PDF ${fmt(pdfRate, 0)} pages/s; ` +
        `baseline the same text as text/plain ${fmt((PDF_COUNT * 10) / (text.ms / 1000), 0)} pages/s (${fmt(text.ms / pdf.ms)}x the PDF time)`,
    );
  }
  await handle.close();
}

main().catch((error: unknown) => {
  console.error('benchmark could not finish:', error);
  process.exitCode = 0;
});
