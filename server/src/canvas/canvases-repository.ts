import { randomUUID } from 'node:crypto';
import {
  CANVAS_MAX_PER_CONVERSATION,
  type Canvas,
  type CanvasAuthor,
  type CanvasDocument,
  type CanvasVersion,
  type CanvasVersionSummary,
} from '@assistant/contracts';
import type { Selectable, Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { CanvasesTable, CanvasVersionsTable, DatabaseSchema } from '../db/schema';

type CanvasRow = Pick<Selectable<CanvasesTable>, 'id' | 'conversation_id' | 'title' | 'version' | 'created_at' | 'updated_at'>;
type VersionRow = Pick<Selectable<CanvasVersionsTable>, 'version' | 'author' | 'instruction' | 'restored_from' | 'characters' | 'created_at'>;

const CANVAS_COLUMNS = ['canvases.id', 'canvases.conversation_id', 'canvases.title', 'canvases.version', 'canvases.created_at', 'canvases.updated_at'] as const;
const SUMMARY_COLUMNS = [
  'canvas_versions.version',
  'canvas_versions.author',
  'canvas_versions.instruction',
  'canvas_versions.restored_from',
  'canvas_versions.characters',
  'canvas_versions.created_at',
] as const;

/** Why a change was not stored (the routes answer CANVAS_ERRORS, or CONVERSATION_ERRORS, of the same name). */
export type CanvasRefusal = 'conversationNotFound' | 'canvasNotFound' | 'versionNotFound' | 'staleVersion' | 'tooManyCanvases';

/** A new version: who made it, why, and its text. */
interface NewVersion {
  author: CanvasAuthor;
  instruction: string | null;
  restoredFrom: number | null;
  markdown: string;
}

/**
 * Canvas documents and their versions (docs/canvas.md). Every call takes the owner's sub and only
 * ever sees that owner's rows: another user's canvas or conversation is "not found", exactly like
 * a missing one. A canvas's current version is `canvases.version`; a change is stored as version
 * base + 1 only while base is still current (the canvas row is locked for it, and the versions'
 * primary key refuses a second version of the same number).
 */
export class CanvasesRepository {
  constructor(private readonly db: Database) {}

  /** The canvases of the owner's conversation, most recently updated first; undefined when it is not theirs. */
  async list(owner: string, conversationId: string): Promise<Canvas[] | undefined> {
    const [conversation, rows] = await Promise.all([
      this.db.selectFrom('conversations').select('id').where('id', '=', conversationId).where('owner_id', '=', owner).executeTakeFirst(),
      this.db
        .selectFrom('canvases')
        .select(CANVAS_COLUMNS)
        .where('conversation_id', '=', conversationId)
        .where('owner_id', '=', owner)
        .orderBy('updated_at', 'desc')
        .orderBy('id')
        .execute(),
    ]);
    return conversation ? rows.map(toCanvas) : undefined;
  }

  /** A new canvas in the owner's conversation, its text as version 1 by the user. */
  async create(owner: string, conversationId: string, input: { title: string; markdown: string }): Promise<CanvasDocument | CanvasRefusal> {
    return this.db.transaction().execute(async (trx) => {
      // Locking the conversation serialises two creations, so the count below stays true.
      const conversation = await trx
        .selectFrom('conversations')
        .select('id')
        .where('id', '=', conversationId)
        .where('owner_id', '=', owner)
        .forUpdate()
        .executeTakeFirst();
      if (!conversation) return 'conversationNotFound';
      const { count } = await trx
        .selectFrom('canvases')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('conversation_id', '=', conversationId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= CANVAS_MAX_PER_CONVERSATION) return 'tooManyCanvases';
      const now = new Date();
      const row = await trx
        .insertInto('canvases')
        .values({ id: randomUUID(), owner_id: owner, conversation_id: conversationId, title: input.title, version: 1, created_at: now, updated_at: now })
        .returning(['id', 'conversation_id', 'title', 'version', 'created_at', 'updated_at'])
        .executeTakeFirstOrThrow();
      await insertVersion(trx, row.id, 1, { author: 'user', instruction: null, restoredFrom: null, markdown: input.markdown }, now);
      return { ...toCanvas(row), markdown: input.markdown };
    });
  }

  /** The owner's canvas with the text of its current version. */
  async find(owner: string, id: string): Promise<CanvasDocument | undefined> {
    const row = await this.db
      .selectFrom('canvases')
      .innerJoin('canvas_versions', (join) => join.onRef('canvas_versions.canvas_id', '=', 'canvases.id').onRef('canvas_versions.version', '=', 'canvases.version'))
      .select([...CANVAS_COLUMNS, 'canvas_versions.markdown'])
      .where('canvases.id', '=', id)
      .where('canvases.owner_id', '=', owner)
      .executeTakeFirst();
    return row && { ...toCanvas(row), markdown: row.markdown };
  }

  /** The versions of the owner's canvas, oldest first; undefined when the canvas is not theirs. */
  async versions(owner: string, id: string): Promise<CanvasVersionSummary[] | undefined> {
    const rows = await this.db
      .selectFrom('canvases')
      .leftJoin('canvas_versions', 'canvas_versions.canvas_id', 'canvases.id')
      .select(['canvases.id', ...SUMMARY_COLUMNS])
      .where('canvases.id', '=', id)
      .where('canvases.owner_id', '=', owner)
      .orderBy('canvas_versions.version')
      .execute();
    if (rows.length === 0) return undefined;
    return rows.flatMap((row) => (row.version === null ? [] : [toSummary(row as VersionRow)]));
  }

  /** One version of the owner's canvas with its text. */
  async version(owner: string, id: string, version: number): Promise<CanvasVersion | 'canvasNotFound' | 'versionNotFound'> {
    const row = await this.db
      .selectFrom('canvases')
      .leftJoin('canvas_versions', (join) => join.onRef('canvas_versions.canvas_id', '=', 'canvases.id').on('canvas_versions.version', '=', version))
      .select(['canvases.id', ...SUMMARY_COLUMNS, 'canvas_versions.markdown'])
      .where('canvases.id', '=', id)
      .where('canvases.owner_id', '=', owner)
      .executeTakeFirst();
    if (!row) return 'canvasNotFound';
    if (row.version === null || row.markdown === null) return 'versionNotFound';
    return { ...toSummary(row as VersionRow), markdown: row.markdown };
  }

  /**
   * The user's save: a new version when the text differs from the current one, else the canvas
   * unchanged. Refused when `baseVersion` is not the current version.
   */
  async save(owner: string, id: string, input: { markdown: string; baseVersion: number }): Promise<CanvasDocument | CanvasRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const current = await lockCurrent(trx, owner, id);
      if (!current) return 'canvasNotFound';
      if (current.version !== input.baseVersion) return 'staleVersion';
      if (current.markdown === input.markdown) return { ...toCanvas(current), markdown: current.markdown };
      const next = await appendVersion(trx, current, { author: 'user', instruction: null, restoredFrom: null, markdown: input.markdown });
      return { ...toCanvas(next), markdown: input.markdown };
    });
  }

  /** A new version, by the user, with the text of an earlier one. Refused when `baseVersion` is not current. */
  async restore(owner: string, id: string, input: { version: number; baseVersion: number }): Promise<CanvasDocument | CanvasRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const current = await lockCurrent(trx, owner, id);
      if (!current) return 'canvasNotFound';
      const restored = await trx
        .selectFrom('canvas_versions')
        .select('markdown')
        .where('canvas_id', '=', id)
        .where('version', '=', input.version)
        .executeTakeFirst();
      if (!restored) return 'versionNotFound';
      if (current.version !== input.baseVersion) return 'staleVersion';
      const next = await appendVersion(trx, current, { author: 'user', instruction: null, restoredFrom: input.version, markdown: restored.markdown });
      return { ...toCanvas(next), markdown: restored.markdown };
    });
  }

  /**
   * The model's edit as version `baseVersion + 1`; refused when another version was stored since
   * `baseVersion` (or the canvas is gone).
   */
  async addModelEdit(
    owner: string,
    id: string,
    input: { baseVersion: number; instruction: string; markdown: string },
  ): Promise<CanvasVersionSummary | 'canvasNotFound' | 'staleVersion'> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const current = await lockCurrent(trx, owner, id);
        if (!current) return 'canvasNotFound' as const;
        if (current.version !== input.baseVersion) return 'staleVersion' as const;
        const next = await appendVersion(trx, current, { author: 'model', instruction: input.instruction, restoredFrom: null, markdown: input.markdown });
        return next.summary;
      });
    } catch (error) {
      // Another writer stored that version number first (the lock makes this rare).
      if (isUniqueViolation(error)) return 'staleVersion';
      throw error;
    }
  }

  /** Deletes the owner's canvas with its versions; false when they have none with this id. */
  async delete(owner: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('canvases').where('id', '=', id).where('owner_id', '=', owner).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

type Trx = Transaction<DatabaseSchema>;

/** The owner's canvas with its current text, its row locked until the transaction ends. */
async function lockCurrent(trx: Trx, owner: string, id: string): Promise<(CanvasRow & { markdown: string }) | undefined> {
  const canvas = await trx
    .selectFrom('canvases')
    .select(['id', 'conversation_id', 'title', 'version', 'created_at', 'updated_at'])
    .where('id', '=', id)
    .where('owner_id', '=', owner)
    .forUpdate()
    .executeTakeFirst();
  if (!canvas) return undefined;
  const { markdown } = await trx
    .selectFrom('canvas_versions')
    .select('markdown')
    .where('canvas_id', '=', id)
    .where('version', '=', canvas.version)
    .executeTakeFirstOrThrow();
  return { ...canvas, markdown };
}

/** Stores version current + 1 and makes it the canvas's current one. */
async function appendVersion(trx: Trx, current: CanvasRow, input: NewVersion): Promise<CanvasRow & { summary: CanvasVersionSummary }> {
  const now = new Date();
  const summary = await insertVersion(trx, current.id, current.version + 1, input, now);
  const row = await trx
    .updateTable('canvases')
    .set({ version: current.version + 1, updated_at: now })
    .where('id', '=', current.id)
    .returning(['id', 'conversation_id', 'title', 'version', 'created_at', 'updated_at'])
    .executeTakeFirstOrThrow();
  return { ...row, summary };
}

async function insertVersion(trx: Trx, canvasId: string, version: number, input: NewVersion, now: Date): Promise<CanvasVersionSummary> {
  const row = await trx
    .insertInto('canvas_versions')
    .values({
      canvas_id: canvasId,
      version,
      author: input.author,
      instruction: input.instruction,
      restored_from: input.restoredFrom,
      markdown: input.markdown,
      characters: input.markdown.length,
      created_at: now,
    })
    .returning(['version', 'author', 'instruction', 'restored_from', 'characters', 'created_at'])
    .executeTakeFirstOrThrow();
  return toSummary(row);
}

function toCanvas(row: CanvasRow): Canvas {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    title: row.title,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toSummary(row: VersionRow): CanvasVersionSummary {
  return {
    version: row.version,
    author: row.author,
    instruction: row.instruction,
    restored_from: row.restored_from,
    characters: row.characters,
    created_at: row.created_at.toISOString(),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
