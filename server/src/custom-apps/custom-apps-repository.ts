import { randomUUID } from 'node:crypto';
import {
  CUSTOM_APP_MAX_PER_USER,
  customAppVariableSchema,
  uuidSchema,
  type AppIcon,
  type CreateCustomAppRequest,
  type CustomAppVariable,
  type CustomAppVisibility,
} from '@assistant/contracts';
import { sql, type Selectable, type SqlBool } from 'kysely';
import { z } from 'zod';
import { AuditLog } from '../audit/audit-log';
import type { Viewer } from '../auth/principal';
import type { Database } from '../db/database';
import type { CustomAppsTable } from '../db/schema';
import { customAppRule } from '../sharing/access-rule';
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
  /** Whether the viewer it was read for may change it (customAppRule.editable). */
  editable: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** The definition an author writes (create and save alike). */
export type CustomAppDefinition = CreateCustomAppRequest;

const storedVariablesSchema = z.array(customAppVariableSchema);
const isUuid = (id: string) => uuidSchema.safeParse(id).success;

/** The table's columns as the access rule joins them (qualified: the rule's subquery has an `id` of its own). */
const APP_COLUMNS = { id: 'custom_apps.id', owner: 'custom_apps.owner_id', visibility: 'custom_apps.visibility' };

function toRecord(row: Selectable<CustomAppsTable> & { editable: SqlBool }): CustomAppRecord {
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
    editable: Boolean(row.editable),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Custom apps (docs/custom-apps.md). Reads go through the access rule (sharing/access-rule.ts):
 * the viewer's own personal apps, those shared with them and every company app; anything else is
 * "not found", exactly like a missing one. Each record says whether its viewer may change it; the
 * routes decide with it (custom-app-access.ts). A save happens only while the app still has the
 * version it is based on. Every change is also stored as a version (custom-app-versions.ts), with
 * who made it, in the same transaction.
 */
export class CustomAppsRepository {
  constructor(private readonly db: Database) {}

  private visibleTo(viewer: Viewer) {
    return this.db
      .selectFrom('custom_apps')
      .selectAll()
      .select(customAppRule.editable(viewer, APP_COLUMNS).as('editable'))
      .where(customAppRule.readable(viewer, APP_COLUMNS));
  }

  /** The viewer's own personal apps, those shared with them and the company's, by name. */
  async listVisible(viewer: Viewer): Promise<CustomAppRecord[]> {
    const rows = await this.visibleTo(viewer)
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id')
      .execute();
    return rows.map(toRecord);
  }

  /** The app of `id` when the viewer may read it. */
  async findVisible(id: string, viewer: Viewer): Promise<CustomAppRecord | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.visibleTo(viewer).where('custom_apps.id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /** The names of the apps of `ids` that exist (for the lists of what was shared with someone). */
  async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return new Map();
    const rows = await this.db.selectFrom('custom_apps').select(['id', 'name']).where('id', 'in', wanted).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Which of `ids` name apps the viewer may see. */
  async visibleIds(ids: readonly string[], viewer: Viewer): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('custom_apps')
      .select('id')
      .where('custom_apps.id', 'in', [...ids])
      .where(customAppRule.readable(viewer, APP_COLUMNS))
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
      return toRecord({ ...row, editable: true });
    });
  }

  /**
   * Replaces the definition when the app still has `baseVersion`, as version baseVersion + 1 made
   * by the viewer (the caller checked they may change it). Answers 'stale' when it has another
   * version now, undefined when it is gone.
   */
  async update(id: string, definition: CustomAppDefinition, baseVersion: number, viewer: Viewer): Promise<CustomAppRecord | 'stale' | undefined> {
    return this.replaceDefinition(id, definition, baseVersion, viewer, { change: 'saved' });
  }

  /**
   * Brings back the definition of version `from` as a new version (baseVersion + 1). Answers
   * 'versionNotFound' when the app has no such version, 'stale' and undefined as `update` does.
   */
  async restore(id: string, from: number, baseVersion: number, viewer: Viewer): Promise<CustomAppRecord | 'stale' | 'versionNotFound' | undefined> {
    const earlier = await readVersion(this.db, id, from);
    if (!earlier) return (await this.exists(id)) ? 'versionNotFound' : undefined;
    return this.replaceDefinition(id, earlier.definition, baseVersion, viewer, { change: 'restored', restoredFrom: from });
  }

  private async replaceDefinition(
    id: string,
    definition: CustomAppDefinition,
    baseVersion: number,
    viewer: Viewer,
    made: { change: 'saved' | 'restored'; restoredFrom?: number },
  ): Promise<CustomAppRecord | 'stale' | undefined> {
    const saved = await this.db.transaction().execute(async (trx) => {
      const now = new Date();
      const row = await trx
        .updateTable('custom_apps')
        .set((eb) => ({ ...columnsOf(definition), version: eb('version', '+', 1), updated_at: now }))
        .where('custom_apps.id', '=', id)
        .where('version', '=', baseVersion)
        .returningAll()
        .returning(customAppRule.editable(viewer, APP_COLUMNS).as('editable'))
        .executeTakeFirst();
      if (row) await recordVersion(trx, { appId: id, version: row.version, ...made, by: viewer.sub, at: now }, definition);
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
   * version made by the viewer (an editor holding the old one must reload), recorded in the audit
   * log in the same transaction. Unchanged when it already has that visibility; undefined when it
   * is gone.
   */
  async setVisibility(id: string, visibility: CustomAppVisibility, viewer: Viewer): Promise<CustomAppRecord | undefined> {
    const by = viewer.sub;
    const editable = customAppRule.editable(viewer, APP_COLUMNS).as('editable');
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
        .where('custom_apps.id', '=', id)
        .where('visibility', '!=', visibility)
        .returningAll()
        .returning(editable)
        .executeTakeFirst();
      if (changed) {
        const record = toRecord(changed);
        const change = visibility === 'company' ? 'published' : 'unpublished';
        await recordVersion(trx, { appId: id, version: record.version, change, by, at: now }, record);
        await new AuditLog(trx).record({
          actor: by,
          action: visibility === 'company' ? 'app.publish' : 'app.unpublish',
          subjectKind: 'custom_app',
          subjectId: id,
          before: { visibility: visibility === 'company' ? 'personal' : 'company', owner: record.ownerId },
          after: { visibility, owner: record.ownerId, version: record.version },
        });
      }
      return changed;
    });
    if (row) return toRecord(row);
    const current = await this.db.selectFrom('custom_apps').selectAll().select(editable).where('custom_apps.id', '=', id).executeTakeFirst();
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

  /** Deletes the app with its versions and its shares; false when there is none with this id. */
  async delete(id: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.deleteFrom('custom_apps').where('id', '=', id).executeTakeFirst();
      await trx.deleteFrom('shares').where('item_kind', '=', 'custom_app').where('item_id', '=', id).execute();
      return Number(result.numDeletedRows) > 0;
    });
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
