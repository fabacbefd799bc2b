import { randomUUID } from 'node:crypto';
import { agentDefinitionSchema, uuidSchema, type Agent, type AgentVersion, type AgentVisibility, type CreateAgentRequest } from '@assistant/contracts';
import type { Selectable, Transaction } from 'kysely';
import type { Viewer } from '../auth/principal';
import type { Database } from '../db/database';
import type { AgentsTable, AgentVersionsTable, DatabaseSchema } from '../db/schema';

/** The form's fields as stored in a version (the create request, defaults applied). */
export type AgentDefinition = CreateAgentRequest;

/** An agent with who owns it (never sent: the API answers `editable` instead). */
export interface StoredAgent extends Agent {
  ownerId: string;
}

/** Why a change was not made (the routes answer AGENT_ERRORS of the same name). */
export type AgentRefusal = 'agentNotFound' | 'notEditable';

type AgentRow = Pick<Selectable<AgentsTable>, 'id' | 'owner_id' | 'visibility' | 'version' | 'created_at' | 'updated_at'> & Pick<Selectable<AgentVersionsTable>, 'definition'>;

/** Personal agents are their owner's alone; company ones everyone reads and administrators change. */
export function canEdit(agent: { visibility: AgentVisibility; owner_id: string }, viewer: Viewer): boolean {
  return agent.visibility === 'company' ? viewer.isAdmin : agent.owner_id === viewer.sub;
}

const isUuid = (id: string) => uuidSchema.safeParse(id).success;

/**
 * Agents and their versions (docs/agents.md). Every call takes the viewer and sees only what they
 * may: their personal agents and the company's; another user's personal agent is "not found",
 * exactly like a missing one. A save is version base + 1 only while base is still current (the
 * agent row is locked for it; the versions' primary key refuses a second version of a number).
 */
export class AgentsRepository {
  constructor(private readonly db: Database) {}

  private visible(db: Database | Transaction<DatabaseSchema>, viewer: Viewer) {
    return db
      .selectFrom('agents')
      .innerJoin('agent_versions', (join) => join.onRef('agent_versions.agent_id', '=', 'agents.id').onRef('agent_versions.version', '=', 'agents.version'))
      .select(['agents.id', 'agents.owner_id', 'agents.visibility', 'agents.version', 'agents.created_at', 'agents.updated_at', 'agent_versions.definition'])
      .where((eb) => eb.or([eb('agents.visibility', '=', 'company'), eb('agents.owner_id', '=', viewer.sub)]));
  }

  /** The viewer's personal agents and the company's, by name. */
  async list(viewer: Viewer): Promise<StoredAgent[]> {
    const rows = await this.visible(this.db, viewer).orderBy('agents.name').orderBy('agents.id').execute();
    return rows.map((row) => toAgent(row, viewer));
  }

