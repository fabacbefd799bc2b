import { randomUUID } from 'node:crypto';
import { PROMPT_MAX_PER_USER, uuidSchema, type PromptDefinition } from '@assistant/contracts';
import { sql, type Selectable } from 'kysely';
import type { Viewer } from '../auth/principal';
import type { Database } from '../db/database';
import type { PromptsTable } from '../db/schema';
import { promptRule } from '../sharing/access-rule';
import type { SharesRepository } from '../sharing/shares-repository';

/** A stored prompt as the server works with it. */
export interface PromptRecord {
  id: string;
  ownerId: string;
  title: string;
  text: string;
  createdAt: Date;
  updatedAt: Date;
}

function toRecord(row: Selectable<PromptsTable>): PromptRecord {
  return { id: row.id, ownerId: row.owner_id, title: row.title, text: row.text, createdAt: row.created_at, updatedAt: row.updated_at };
}

const COLUMNS = { id: 'prompts.id', owner: 'prompts.owner_id' };

/**
 * The prompt library (docs/prompts.md). Every read and write goes through the access rule
 * (sharing/access-rule.ts promptRule): the owner's prompts and those shared with the viewer, with
 * one of their groups or with the company; editors change them; the owner alone deletes one. A
 * prompt the viewer may not read is "not found", exactly like a missing one.
 */
export class PromptsRepository {
  constructor(
    private readonly db: Database,
    private readonly shares: SharesRepository,
  ) {}

  private readable(viewer: Viewer) {
    return this.db.selectFrom('prompts').selectAll().where(promptRule.readable(viewer, COLUMNS));
  }

  /** The viewer's own prompts and those shared with them, by title. */
  async listReadable(viewer: Viewer): Promise<PromptRecord[]> {
    const rows = await this.readable(viewer)
      .orderBy((eb) => eb.fn('lower', ['title']))
      .orderBy('id')
      .execute();
    return rows.map(toRecord);
  }

  async findReadable(id: string, viewer: Viewer): Promise<PromptRecord | undefined> {
    const row = await this.readable(viewer).where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  }

  /** The prompt when the viewer owns it (who manages its sharing and deletes it). */
  async findOwned(id: string, viewer: Viewer): Promise<PromptRecord | undefined> {
    const row = await this.db.selectFrom('prompts').selectAll().where('id', '=', id).where('owner_id', '=', viewer.sub).executeTakeFirst();
    return row && toRecord(row);
  }

  /** The titles of those of `ids` that still exist (a recipient's "shared with me" list). */
  async titlesOf(ids: readonly string[]): Promise<Map<string, string>> {
    // Ids come from the shares table as text; only well-formed uuids can name a prompt.
    const uuids = ids.filter((id) => uuidSchema.safeParse(id).success);
    if (uuids.length === 0) return new Map();
    const rows = await this.db.selectFrom('prompts').select(['id', 'title']).where('id', 'in', uuids).execute();
    return new Map(rows.map((row) => [row.id, row.title]));
  }

  /** A new prompt of `owner`; refused when they keep PROMPT_MAX_PER_USER already. */
  async create(owner: string, definition: PromptDefinition): Promise<PromptRecord | 'tooManyPrompts'> {
    return this.db.transaction().execute(async (trx) => {
      // Serialises one user's creations, so the count below stays true.
      await sql`select pg_advisory_xact_lock(hashtext(${`prompts:${owner}`}))`.execute(trx);
      const { count } = await trx
        .selectFrom('prompts')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('owner_id', '=', owner)
        .executeTakeFirstOrThrow();
      if (Number(count) >= PROMPT_MAX_PER_USER) return 'tooManyPrompts' as const;
      const now = new Date();
      const row = await trx
        .insertInto('prompts')
        .values({ id: randomUUID(), owner_id: owner, title: definition.title, text: definition.text, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRecord(row);
    });
  }

  /**
   * Replaces title and text when the viewer may change the prompt (owner, editors). Answers
   * 'readOnly' when they may only read it, undefined when they may not even do that.
   */
  async update(id: string, definition: PromptDefinition, viewer: Viewer): Promise<PromptRecord | 'readOnly' | undefined> {
    const row = await this.db
      .updateTable('prompts')
      .set({ title: definition.title, text: definition.text, updated_at: new Date() })
      .where('id', '=', id)
      .where(promptRule.editable(viewer, COLUMNS))
      .returningAll()
      .executeTakeFirst();
    if (row) return toRecord(row);
    return (await this.findReadable(id, viewer)) ? 'readOnly' : undefined;
  }

  /**
   * Deletes the prompt and its shares when the viewer owns it. Answers 'ownerOnly' when they may
   * read it but are not its owner, false when they may not read it.
   */
  async delete(id: string, viewer: Viewer): Promise<true | false | 'ownerOnly'> {
    const deleted = await this.db.transaction().execute(async (trx) => {
      const row = await trx.deleteFrom('prompts').where('id', '=', id).where('owner_id', '=', viewer.sub).returning('id').executeTakeFirst();
      if (row) await this.shares.removeAllOf('prompt', [id], trx);
      return row !== undefined;
    });
    if (deleted) return true;
    return (await this.findReadable(id, viewer)) ? 'ownerOnly' : false;
  }
}
