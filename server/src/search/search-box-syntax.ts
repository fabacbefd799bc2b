import { sql } from 'kysely';
import type { AnyKysely } from './tables';

/**
 * A search box query split the way the retriever reads it: the words that find and rank passages,
 * and the web-search operators (`"a phrase"`, `-word`, `-"a phrase"`) that only filter them.
 */
export interface SearchBoxQuery {
  /** Every word to look for, the words of quoted phrases included, separated by spaces. */
  words: string;
  /**
   * The phrases and exclusions as typed, for websearch_to_tsquery (which ANDs them): a hit must
   * contain each phrase and none of the excluded words. Absent when the query has no operator.
   */
  filter?: string;
}

const WORD = /[\p{L}\p{N}]/u;

/**
 * Reads the operators as websearch_to_tsquery does: a quote opens a phrase up to the next quote
 * (or the end), a `-` at the start of a token excludes the word or phrase after it, `or` is only
 * the joint of words (the retriever matches any word anyway). A `-` inside a word (`E-Mail`) is
 * part of the word.
 */
export function splitSearchBoxQuery(query: string): SearchBoxQuery {
  const words: string[] = [];
  const filters: string[] = [];
  for (const match of query.matchAll(/(-?)(?:"([^"]*)"?|([^\s"]+))/g)) {
    // Only a `-` that starts a token negates.
    const negated = match[1] === '-' && (match.index === 0 || /\s/.test(query[match.index - 1]!));
    const phrase = match[2];
    const word = match[3];
    if (phrase !== undefined) {
      if (!WORD.test(phrase)) continue;
      filters.push(`${negated ? '-' : ''}"${phrase}"`);
      if (!negated) words.push(phrase.trim());
    } else if (word !== undefined && WORD.test(word)) {
      if (negated) filters.push(`-${word}`);
      else if (word.toLowerCase() !== 'or') words.push(match[0]);
    }
  }
  return { words: words.join(' '), ...(filters.length > 0 ? { filter: filters.join(' ') } : {}) };
}

/**
 * Of the given passages, those that satisfy a search box filter (its phrases, none of its
 * excluded words), each read with its own language's text-search configuration. A filter whose
 * words are all stop words constrains nothing.
 */
export async function passagesMatchingFilter(db: AnyKysely, passageIds: readonly string[], filter: string): Promise<Set<string>> {
  if (passageIds.length === 0) return new Set();
  const { rows } = await sql<{ id: string }>`
    with q as (
      select websearch_to_tsquery('german', ${filter}) as german,
             websearch_to_tsquery('english', ${filter}) as english,
             websearch_to_tsquery('simple', ${filter}) as simple
    ),
    each as (
      select p.id, p.tsv, case p.language when 'german' then q.german when 'english' then q.english else q.simple end as query
      from passages p cross join q
      where p.id in (${sql.join(passageIds.map((id) => sql`${id}::uuid`))})
    )
    select id from each where numnode(query) = 0 or tsv @@ query`.execute(db);
  return new Set(rows.map((row) => row.id));
}
