import type { AuditAction } from '@assistant/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';
import { redactSecrets } from './redact-secrets';

/**
 * One record of the audit log: who did what to which item, and the item's state before and after
 * (settings, names, roles, flags: never prompt, answer or document text, never a secret).
 */
export interface AuditRecord {
  /** The user's `sub`; `anonymous:<login>` for a failed sign-in. */
  actor: string;
  action: AuditAction;
  subjectKind: string;
  subjectId: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Appends to `audit_log` (append-only: nothing in the API changes or deletes a record, and the
 * database refuses it too). Pass the caller's transaction when the change it records is written in
 * one, so both land or neither. Secret-named fields of before and after are redacted here.
 */
export class AuditLog {
  constructor(private readonly db: Database) {}

  async record(entries: AuditRecord | readonly AuditRecord[], trx?: Transaction<DatabaseSchema>): Promise<void> {
    const list = Array.isArray(entries) ? entries : [entries as AuditRecord];
    if (list.length === 0) return;
    await (trx ?? this.db)
      .insertInto('audit_log')
      .values(
        list.map((entry) => ({
          actor_sub: entry.actor,
          action: entry.action,
          subject_kind: entry.subjectKind,
          subject_id: entry.subjectId,
          before: entry.before === undefined || entry.before === null ? null : JSON.stringify(redactSecrets(entry.before)),
          after: entry.after === undefined || entry.after === null ? null : JSON.stringify(redactSecrets(entry.after)),
        })),
      )
      .execute();
  }
}
