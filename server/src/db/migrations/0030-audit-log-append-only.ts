import { sql, type Kysely } from 'kysely';

// What lets a transaction delete audit records: only the audit log's own retention sets it
// (`SET LOCAL`, so it ends with that transaction). docs/operations.md "Audit log".
const AUDIT_RETENTION_SETTING = 'assistant.audit_retention';

// The audit log is append-only in the database itself, not only in the API: a bug, a script or a
// hand-written query cannot change a record. UPDATE and TRUNCATE are always refused; DELETE only
// in a transaction that said `SET LOCAL assistant.audit_retention = 'on'` (the retention job of
// the audit log). plpgsql, so PGlite and PostgreSQL run the same trigger.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' and current_setting(${sql.lit(AUDIT_RETENTION_SETTING)}, true) = 'on' then
        return old;
      end if;
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
    end;
    $$`.execute(db);
  await sql`create trigger audit_log_no_update_or_delete before update or delete on audit_log for each row execute function audit_log_append_only()`.execute(db);
  await sql`create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_append_only()`.execute(db);
  // The administration page filters by who and what, newest first (keyset by id).
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_sub', 'id']).execute();
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('audit_log_action').execute();
  await db.schema.dropIndex('audit_log_actor').execute();
  await sql`drop trigger audit_log_no_truncate on audit_log`.execute(db);
  await sql`drop trigger audit_log_no_update_or_delete on audit_log`.execute(db);
  await sql`drop function audit_log_append_only()`.execute(db);
}
