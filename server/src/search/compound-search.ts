import { sql } from 'kysely';
import type { Highlight } from './highlights';
import type { AnyKysely, PassageRow } from './tables';

/** Query words shorter than this are left to full-text search (too many unrelated words contain them). */
export const COMPOUND_MIN_LETTERS = 4;
/** Most stems one query looks for inside words (a long question keeps its first ones). */
const MAX_STEMS = 8;
/** Most candidate passages ranked (by id past it): a bound for stems in very many compounds. */
const MAX_COMPOUND_CANDIDATES = 2000;

/** A query word's stem and the pattern that finds it inside any word of a passage. */
export interface CompoundStem {
  stem: string;
  /** A PostgreSQL (ARE) and JavaScript regular expression, case-insensitive, umlaut-tolerant. */
  pattern: string;
}

export type CompoundRow = PassageRow & { score: number };

/** Folds what the German stemmer folds (ä→a, ö→o, ü→u, ß→ss), lower case. */
function fold(word: string): string {
  return word.toLowerCase().replace(/ä/g, 'a').replace(/ö/g, 'o').replace(/ü/g, 'u').replace(/ß/g, 'ss');
}

/**
 * A folded stem as a pattern that matches it with or without umlauts (`vertrag` finds
 * `Arbeitsverträge`), ß for ss, in any case. Stems hold letters and digits only.
 */
export function stemPattern(stem: string): string {
  const umlaut = { a: '[aäÄ]', o: '[oöÖ]', u: '[uüÜ]' } as const;
  return fold(stem)
    .split('ss')
    .map((part) => part.replace(/[aou]/g, (c) => umlaut[c as keyof typeof umlaut]))
    .join('(?:ss|ß)');
}

/** A word's lexemes by PostgreSQL's Snowball stemmers; null where it is a stop word of that language. */
export interface WordForms {
  german: string | null;
  english: string | null;
}

const formsCache = new Map<string, WordForms>();
const FORMS_CACHE_SIZE = 20_000;

/** The query's words: runs of letters and digits, lower case, each once, in order. */
export function queryWords(query: string): string[] {
  return [...new Set((query.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.toLowerCase()))];
}

/**
 * Each word's German and English lexeme (`ts_lexize` of `german_stem` and `english_stem`; an
 * empty answer is a stop word). Cached per word: stemming does not change while the server runs.
 */
export async function wordForms(db: AnyKysely, words: readonly string[]): Promise<Map<string, WordForms>> {
  const unknown = words.filter((w) => !formsCache.has(w));
  if (unknown.length > 0) {
    const { rows } = await sql<{ word: string; german: string[] | null; english: string[] | null }>`
      select w as word, ts_lexize('german_stem', w) as german, ts_lexize('english_stem', w) as english
      from unnest(${sql.val(unknown)}::text[]) as w`.execute(db);
    for (const row of rows) {
      if (formsCache.size >= FORMS_CACHE_SIZE) formsCache.delete(formsCache.keys().next().value!);
      formsCache.set(row.word, { german: row.german?.length ? row.german[0]! : null, english: row.english?.length ? row.english[0]! : null });
    }
  }
  return new Map(words.flatMap((w) => (formsCache.has(w) ? [[w, formsCache.get(w)!] as const] : [])));
}

/**
 * The stems of a query's words of 4+ letters: a word that is a stop word in German or English
 * (`eine`, `über`, `this`) is dropped; of the German and the English stem the shorter one is
 * kept (`Verträge` → `vertrag`, `audited` → `audit`), folded like the German stemmer folds.
 */
export async function compoundStems(db: AnyKysely, query: string): Promise<CompoundStem[]> {
  const words = queryWords(query).filter((w) => [...w].length >= COMPOUND_MIN_LETTERS);
  const forms = await wordForms(db, words);
  const stems: string[] = [];
  for (const word of words) {
    const form = forms.get(word);
    if (!form || form.german === null || form.english === null) continue;
    const candidates = [form.german, form.english, word].filter((s) => [...fold(s)].length >= COMPOUND_MIN_LETTERS);
    if (candidates.length === 0) continue;
    const stem = fold(candidates.reduce((a, b) => ([...b].length < [...a].length ? b : a)));
    if (!stems.includes(stem)) stems.push(stem);
  }
  // A stem inside another one adds nothing (`bericht` already finds what `berichts` finds).
  const kept = stems.filter((s) => !stems.some((other) => other !== s && s.includes(other)));
  return kept.slice(0, MAX_STEMS).map((stem) => ({ stem, pattern: stemPattern(stem) }));
}

/** A letter, German ones included (PostgreSQL's [[:alpha:]] depends on the locale, C has no umlauts). */
const LETTER = '[a-zäöüßA-ZÄÖÜ]';

