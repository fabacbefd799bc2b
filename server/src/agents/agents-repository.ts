import { randomUUID } from 'node:crypto';
import { agentDefinitionSchema, uuidSchema, type Agent, type AgentVersion, type AgentVersionListResponse, type AgentVisibility, type CreateAgentRequest } from '@assistant/contracts';
import type { Selectable, SqlBool, Transaction } from 'kysely';
import { AuditLog } from '../audit/audit-log';
import type { Viewer } from '../auth/principal';
import type { Database } from '../db/database';
import type { AgentsTable, AgentVersionsTable, DatabaseSchema } from '../db/schema';
import { agentRule } from '../sharing/access-rule';

/** The form's fields as stored in a version (the create request, defaults applied). */
export type AgentDefinition = CreateAgentRequest;

/** An agent with who owns it (never sent: the API answers `editable` instead). */
export interface StoredAgent extends Agent {
  ownerId: string;
}

/** Why a change was not made (the routes answer AGENT_ERRORS of the same name). */
export type AgentRefusal = 'agentNotFound' | 'notEditable' | 'notDeletable';

type AgentRow = Pick<Selectable<AgentsTable>, 'id' | 'owner_id' | 'visibility' | 'version' | 'created_at' | 'updated_at'> &
  Pick<Selectable<AgentVersionsTable>, 'definition'> & { editable: SqlBool };

/** The agents table's columns as the access rule joins them (qualified: the rule's subquery has an `id` of its own). */
const AGENT_COLUMNS = { id: 'agents.id', owner: 'agents.owner_id', visibility: 'agents.visibility' };

/**
 * Who deletes an agent and manages its sharing: its owner, administrators for a company agent.
 * Editors save versions (agentRule.editable) but neither delete nor share it.
 */
export function managesAgent(agent: Pick<StoredAgent, 'visibility' | 'ownerId'>, viewer: Viewer): boolean {
  return agent.visibility === 'company' ? viewer.isAdmin : agent.ownerId === viewer.sub;
}

const isUuid = (id: string) => uuidSchema.safeParse(id).success;

/**
 * Agents and their versions (docs/agents.md). Every read and write goes through the agent access
 * rule (sharing/access-rule.ts): a viewer sees their personal agents, those shared with them and
 * the company's; anything else is "not found", exactly like a missing one. A save is version
 * base + 1 only while base is still current (the agent row is locked for it; the versions' primary
 * key refuses a second version of a number).
 */
export class AgentsRepository {
  constructor(private readonly db: Database) {}

  private visible(db: Database | Transaction<DatabaseSchema>, viewer: Viewer) {
    return db
      .selectFrom('agents')
      .innerJoin('agent_versions', (join) => join.onRef('agent_versions.agent_id', '=', 'agents.id').onRef('agent_versions.version', '=', 'agents.version'))
      .select(['agents.id', 'agents.owner_id', 'agents.visibility', 'agents.version', 'agents.created_at', 'agents.updated_at', 'agent_versions.definition'])
      .select(agentRule.editable(viewer, AGENT_COLUMNS).as('editable'))
      .where(agentRule.readable(viewer, AGENT_COLUMNS));
  }

  /** The viewer's personal agents, those shared with them and the company's, by name. */
  async list(viewer: Viewer): Promise<StoredAgent[]> {
    const rows = await this.visible(this.db, viewer).orderBy('agents.name').orderBy('agents.id').execute();
    return rows.map(toAgent);
  }

  /** An agent the viewer may read (use in chat), or undefined. */
  async find(viewer: Viewer, id: string): Promise<StoredAgent | undefined> {
    if (!isUuid(id)) return undefined;
    const row = await this.visible(this.db, viewer).where('agents.id', '=', id).executeTakeFirst();
    return row && toAgent(row);
  }

