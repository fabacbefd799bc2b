import { sql } from 'kysely';
import type { AnyKysely } from './tables';

/**
 * How many passages contain a lexeme, as a fraction: PostgreSQL's statistics of passages.tsv
 * (`pg_stats.most_common_elems`, gathered by ANALYZE and autovacuum; up to ten times the
 * statistics target of the most common lexemes). Read at most every `ttlMs`; empty when the table
 * was never analysed (PGlite has no autovacuum), which leaves every word a candidate word.
 */
export class TermFrequencies {
  private cached: { at: number; value: Promise<Map<string, number>> } | undefined;

  constructor(
    private readonly db: AnyKysely,
    private readonly ttlMs = 5 * 60_000,
  ) {}

  get(): Promise<Map<string, number>> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > this.ttlMs) {
      const value = this.read().catch(() => new Map<string, number>());
      this.cached = { at: now, value };
    }
    return this.cached.value;
  }

  private async read(): Promise<Map<string, number>> {
    const { rows } = await sql<{ elems: string[] | null; freqs: number[] | null }>`
      select most_common_elems::text::text[] as elems, most_common_elem_freqs as freqs
      from pg_stats where tablename = 'passages' and attname = 'tsv' and schemaname = current_schema()`.execute(this.db);
    const frequencies = new Map<string, number>();
    const { elems, freqs } = rows[0] ?? { elems: null, freqs: null };
    if (elems && freqs) elems.forEach((lexeme, i) => frequencies.set(lexeme, Number(freqs[i])));
    return frequencies;
  }
}
