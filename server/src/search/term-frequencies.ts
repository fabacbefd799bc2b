import { sql } from 'kysely';
import type { AnyKysely } from './tables';

/** The lexemes' shares and how many passages there are (pg_class.reltuples, kept by ANALYZE and VACUUM). */
export interface PassageStatistics {
  shares: Map<string, number>;
  passages: number;
}

/**
 * How many passages contain a lexeme, as a fraction: PostgreSQL's statistics of passages.tsv
 * (`pg_stats.most_common_elems`, gathered by ANALYZE and autovacuum; up to ten times the
 * statistics target of the most common lexemes). Read at most every `ttlMs`; empty when the table
 * was never analysed (PGlite has no autovacuum), which leaves every word a candidate word.
 */
export class TermFrequencies {
  private cached: { at: number; value: Promise<PassageStatistics> } | undefined;

  constructor(
    private readonly db: AnyKysely,
    private readonly ttlMs = 5 * 60_000,
  ) {}

  get(): Promise<PassageStatistics> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > this.ttlMs) {
      const value = this.read().catch(() => ({ shares: new Map<string, number>(), passages: 0 }));
      this.cached = { at: now, value };
    }
    return this.cached.value;
  }

  private async read(): Promise<PassageStatistics> {
    const { rows } = await sql<{ elems: string[] | null; freqs: number[] | null; passages: number | string | null }>`
      select s.most_common_elems::text::text[] as elems, s.most_common_elem_freqs as freqs,
             (select greatest(c.reltuples, 0)::float8 from pg_class c where c.oid = 'passages'::regclass) as passages
      from pg_stats s where s.tablename = 'passages' and s.attname = 'tsv' and s.schemaname = current_schema()`.execute(this.db);
    const frequencies = new Map<string, number>();
    const { elems, freqs } = rows[0] ?? { elems: null, freqs: null };
    if (elems && freqs) elems.forEach((lexeme, i) => frequencies.set(lexeme, Number(freqs[i])));
    return { shares: frequencies, passages: Number(rows[0]?.passages ?? 0) };
  }
}