  /** The names of the agents of `ids` that exist (for the lists of what was shared with someone). */
  async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return new Map();
    const rows = await this.db.selectFrom('agents').select(['id', 'name']).where('id', 'in', wanted).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
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
      return toAgent({ id, owner_id: viewer.sub, visibility, version: 1, created_at: now, updated_at: now, definition, editable: true });
    });
  }

  /**
   * The viewer's save (its owner's or an editor's, recorded as theirs): a new version based on
   * `baseVersion`. A stale base answers the current agent (`stale`), for the 409.
   */
  async update(viewer: Viewer, id: string, definition: AgentDefinition, baseVersion: number): Promise<StoredAgent | AgentRefusal | { stale: StoredAgent }> {
    return this.db.transaction().execute(async (trx) => {
      const current = await this.lock(trx, viewer, id);
      if (!current) return 'agentNotFound';
      if (!current.editable) return 'notEditable';
      if (current.version !== baseVersion) return { stale: toAgent(current) };
      const now = new Date();
      const version = current.version + 1;
      await trx
        .insertInto('agent_versions')
        .values({ agent_id: id, version, definition: JSON.stringify(definition), created_by: viewer.sub, created_at: now })
        .execute();
      await trx.updateTable('agents').set({ version, name: definition.name, updated_at: now }).where('id', '=', id).execute();
      return toAgent({ ...current, version, updated_at: now, definition });
    });
  }

  /**
   * Publishes (company) or unpublishes (back to its owner's personal agents); administrators only
   * (the route checks). A change is recorded in the audit log in the same transaction.
   */
  async setVisibility(viewer: Viewer, id: string, visibility: AgentVisibility): Promise<StoredAgent | AgentRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const current = await this.lock(trx, viewer, id);
      if (!current) return 'agentNotFound';
      if (current.visibility === visibility) return toAgent(current);
      const now = new Date();
      await trx.updateTable('agents').set({ visibility, updated_at: now }).where('id', '=', id).execute();
      await new AuditLog(trx).record({
        actor: viewer.sub,
        action: visibility === 'company' ? 'agent.publish' : 'agent.unpublish',
        subjectKind: 'agent',
        subjectId: id,
        before: { visibility: current.visibility, owner: current.owner_id },
        after: { visibility, owner: current.owner_id },
      });
      // Whether the viewer may still change it under its new visibility (readable or not: an
      // administrator may unpublish another user's agent).
      const { editable } = await trx.selectFrom('agents').select(agentRule.editable(viewer, AGENT_COLUMNS).as('editable')).where('agents.id', '=', id).executeTakeFirstOrThrow();
      return toAgent({ ...current, visibility, updated_at: now, editable });
    });
  }

  /**
   * Deletes the agent with its versions and its shares (its owner; administrators a company
   * agent); conversations with it keep their messages.
   */
  async delete(viewer: Viewer, id: string): Promise<true | AgentRefusal> {
    return this.db.transaction().execute(async (trx) => {
      const current = await this.lock(trx, viewer, id);
      if (!current) return 'agentNotFound';
      if (!managesAgent(toAgent(current), viewer)) return 'notDeletable';
      await trx.deleteFrom('agents').where('id', '=', id).execute();
      await trx.deleteFrom('shares').where('item_kind', '=', 'agent').where('item_id', '=', id).execute();
      return true;
    });
  }

  /** The versions of an agent the viewer may read, newest first, with who saved each; undefined when there is none. */
  async versions(viewer: Viewer, id: string): Promise<AgentVersionListResponse['versions'] | undefined> {
    if (!(await this.find(viewer, id))) return undefined;
    const rows = await this.db
      .selectFrom('agent_versions')
      .leftJoin('directory_users', 'directory_users.sub', 'agent_versions.created_by')
      .select(['agent_versions.version', 'agent_versions.created_at', 'agent_versions.created_by', 'directory_users.name as author_name'])
      .where('agent_versions.agent_id', '=', id)
      .orderBy('agent_versions.version', 'desc')
      .execute();
    return rows.map((row) => ({
      version: row.version,
      created_at: row.created_at.toISOString(),
      author: { sub: row.created_by, name: row.author_name ?? row.created_by },
    }));
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
      .where('agents.id', '=', id)
      .where(agentRule.readable(viewer, AGENT_COLUMNS))
      .forUpdate()
      .executeTakeFirst();
    if (!locked) return undefined;
    return this.visible(trx, viewer).where('agents.id', '=', id).executeTakeFirst();
  }
}

function toAgent(row: AgentRow): StoredAgent {
  const definition = agentDefinitionSchema.parse(row.definition);
  return {
    id: row.id,
    ...definition,
    version: row.version,
    visibility: row.visibility,
    editable: Boolean(row.editable),
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
