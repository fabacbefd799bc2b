import { sql, type RawBuilder } from 'kysely';
import type { Highlight } from './highlights';
import { inCollections, withIndexScans, type AnyKysely, type PassageRow } from './tables';

/** Query words shorter than this are left to full-text search (too many unrelated words contain them). */
export const COMPOUND_MIN_LETTERS = 4;
/** Most stems one query looks for inside words (a long question keeps its first ones). */
const MAX_STEMS = 8;
/** Most passages holding a compound ranked, per kind of candidate: a bound for stems in very many compounds. */
const MAX_COMPOUND_CANDIDATES = 500;

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

/** Most compounds of one stem looked up in the passages (a short stem can be part of thousands). */
const MAX_COMPOUNDS_PER_STEM = 100;

/**
 * The compounds of each stem in the vocabulary of the passages' lexemes (search_lexemes): the
 * lexemes the compound pattern matches, found through the vocabulary's trigram index by the
 * stem's literal run (or a scan of the vocabulary without pg_trgm). Lexemes are lower case and,
 * for German, folded as the stemmer folds; the stem pattern allows both.
 */
export async function compoundLexemes(db: AnyKysely, stems: readonly CompoundStem[]): Promise<string[][]> {
  if (stems.length === 0) return [];
  const { rows } = await sql<{ n: number; lexeme: string }>`
    select s.n::int as n, x.lexeme
    from unnest(${sql.val(stems.map(indexPattern))}::text[], ${sql.val(stems.map(compoundPattern))}::text[]) with ordinality as s(run, pattern, n)
    cross join lateral (
      -- The literal run alone goes to the trigram index (\`offset 0\` keeps the pattern out of its
      -- condition: its alternatives made the index lookup several times slower).
      select l.lexeme from (select lexeme from search_lexemes where lexeme ~* s.run offset 0) l
      where l.lexeme ~* s.pattern limit ${MAX_COMPOUNDS_PER_STEM}
    ) x`.execute(db);
  const found = stems.map((): string[] => []);
  // Only plain words go into a tsquery (a lexeme with quotes or operators would need escaping).
  for (const row of rows) if (/^[\p{L}\p{N}]+$/u.test(row.lexeme)) found[row.n - 1]!.push(row.lexeme);
  return found;
}

/** Lexemes as a tsquery matching any of them (no stemming: they are lexemes already); '' for none. */
function anyLexeme(lexemes: Iterable<string>): string {
  return [...new Set(lexemes)].map((l) => `'${l}'`).join(' | ');
}

/** Lexemes per tsquery of the compound match (see `holdsAny`). */
const LEXEMES_PER_MATCH = 16;

/**
 * `tsv` holds one of the lexemes, as an `or` of tsqueries of 16 lexemes each: the GIN index checks
 * every passage it finds against the whole tsquery, so one tsquery of 150 compounds cost 48 ms at
 * 5 000 passages; the planner answers the `or` with one bitmap per small tsquery instead.
 */
function holdsAny(lexemes: readonly string[]): RawBuilder<unknown> {
  const unique = [...new Set(lexemes)];
  const groups: string[] = [];
  for (let i = 0; i < unique.length; i += LEXEMES_PER_MATCH) groups.push(anyLexeme(unique.slice(i, i + LEXEMES_PER_MATCH)));
  return sql`(${sql.join(
    groups.map((group) => sql`c.tsv @@ ${group}::tsquery`),
    sql` or `,
  )})`;
}

/** The lexemes a word has in the passages' tsvectors: German, English and as typed (simple). */
async function wordLexemes(db: AnyKysely, words: readonly string[]): Promise<string[]> {
  const forms = await wordForms(db, words);
  return words.flatMap((word) => {
    const form = forms.get(word);
    // A stop word of either language ranks nothing (as in candidate words).
    if (!form || form.german === null || form.english === null) return [];
    return [word, form.german, form.english].filter((l) => /^[\p{L}\p{N}]+$/u.test(l));
  });
}

/**
 * Passages in which a query word's stem occurs as part of a compound (`Bericht` in
 * `Jahresbericht` and `Berichtspflicht`, `Vertrag` in `Arbeitsvertrages`): the stems' compounds
 * are found in the vocabulary (compoundLexemes), then the passages holding one of them through the
 * tsvector's GIN index. Candidates: up to 500 that also hold one of `narrowWords` (the query's
 * rarer words: the passage whose compound and other words match) and up to 500 that hold a
 * compound at all, each in the index's order; ranked by ts_rank against the query's words, ties by
 * id. Always within the collections (and files) given.
 */
export async function searchCompounds(
  db: AnyKysely,
  input: {
    collectionIds: readonly string[];
    fileIds?: readonly string[] | undefined;
    /** The stems whose compounds make a passage a candidate. */
    stems: readonly CompoundStem[];
    /** The query's words: their lexemes rank the candidates too. */
    rankWords?: readonly string[];
    /** Words a candidate holding one of them is looked for first (the query's rarer words). */
    narrowWords?: readonly string[];
    limit: number;
  },
): Promise<CompoundRow[]> {
  const { collectionIds, fileIds, stems, limit } = input;
  if (stems.length === 0 || collectionIds.length === 0 || fileIds?.length === 0) return [];
  const compounds = (await compoundLexemes(db, stems)).flat();
  if (compounds.length === 0) return [];
  // A narrowing word must be another word than the compound's own (`Vertrag` narrows nothing for `vertrag`).
  const others = (input.narrowWords ?? []).filter((word) => !stems.some((s) => new RegExp(`^${s.pattern}`, 'iu').test(word)));
  const [rankWords, narrowWords] = await Promise.all([wordLexemes(db, input.rankWords ?? []), wordLexemes(db, others)]);
  // Every candidate holds a compound; the query's words rank them (a tsquery of a stem's hundreds
  // of compounds made ts_rank cost 9 µs a passage).
  const rank = anyLexeme(rankWords);
  const narrow = anyLexeme(narrowWords);
  const scope = sql`${inCollections(sql`c.collection_id`, collectionIds)}
      ${fileIds ? sql`and c.file_id in (${sql.join(fileIds.map((id) => sql`${id}::uuid`))})` : sql``}`;
  // Scored where the candidates are read (their tsvector is at hand); only the best are joined for their text.
  const candidatesOf = (match: RawBuilder<unknown>) =>
    sql`select c.id, ${rank ? sql`ts_rank(c.tsv, ${rank}::tsquery)` : sql`0::real`} as score from passages c
      where ${scope} and ${match} limit ${MAX_COMPOUND_CANDIDATES}`;
  const { rows } = await withIndexScans(db, (trx) =>
    sql<PassageRow & { score: number | string }>`
    with found as (
      ${narrow ? sql`(${candidatesOf(sql`c.tsv @@ ${narrow}::tsquery and ${holdsAny(compounds)}`)}) union all ` : sql``}
      (${candidatesOf(holdsAny(compounds))})
    ),
    best as (select id, max(score) as score from found group by id order by score desc, id limit ${limit})
    select p.id, p.file_id, p.collection_id, p.page_number, p.start_offset, p.end_offset, p.text, b.score
    from best b join passages p on p.id = b.id
    order by b.score desc, p.id`.execute(trx),
  );
  return rows.map((row) => ({ ...row, score: Number(row.score) }));
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
