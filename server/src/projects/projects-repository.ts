import { randomUUID } from 'node:crypto';
import { PROJECT_MAX_PER_USER, uuidSchema, type ProjectCreate, type ProjectUpdate } from '@assistant/contracts';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Viewer } from '../auth/principal';
import type { Database } from '../db/database';
import type { ProjectsTable } from '../db/schema';
import { projectRule } from '../sharing/access-rule';

/** A stored project as the server works with it. */
export interface ProjectRecord {
  id: string;
  ownerId: string;
  name: string;
  instructions: string;
  /** The collection that keeps its files (scope 'project'). */
  collectionId: string;
  fileCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** What an answer in a project's conversation takes from the project. */
export interface ConversationProject {
  id: string;
  name: string;
  instructions: string;
  /** Its files' collection when it holds a processed file (searched then), else undefined. */
  searchableCollectionId: string | undefined;
}

/** What `ofConversationValue` read: the project, or undefined when there is none the viewer may read. */
export function conversationProjectFrom(value: unknown): ConversationProject | undefined {
  // json arrives parsed from PostgreSQL and PGlite alike; a string only from a driver that does not parse json.
  const row = (typeof value === 'string' ? JSON.parse(value) : value) as { id: string; name: string; instructions: string; collection_id: string; searchable: boolean } | null;
  if (!row) return undefined;
  return { id: row.id, name: row.name, instructions: row.instructions, searchableCollectionId: row.searchable ? row.collection_id : undefined };
}

type Row = Selectable<ProjectsTable> & { collection_id: string; file_count: string | number | null };

function toRecord(row: Row): ProjectRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    instructions: row.instructions,
    collectionId: row.collection_id,
    fileCount: Number(row.file_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const COLUMNS = { id: 'projects.id', owner: 'projects.owner_id' };
/** The name of the collection behind a project (never shown: the project's page lists its files). */
const FILES_COLLECTION_NAME = 'Project files';

/**
 * Projects (docs/projects.md). Every read and write goes through the access rule
 * (sharing/access-rule.ts projectRule): the owner's projects and those shared with the viewer,
 * with one of their groups or with the company; editors change files and instructions; the owner
 * alone renames, deletes and shares one. A project the viewer may not read is "not found",
 * exactly like a missing one.
 */
export class ProjectsRepository {
  constructor(private readonly db: Database) {}

  private readable(viewer: Viewer) {
    return this.db
      .selectFrom('projects')
      .innerJoin('collections', 'collections.project_id', 'projects.id')
      .selectAll('projects')
      .select('collections.id as collection_id')
      .select((eb) => eb.selectFrom('files').select((f) => f.fn.countAll<string>().as('n')).whereRef('files.collection_id', '=', 'collections.id').as('file_count'))
      .where(projectRule.readable(viewer, COLUMNS));
  }

  /** The viewer's own projects and those shared with them, latest change first. */
  async listReadable(viewer: Viewer): Promise<ProjectRecord[]> {
    const rows = await this.readable(viewer).orderBy('projects.updated_at', 'desc').orderBy('projects.id').execute();
    return rows.map(toRecord);
  }

  async findReadable(id: string, viewer: Viewer): Promise<ProjectRecord | undefined> {
    const row = await this.readable(viewer).where('projects.id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /** The project when the viewer may change its files and instructions (owner, editors). */
  async findEditable(id: string, viewer: Viewer): Promise<ProjectRecord | undefined> {
    const row = await this.readable(viewer).where('projects.id', '=', id).where(projectRule.editable(viewer, COLUMNS)).executeTakeFirst();
    return row && toRecord(row);
  }

  /** The project when the viewer owns it (who renames, deletes and shares it). */
  async findOwned(id: string, viewer: Viewer): Promise<ProjectRecord | undefined> {
    const row = await this.readable(viewer).where('projects.id', '=', id).where('projects.owner_id', '=', viewer.sub).executeTakeFirst();
    return row && toRecord(row);
  }

  /** The names of those of `ids` that still exist (a recipient's "shared with me" list). */
  async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
    // Ids come from the shares table as text; only well-formed uuids can name a project.
    const uuids = ids.filter((id) => uuidSchema.safeParse(id).success);
    if (uuids.length === 0) return new Map();
    const rows = await this.db.selectFrom('projects').select(['id', 'name']).where('id', 'in', uuids).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** A new project of `owner` with the collection for its files; refused when they own PROJECT_MAX_PER_USER already. */
  async create(owner: string, definition: ProjectCreate): Promise<ProjectRecord | 'tooManyProjects'> {
    return this.db.transaction().execute(async (trx) => {
      // Serialises one user's creations, so the count below stays true.
      await sql`select pg_advisory_xact_lock(hashtext(${`projects:${owner}`}))`.execute(trx);
      const { count } = await trx
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('owner_id', '=', owner)
        .executeTakeFirstOrThrow();
      if (Number(count) >= PROJECT_MAX_PER_USER) return 'tooManyProjects' as const;
      const now = new Date();
      const row = await trx
        .insertInto('projects')
        .values({ id: randomUUID(), owner_id: owner, name: definition.name, instructions: definition.instructions ?? '', created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      const collectionId = randomUUID();
      await trx
        .insertInto('collections')
        .values({ id: collectionId, scope: 'project', owner_id: owner, project_id: row.id, name: FILES_COLLECTION_NAME, created_at: now, updated_at: now })
        .execute();
      return toRecord({ ...row, collection_id: collectionId, file_count: 0 });
    });
  }

  /**
   * Renames the project (its owner) and/or replaces its instructions (owner and editors). Answers
   * 'ownerOnly' for a rename by someone else who may read it, 'readOnly' for a reader's change of
   * the instructions, undefined when they may not read it.
   */
  async update(id: string, changes: ProjectUpdate, viewer: Viewer): Promise<ProjectRecord | 'readOnly' | 'ownerOnly' | undefined> {
    const found = await this.findReadable(id, viewer);
    if (!found) return undefined;
    if (changes.name !== undefined && found.ownerId !== viewer.sub) return 'ownerOnly';
    const row = await this.db
      .updateTable('projects')
      .set({ ...(changes.name !== undefined ? { name: changes.name } : {}), ...(changes.instructions !== undefined ? { instructions: changes.instructions } : {}), updated_at: new Date() })
      .where('id', '=', id)
      .where(projectRule.editable(viewer, COLUMNS))
      .returning('id')
      .executeTakeFirst();
    if (!row) return 'readOnly';
    return this.findReadable(id, viewer);
  }

  /** Marks a change of the project's files (an upload, a removal): its place in the list. */
  async touch(id: string): Promise<void> {
    await this.db.updateTable('projects').set({ updated_at: new Date() }).where('id', '=', id).execute();
  }

  /** The ids of the owner's own conversations in the project (deleted with it when they chose so). */
  async conversationIdsOf(owner: string, id: string): Promise<string[]> {
    const rows = await this.db.selectFrom('conversations').select('id').where('owner_id', '=', owner).where('project_id', '=', id).execute();
    return rows.map((row) => row.id);
  }

  /**
   * Deletes the owner's project with its files (collection, files, runs, pages and passages go
   * through the foreign keys) and its shares; the conversations still in it, anyone's, are left
   * outside any project (the foreign key). Answers the storage keys of the files, whose bytes the
   * caller removes; undefined when the viewer does not own it.
   */
  async delete(id: string, viewer: Viewer): Promise<string[] | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const files = await trx
        .selectFrom('files')
        .innerJoin('collections', 'collections.id', 'files.collection_id')
        .select('files.storage_key')
        .where('collections.project_id', '=', id)
        .execute();
      const result = await trx.deleteFrom('projects').where('id', '=', id).where('owner_id', '=', viewer.sub).executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) return undefined;
      // Shares name items by id without a foreign key (no audit row: the deletion is what happened).
      await trx.deleteFrom('shares').where('item_kind', '=', 'project').where('item_id', '=', id).execute();
      return files.map((file) => file.storage_key);
    });
  }

  /**
   * The project of the viewer's conversation, when it is in one the viewer may still read (a
   * project no longer shared with them gives neither instructions nor files), as one scalar SQL
   * value (a JSON object, or null): the chat route reads it with the conversation's own statement.
   * `conversationProjectFrom` reads it.
   */
  ofConversationValue(viewer: Viewer, conversationId: string): RawBuilder<unknown> {
    const project = this.db
      .selectFrom('conversations')
      .innerJoin('projects', 'projects.id', 'conversations.project_id')
      .innerJoin('collections', 'collections.project_id', 'projects.id')
      .select(['projects.id', 'projects.name', 'projects.instructions', 'collections.id as collection_id'])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('files').select('files.id').whereRef('files.collection_id', '=', 'collections.id').where('files.status', '=', 'processed'))
          .as('searchable'),
      )
      .where('conversations.id', '=', conversationId)
      .where('conversations.owner_id', '=', viewer.sub)
      .where(projectRule.readable(viewer, COLUMNS))
      .limit(1);
    return sql`select row_to_json(project) from (${project}) as project`;
  }

  /**
   * Whether the viewer may put their conversation into the project: its owner and editors may file
   * any of theirs; whom it is shared with to read may start their own conversations in it (one
   * without a message yet).
   */
  async mayFileInto(viewer: Viewer, projectId: string, conversationId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('projects')
      .select((eb) => [
        projectRule.editable(viewer, COLUMNS).as('editable'),
        eb
          .exists(eb.selectFrom('messages').select('messages.message_id').where('messages.conversation_id', '=', conversationId))
          .as('has_messages'),
      ])
      .where('id', '=', projectId)
      .where(projectRule.readable(viewer, COLUMNS))
      .executeTakeFirst();
    return row !== undefined && (Boolean(row.editable) || !row.has_messages);
  }
}
