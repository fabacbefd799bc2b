import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditPage, type AuditQuery } from '@assistant/contracts';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { containing } from '../sharing/directory-repository';

/** The filters of a query (the page's cursor aside). */
export type AuditFilter = Omit<AuditQuery, 'cursor'>;

/** How many records one round trip of the CSV export reads. */
const EXPORT_BATCH = 500;
const FIRST_DAY = '0001-01-01';
/** PostgreSQL's largest bigint: the ids are a bigserial. */
const MAX_ID = 9_223_372_036_854_775_807n;

/**
 * Reads the audit log for administrators (docs/operations.md "Audit log"): newest first, paged by
 * id (a keyset: a record written meanwhile never shifts a page), each actor with their name from
 * the directory. The actor filter matches a user id exactly or part of a name or e-mail.
 */
export class AuditLogReader {
  constructor(private readonly db: Database) {}

  async page(query: AuditQuery): Promise<AuditPage> {
    const rows = await this.select(query, query.cursor, AUDIT_PAGE_SIZE + 1);
    const entries = rows.slice(0, AUDIT_PAGE_SIZE);
    return { entries, next_cursor: rows.length > AUDIT_PAGE_SIZE ? entries.at(-1)!.id : null };
  }

  /** Every matching record, newest first, read in batches (the CSV export streams them). */
  async *all(filter: AuditFilter): AsyncGenerator<AuditEntry> {
    let cursor: string | undefined;
    for (;;) {
      const rows = await this.select(filter, cursor, EXPORT_BATCH);
      yield* rows;
      if (rows.length < EXPORT_BATCH) return;
      cursor = rows.at(-1)!.id;
    }
  }

  private async select(filter: AuditFilter, before: string | undefined, limit: number): Promise<AuditEntry[]> {
    // Year 0 is an ISO day but no PostgreSQL date: it lies before every record.
    if (filter.to !== undefined && filter.to < FIRST_DAY) return [];
    const from = filter.from !== undefined && filter.from >= FIRST_DAY ? filter.from : undefined;
    let query = this.db
      .selectFrom('audit_log as a')
      .leftJoin('directory_users as u', 'u.sub', 'a.actor_sub')
      .select(['a.id', 'a.at', 'a.actor_sub', 'u.name', 'a.action', 'a.subject_kind', 'a.subject_id', 'a.before', 'a.after'])
      .orderBy('a.id', 'desc')
      .limit(limit);
    if (filter.actor !== undefined) {
      const actor = filter.actor;
      const part = containing(actor);
      query = query.where((eb) => eb.or([eb('a.actor_sub', '=', actor), eb('u.name', 'ilike', part), eb('u.email', 'ilike', part)]));
    }
    if (filter.action !== undefined) query = query.where('a.action', '=', filter.action);
    // Days in UTC, `to` inclusive: up to the start of the day after. Reckoned by the database, which
    // knows the day after 9999-12-31 (JavaScript's ISO strings do not).
    if (from !== undefined) query = query.where('a.at', '>=', sql<Date>`(${from}::date)::timestamp at time zone 'UTC'`);
    if (filter.to !== undefined) query = query.where('a.at', '<', sql<Date>`(${filter.to}::date + 1)::timestamp at time zone 'UTC'`);
    // A cursor past the largest id is before every record (and no bigint overflow).
    if (before !== undefined && BigInt(before) <= MAX_ID) query = query.where('a.id', '<', before);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: String(row.id),
      at: row.at.toISOString(),
      actor: { sub: row.actor_sub, name: row.name },
      action: row.action,
      subject_kind: row.subject_kind,
      subject_id: row.subject_id,
      before: row.before ?? null,
      after: row.after ?? null,
    }));
  }
}

