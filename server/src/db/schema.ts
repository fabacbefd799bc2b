import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely. One interface per table; keep in step with migrations/. */
export interface DatabaseSchema {
  app_settings: AppSettingsTable;
  oidc_payloads: OidcPayloadsTable;
  feedback: FeedbackTable;
}

/** Administrator-controlled settings: one row per key (feature_flags, feature_set, customization). */
export interface AppSettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: string | null;
}

/** Persisted state of the dev identity provider (sessions, grants, codes, tokens). */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  payload: ColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Date | null;
  consumed_at: Date | null;
  created_at: Generated<Date>;
}

/** Feedback users send from the portal (accessibility statement, general). */
export interface FeedbackTable {
  id: string;
  user_id: string;
  category: string;
  message: string;
  page: string | null;
  contact_email: string | null;
  ui_version: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}
