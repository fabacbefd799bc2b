import { randomUUID } from 'node:crypto';
import {
  CUSTOM_APP_MAX_PER_USER,
  customAppVariableSchema,
  type AppIcon,
  type CreateCustomAppRequest,
  type CustomAppVariable,
  type CustomAppVisibility,
} from '@assistant/contracts';
import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import type { Viewer } from '../auth/principal';
import type { Database } from '../db/database';
import type { CustomAppsTable } from '../db/schema';
import { listVersions, readVersion, recordVersion } from './custom-app-versions';

/** A stored app as the server works with it (the owner stays on the server). */
export interface CustomAppRecord {
  id: string;
  ownerId: string;
  visibility: CustomAppVisibility;
  name: string;
  icon: AppIcon;
  description: string;
  template: string;
  variables: CustomAppVariable[];
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The definition an author writes (create and save alike). */
export type CustomAppDefinition = CreateCustomAppRequest;

const storedVariablesSchema = z.array(customAppVariableSchema);

function toRecord(row: Selectable<CustomAppsTable>): CustomAppRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    visibility: row.visibility,
    name: row.name,
    icon: row.icon as AppIcon,
    description: row.description,
    template: row.template,
    // jsonb: PostgreSQL answers it parsed; read through the contract so a row never leaks a bad shape.
    variables: storedVariablesSchema.parse(typeof row.variables === 'string' ? JSON.parse(row.variables) : row.variables),
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Custom apps (docs/custom-apps.md). Reads are scoped to what the viewer may see: their own
 * personal apps and every company app; another user's personal app is "not found", exactly like a
 * missing one. Who may change what is the caller's decision (custom-app-access.ts); a save
 * happens only while the app still has the version it is based on. Every change is also stored
 * as a version (custom-app-versions.ts), in the same transaction.
 */
export class CustomAppsRepository {
  constructor(private readonly db: Database) {}

  private visibleTo(viewer: Viewer) {
    return this.db
      .selectFrom('custom_apps')
      .selectAll()
      .where((eb) => eb.or([eb('visibility', '=', 'company'), eb.and([eb('visibility', '=', 'personal'), eb('owner_id', '=', viewer.sub)])]));
  }

  /** The viewer's own personal apps and the company's, by name. */
  async listVisible(viewer: Viewer): Promise<CustomAppRecord[]> {
    const rows = await this.visibleTo(viewer)
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id')
      .execute();
    return rows.map(toRecord);
  }

