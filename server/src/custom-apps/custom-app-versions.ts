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

/** An app's versions with the name of who made each (the directory's; their subject when it has none). */
function versionsOf(db: Database | Transaction<DatabaseSchema>, appId: string) {
  return db
    .selectFrom('custom_app_versions as v')
    .leftJoin('directory_users as author', 'author.sub', 'v.created_by')
    .select(['v.version', 'v.change', 'v.restored_from', 'v.created_at', 'v.created_by', 'author.name as author_name'])
    .where('v.app_id', '=', appId);
}

function summaryOf(row: {
  version: number;
  change: CustomAppVersionChange;
  restored_from: number | null;
  created_at: Date;
  created_by: string;
  author_name: string | null;
  name: string;
}): CustomAppVersionSummary {
  return {
    version: row.version,
    change: row.change,
    ...(row.restored_from === null ? {} : { restored_from: row.restored_from }),
    name: row.name,
    created_at: row.created_at.toISOString(),
    author: { sub: row.created_by, name: row.author_name ?? row.created_by },
  };
}

/**
 * The versions of an app, newest first. The caller has checked that the viewer may see the
 * history (custom-app-access.ts); this reads by app id alone.
 */
export async function listVersions(db: Database, appId: string): Promise<CustomAppVersionSummary[]> {
  const rows = await versionsOf(db, appId).select(sql<string>`v.definition->>'name'`.as('name')).orderBy('v.version', 'desc').execute();
  return rows.map(summaryOf);
}

/** One version with its definition; undefined when the app has no version of that number. */
export async function readVersion(db: Database | Transaction<DatabaseSchema>, appId: string, version: number): Promise<CustomAppVersion | undefined> {
  const row = await versionsOf(db, appId).select('v.definition').where('v.version', '=', version).executeTakeFirst();
  if (!row) return undefined;
  const definition = storedDefinition(row.definition);
  return { ...summaryOf({ ...row, name: definition.name }), definition };
}
