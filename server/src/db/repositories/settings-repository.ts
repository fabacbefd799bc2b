import { createHash } from 'node:crypto';
import {
  adminSettingsSchema,
  customizationReachable,
  customizationSchema,
  featureFlagsSchema,
  featureSetValueSchema,
  type AdminSettings,
  type AdminSettingsPatch,
  type AuditAction,
  type BrandImage,
  type Customization,
} from '@assistant/contracts';
import { auditDiff } from '../../audit/audit-diff';
import { AuditLog, type AuditRecord } from '../../audit/audit-log';
import type { Database } from '../database';

/** A change that would hide /customization from every administrator, sent without confirm_lockout. */
export class LockoutRefusedError extends Error {
  override readonly name = 'LockoutRefusedError';
}

const KEYS = ['feature_flags', 'feature_set', 'customization'] as const;
type SettingKey = (typeof KEYS)[number];

const schemaByKey = {
  feature_flags: featureFlagsSchema,
  feature_set: featureSetValueSchema,
  customization: customizationSchema,
} as const;

/**
 * Administrator-controlled settings (flags, feature set, customization). Read from the database on
 * every request, not cached, so that every server replica answers the same right after a change.
 */
export class SettingsRepository {
  constructor(private readonly db: Database) {}

  async read(): Promise<AdminSettings> {
    const rows = await this.db.selectFrom('app_settings').select(['key', 'value']).where('key', 'in', KEYS).execute();
    const raw = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    return adminSettingsSchema.parse(raw);
  }

  async readOne<K extends SettingKey>(key: K): Promise<AdminSettings[K]> {
    const row = await this.db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
    return schemaByKey[key].parse(row.value) as AdminSettings[K];
  }

  /** Writes the seed only for keys that have no row yet: a restart never overwrites an admin's change. */
  async seedMissing(seed: AdminSettings): Promise<SettingKey[]> {
    const existing = await this.db.selectFrom('app_settings').select('key').execute();
    const missing = KEYS.filter((key) => !existing.some((row) => row.key === key));
    if (missing.length > 0) {
      await this.db
        .insertInto('app_settings')
        .values(missing.map((key) => ({ key, value: JSON.stringify(seed[key]), updated_by: 'seed' })))
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    }
    return missing;
  }

  /**
   * Flags merge into the stored ones (an omitted flag keeps its value); the rest replaces. A change
   * that takes /customization away from every administrator (customizationReachable: the flag or
   * the BETA feature set) throws LockoutRefusedError and stores nothing unless `confirm_lockout`.
   * What changed is recorded in the audit log in the same transaction, by `updatedBy`.
   */
  async update(patch: AdminSettingsPatch, updatedBy: string): Promise<AdminSettings> {
    // Joins the caller's transaction when there is one, so a larger change stays all-or-nothing.
    const inTransaction = <T>(work: (trx: Database) => Promise<T>) =>
      this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
    return inTransaction(async (trx) => {
      const current = await new SettingsRepository(trx).read();
      const next: AdminSettings = adminSettingsSchema.parse({
        feature_flags: { ...current.feature_flags, ...patch.feature_flags },
        feature_set: patch.feature_set ?? current.feature_set,
        customization: patch.customization ?? current.customization,
      });
      if (customizationReachable(current) && !customizationReachable(next) && patch.confirm_lockout !== true) {
        throw new LockoutRefusedError('The change would hide the customization page from every administrator');
      }
      for (const key of KEYS) {
        if (patch[key] === undefined) continue;
        await trx
          .insertInto('app_settings')
          .values({ key, value: JSON.stringify(next[key]), updated_by: updatedBy, updated_at: new Date() })
          .onConflict((oc) =>
            oc.column('key').doUpdateSet({ value: JSON.stringify(next[key]), updated_by: updatedBy, updated_at: new Date() }),
          )
          .execute();
      }
      await new AuditLog(trx).record(auditRecords(current, next, updatedBy));
      return next;
    });
  }
}

/** What the audit log records of each setting: its action, and its fields as compared. */
const AUDITED: Record<SettingKey, { action: AuditAction; fields: (settings: AdminSettings) => object }> = {
  feature_flags: { action: 'flags.change', fields: (settings) => settings.feature_flags },
  feature_set: { action: 'settings.change', fields: (settings) => ({ feature_set: settings.feature_set }) },
  customization: { action: 'customization.change', fields: (settings) => auditedCustomization(settings.customization) },
};

/** One record per setting that changed, holding only the fields that did (a flag, a colour). */
function auditRecords(current: AdminSettings, next: AdminSettings, actor: string): AuditRecord[] {
  return KEYS.flatMap((key) => {
    const { action, fields } = AUDITED[key];
    const diff = auditDiff(fields(current), fields(next));
    return diff ? [{ actor, action, subjectKind: 'settings', subjectId: key, ...diff }] : [];
  });
}

/** A logo or favicon as the audit log keeps it: its type, name and a hash, not its bytes. */
function auditedCustomization(customization: Customization): object {
  const image = (value: BrandImage | null | undefined) =>
    value ? { type: value.type, name: value.name, sha256: createHash('sha256').update(value.data).digest('hex') } : (value ?? null);
  return { ...customization, logo: image(customization.logo), favicon: image(customization.favicon) };
}
