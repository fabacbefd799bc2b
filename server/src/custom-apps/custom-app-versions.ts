import {
  customAppDefinitionSchema,
  type CustomAppDefinition,
  type CustomAppVersion,
  type CustomAppVersionChange,
  type CustomAppVersionSummary,
} from '@assistant/contracts';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';

/** What a version row records besides the definition. */
export interface VersionEntry {
  appId: string;
  version: number;
  change: CustomAppVersionChange;
  restoredFrom?: number;
  by: string;
  at: Date;
}

/** The definition part of an app (what a version keeps). */
export function definitionOf(app: CustomAppDefinition): CustomAppDefinition {
  return { name: app.name, icon: app.icon, description: app.description, template: app.template, variables: app.variables };
}

/** Stores one version; in the transaction of the change it records, so the two never disagree. */
export async function recordVersion(trx: Transaction<DatabaseSchema>, entry: VersionEntry, definition: CustomAppDefinition): Promise<void> {
  await trx
    .insertInto('custom_app_versions')
    .values({
      app_id: entry.appId,
      version: entry.version,
      change: entry.change,
      restored_from: entry.restoredFrom ?? null,
      definition: JSON.stringify(definitionOf(definition)),
      created_by: entry.by,
      created_at: entry.at,
    })
    .execute();
}

/** A stored definition, read through the contract (jsonb comes back parsed from PostgreSQL, as text from some drivers). */
export function storedDefinition(value: unknown): CustomAppDefinition {
  return customAppDefinitionSchema.parse(typeof value === 'string' ? JSON.parse(value) : value);
}

/**
 * The versions of an app, newest first. The caller has checked that the viewer may see the
 * history (custom-app-access.ts); this reads by app id alone.
 */
export async function listVersions(db: Database, appId: string): Promise<CustomAppVersionSummary[]> {
  const rows = await db
    .selectFrom('custom_app_versions')
    .select(['version', 'change', 'restored_from', 'created_at', sql<string>`definition->>'name'`.as('name')])
    .where('app_id', '=', appId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((row) => ({
    version: row.version,
    change: row.change,
    ...(row.restored_from === null ? {} : { restored_from: row.restored_from }),
    name: row.name,
    created_at: row.created_at.toISOString(),
  }));
}

/** One version with its definition; undefined when the app has no version of that number. */
export async function readVersion(db: Database | Transaction<DatabaseSchema>, appId: string, version: number): Promise<CustomAppVersion | undefined> {
  const row = await db.selectFrom('custom_app_versions').selectAll().where('app_id', '=', appId).where('version', '=', version).executeTakeFirst();
  if (!row) return undefined;
  const definition = storedDefinition(row.definition);
  return {
    version: row.version,
    change: row.change,
    ...(row.restored_from === null ? {} : { restored_from: row.restored_from }),
    name: definition.name,
    created_at: row.created_at.toISOString(),
    definition,
  };
}