  /** An agent the viewer may read (use in chat), or undefined. */
  async find(viewer: Viewer, id: string): Promise<StoredAgent | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.visible(this.db, viewer).where('agents.id', '=', id).executeTakeFirst();
    return row && toAgent(row, viewer);
  }

  /** A new agent of the viewer, its form as version 1. */
  async create(viewer: Viewer, definition: AgentDefinition, visibility: AgentVisibility = 'personal'): Promise<StoredAgent> {
    return this.db.transaction().execute(async (trx) => {
      const now = new Date();
      const id = randomUUID();
      await trx
        .insertInto('agents')
        .values({ id, owner_id: viewer.sub, visibility, name: definition.name, version: 1, created_at: now, updated_at: now })
        .execute();
      await trx
        .insertInto('agent_versions')
        .values({ agent_id: id, version: 1, definition: JSON.stringify(definition), created_by: viewer.sub, created_at: now })
        .execute();
      return toAgent({ id, owner_id: viewer.sub, visibility, version: 1, created_at: now, updated_at: now, definition }, viewer);
    });
  }

  /**
   * The viewer's save: a new version based on `baseVersion`. A stale base answers the current
   * agent (`stale`), for the 409.
   */
  async update(viewer: Viewer, id: string, definition: AgentDefinition, baseVersion: number): Promise<StoredAgent | AgentRefusal | { stale: StoredAgent }> {
    return this.db.transaction().execute(async (trx) => {
      const current = await this.lock(trx, viewer, id);
      if (!current) return 'agentNotFound';
      if (!canEdit(current, viewer)) return 'notEditable';
      if (current.version !== baseVersion) return { stale: toAgent(current, viewer) };
      const now = new Date();
      const version = current.version + 1;
      await trx
        .insertInto('agent_versions')
        .values({ agent_id: id, version, definition: JSON.stringify(definition), created_by: viewer.sub, created_at: now })
        .execute();
      await trx.updateTable('agents').set({ version, name: definition.name, updated_at: now }).where('id', '=', id).execute();
      return toAgent({ ...current, version, updated_at: now, definition }, viewer);
    });
  }

  /** Publishes (company) or unpublishes (back to its owner's personal agents); administrators only (the route checks). */
  async setVisibility(viewer: Viewer, id: string, visibility: AgentVisibility): Promise<StoredAgent | AgentRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const current = await this.lock(trx, viewer, id);
      if (!current) return 'agentNotFound';
      if (current.visibility === visibility) return toAgent(current, viewer);
      const now = new Date();
      await trx.updateTable('agents').set({ visibility, updated_at: now }).where('id', '=', id).execute();
      return toAgent({ ...current, visibility, updated_at: now }, viewer);
    });
  }

  /** Deletes the agent with its versions; conversations with it keep their messages. */
  async delete(viewer: Viewer, id: string): Promise<true | AgentRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const current = await this.lock(trx, viewer, id);
      if (!current) return 'agentNotFound';
      if (!canEdit(current, viewer)) return 'notEditable';
      await trx.deleteFrom('agents').where('id', '=', id).execute();
      return true;
    });
  }

  /** The versions of an agent the viewer may read, newest first; undefined when there is none. */
  async versions(viewer: Viewer, id: string): Promise<Array<{ version: number; created_at: string }> | undefined> {
    if (!(await this.find(viewer, id))) return undefined;
    const rows = await this.db.selectFrom('agent_versions').select(['version', 'created_at']).where('agent_id', '=', id).orderBy('version', 'desc').execute();
    return rows.map((row) => ({ version: row.version, created_at: row.created_at.toISOString() }));
  }

  /** One version of an agent the viewer may read, with the fields saved then; undefined when there is none. */
  async version(viewer: Viewer, id: string, version: number): Promise<AgentVersion | undefined> {
    if (!(await this.find(viewer, id))) return undefined;
    const row = await this.db
      .selectFrom('agent_versions')
      .select(['definition', 'created_at'])
      .where('agent_id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    return row && { ...agentDefinitionSchema.parse(row.definition), version, created_at: row.created_at.toISOString() };
  }

  /** The agent id the owner's conversation is with: null when none; undefined when the conversation is not theirs. */
  async conversationAgent(owner: string, conversationId: string): Promise<string | null | undefined> {
    if (!isUuid(conversationId)) return undefined;
    const row = await this.db.selectFrom('conversations').select('agent_id').where('id', '=', conversationId).where('owner_id', '=', owner).executeTakeFirst();
    return row ? row.agent_id : undefined;
  }

  /** Ties the owner's conversation to the agent (its first message named it). */
  async setConversationAgent(owner: string, conversationId: string, agentId: string): Promise<void> {
    await this.db.updateTable('conversations').set({ agent_id: agentId }).where('id', '=', conversationId).where('owner_id', '=', owner).execute();
  }

  private async lock(trx: Transaction<DatabaseSchema>, viewer: Viewer, id: string): Promise<AgentRow | undefined> {
    if (!isUuid(id)) return undefined;
    // The agent row alone is locked (FOR UPDATE cannot take the joined version's row with it here).
    const locked = await trx
      .selectFrom('agents')
      .select('id')
      .where('id', '=', id)
      .where((eb) => eb.or([eb('visibility', '=', 'company'), eb('owner_id', '=', viewer.sub)]))
      .forUpdate()
      .executeTakeFirst();
    if (!locked) return undefined;
    return this.visible(trx, viewer).where('agents.id', '=', id).executeTakeFirst();
  }
}

function toAgent(row: AgentRow, viewer: Viewer): StoredAgent {
  const definition = agentDefinitionSchema.parse(row.definition);
  return {
    id: row.id,
    ...definition,
    version: row.version,
    visibility: row.visibility,
    editable: canEdit(row, viewer),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    ownerId: row.owner_id,
  };
}

/** The agent as the API answers it (without its owner). */
export function publicAgent(agent: StoredAgent): Agent {
  const { ownerId, ...rest } = agent;
  return rest;
}