  async findVisible(id: string, viewer: Viewer): Promise<CustomAppRecord | undefined> {
    const row = await this.visibleTo(viewer).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /** Which of `ids` name apps the viewer may see. */
  async visibleIds(ids: readonly string[], viewer: Viewer): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('custom_apps')
      .select('id')
      .where('id', 'in', [...ids])
      .where((eb) => eb.or([eb('visibility', '=', 'company'), eb.and([eb('visibility', '=', 'personal'), eb('owner_id', '=', viewer.sub)])]))
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /**
   * A new personal app of `owner` at version 1 (`change` says how it came to be); refused when they
   * keep CUSTOM_APP_MAX_PER_USER already.
   */
  async create(owner: string, definition: CustomAppDefinition, change: 'created' | 'duplicated' | 'imported' = 'created'): Promise<CustomAppRecord | 'tooManyApps'> {
    return this.db.transaction().execute(async (trx) => {
      // Serialises one user's creations, so the count below stays true.
      await sql`select pg_advisory_xact_lock(hashtext(${`custom_apps:${owner}`}))`.execute(trx);
      const { count } = await trx
        .selectFrom('custom_apps')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('owner_id', '=', owner)
        .executeTakeFirstOrThrow();
      if (Number(count) >= CUSTOM_APP_MAX_PER_USER) return 'tooManyApps' as const;
      const now = new Date();
      const row = await trx
        .insertInto('custom_apps')
        .values({
          id: randomUUID(),
          owner_id: owner,
          visibility: 'personal',
          ...columnsOf(definition),
          version: 1,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordVersion(trx, { appId: row.id, version: 1, change, by: owner, at: now }, definition);
      return toRecord(row);
    });
  }

  /**
   * Replaces the definition when the app still has `baseVersion`, as version baseVersion + 1 made
   * by `by`. Answers 'stale' when it has another version now, undefined when it is gone.
   */
  async update(id: string, definition: CustomAppDefinition, baseVersion: number, by: string): Promise<CustomAppRecord | 'stale' | undefined> {
    return this.replaceDefinition(id, definition, baseVersion, { change: 'saved', by });
  }

  /**
   * Brings back the definition of version `from` as a new version (baseVersion + 1). Answers
   * 'versionNotFound' when the app has no such version, 'stale' and undefined as `update` does.
   */
  async restore(id: string, from: number, baseVersion: number, by: string): Promise<CustomAppRecord | 'stale' | 'versionNotFound' | undefined> {
    const earlier = await readVersion(this.db, id, from);
    if (!earlier) return (await this.exists(id)) ? 'versionNotFound' : undefined;
    return this.replaceDefinition(id, earlier.definition, baseVersion, { change: 'restored', restoredFrom: from, by });
  }

  private async replaceDefinition(
    id: string,
    definition: CustomAppDefinition,
    baseVersion: number,
    made: { change: 'saved' | 'restored'; restoredFrom?: number; by: string },
  ): Promise<CustomAppRecord | 'stale' | undefined> {
    const saved = await this.db.transaction().execute(async (trx) => {
      const now = new Date();
      const row = await trx
        .updateTable('custom_apps')
        .set((eb) => ({ ...columnsOf(definition), version: eb('version', '+', 1), updated_at: now }))
        .where('id', '=', id)
        .where('version', '=', baseVersion)
        .returningAll()
        .executeTakeFirst();
      if (row) await recordVersion(trx, { appId: id, version: row.version, ...made, at: now }, definition);
      return row;
    });
    if (saved) return toRecord(saved);
    return (await this.exists(id)) ? 'stale' : undefined;
  }

  private async exists(id: string): Promise<boolean> {
    return (await this.db.selectFrom('custom_apps').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  }

  /**
   * Publishes the app for the company or takes it back to its owner's personal apps, as a new
   * version (an editor holding the old one must reload). Unchanged when it already has that
   * visibility; undefined when it is gone.
   */
  async setVisibility(id: string, visibility: CustomAppVisibility, by: string): Promise<CustomAppRecord | undefined> {
    const row = await this.db.transaction().execute(async (trx) => {
      const now = new Date();
      const changed = await trx
        .updateTable('custom_apps')
        .set((eb) => ({
          visibility,
          version: eb('version', '+', 1),
          updated_at: now,
          published_by: visibility === 'company' ? by : null,
          published_at: visibility === 'company' ? now : null,
        }))
        .where('id', '=', id)
        .where('visibility', '!=', visibility)
        .returningAll()
        .executeTakeFirst();
      if (changed) {
        const record = toRecord(changed);
        const change = visibility === 'company' ? 'published' : 'unpublished';
        await recordVersion(trx, { appId: id, version: record.version, change, by, at: now }, record);
      }
      return changed;
    });
    if (row) return toRecord(row);
    const current = await this.db.selectFrom('custom_apps').selectAll().where('id', '=', id).executeTakeFirst();
    return current && toRecord(current);
  }

  /** The app's versions, newest first (the caller has checked that the viewer may see its history). */
  versions(id: string) {
    return listVersions(this.db, id);
  }

  /** One version of the app with its definition; undefined when there is none of that number. */
  version(id: string, version: number) {
    return readVersion(this.db, id, version);
  }

  /** Deletes the app with its versions; false when there is none with this id. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('custom_apps').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

function columnsOf(definition: CustomAppDefinition) {
  return {
    name: definition.name,
    icon: definition.icon,
    description: definition.description,
    template: definition.template,
    variables: JSON.stringify(definition.variables),
  };
}