/**
 * The stem as part of a compound: after three or more letters (`Jahres|bericht`,
 * `Arbeits|vertrages`; not after a prefix such as `ge|plan|t`) or before five or more
 * (`Bericht|spflicht`; inflection adds fewer: `Bericht|en`, `plan|ning`). A word that is only the
 * stem inflected (`Berichte`) is full-text search's, not this list's.
 */
/**
 * What the trigram index can look up for a stem: its longest run without a, o, u (those may be
 * umlauts in the text) when that has 3+ letters (`bericht`, `rtr` of `vertrag`), else the
 * pattern. A pattern with several [aä] classes expands into so many trigram alternatives that
 * pg_trgm gives up and scans the whole index; a literal run keeps the lookup narrow. Any passage
 * the pattern matches contains the run, so the prefilter loses nothing.
 */
export function indexPattern(stem: CompoundStem): string {
  const runs = fold(stem.stem).replace(/ss/g, '|').split(/[aou|]/);
  const longest = runs.reduce((a, b) => (b.length > a.length ? b : a), '');
  return longest.length >= 3 ? longest : stem.pattern;
}

export function compoundPattern(stem: CompoundStem): string {
  return `(?:${LETTER}{3}${stem.pattern}|${stem.pattern}${LETTER}{5})`;
}

/**
 * Passages in which a query word's stem occurs as part of a compound (`Bericht` in
 * `Jahresbericht` and `Berichtspflicht`, `Vertrag` in `Arbeitsvertrages`): a case-insensitive
 * regular expression per stem, which pg_trgm's GIN index on passages.text answers (or a scan of
 * the collections' passages where the extension is missing). Ranked by how many of the query's
 * stems the passage contains anywhere (so the passage whose compound and other words match comes
 * first), then by how often (at most 3 counted per stem); ties by id. At most 2000 candidates
 * (by id) are ranked. Always within the collections (and files) given.
 */
export async function searchCompounds(
  db: AnyKysely,
  input: {
    collectionIds: readonly string[];
    fileIds?: readonly string[] | undefined;
    /** The stems whose compounds make a passage a candidate. */
    stems: readonly CompoundStem[];
    /** The stems that rank the candidates (default `stems`): all of the query's. */
    rankStems?: readonly CompoundStem[];
    limit: number;
  },
): Promise<CompoundRow[]> {
  const { collectionIds, fileIds, stems, limit } = input;
  if (stems.length === 0 || collectionIds.length === 0 || fileIds?.length === 0) return [];
  const rankStems = input.rankStems?.length ? input.rankStems : stems;
  const { rows } = await sql<PassageRow>`
    select p.id, p.file_id, p.collection_id, p.page_number, p.start_offset, p.end_offset, p.text
    from passages p
    where p.collection_id in (${sql.join(collectionIds.map((id) => sql`${id}::uuid`))})
      ${fileIds ? sql`and p.file_id in (${sql.join(fileIds.map((id) => sql`${id}::uuid`))})` : sql``}
      -- The plain stem lets pg_trgm's index find candidates; the compound pattern then decides.
      and (${sql.join(stems.map((s) => sql`(p.text ~* ${indexPattern(s)} and p.text ~* ${compoundPattern(s)})`), sql` or `)})
    order by p.id
    limit ${MAX_COMPOUND_CANDIDATES}`.execute(db);
  // Ranked here: JavaScript's regular expressions are much faster than PostgreSQL's (in
  // WebAssembly on PGlite), and only the candidates are ranked.
  const patterns = rankStems.map((s) => new RegExp(s.pattern, 'giu'));
  const scored = rows.map((row) => {
    let score = 0;
    for (const pattern of patterns) {
      const count = row.text.match(pattern)?.length ?? 0;
      if (count > 0) score += 1 + 0.1 * Math.min(count, 3);
    }
    return { ...row, score };
  });
  scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return scored.slice(0, limit);
}

/**
 * The words of `text` that hold one of the stems: inflected (`Berichte`: the stem and up to three
 * letters) or as part of a compound (`Jahresbericht`, `Arbeitsvertrages`, by the same rule as the
 * search), each whole word exactly, in text order; `geplant` is not a word of `plan`. Words are
 * runs of letters and digits, so a hyphenated `Bericht-Entwurf` gives `Bericht`.
 */
export function compoundHighlights(text: string, stems: readonly CompoundStem[]): Highlight[] {
  if (stems.length === 0) return [];
  const patterns = stems.flatMap((s) => [new RegExp(`^${s.pattern}\\p{L}{0,3}$`, 'iu'), new RegExp(`\\p{L}{3}${s.pattern}|${s.pattern}\\p{L}{5}`, 'iu')]);
  const highlights: Highlight[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (patterns.some((pattern) => pattern.test(match[0]))) highlights.push({ start: match.index, end: match.index + match[0].length });
  }
  return highlights;
}
