import type { ShareItemKind, ShareRole } from '@assistant/contracts';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Viewer } from '../auth/principal';

/**
 * Who may see what: one rule per kind of item, in SQL, so that a list, a single read, the
 * retriever, tools, agents, research and sync all ask the same question and nothing is filtered
 * in the browser (docs/sharing.md). An item reaches a viewer when they own it, when it is shared
 * with them, with one of their groups or with the company, or (per kind) when it is the company's.
 *
 * `column` names the item's id and owner columns of the query the rule joins (for example
 * `agents.id`); the shares table is asked in a correlated EXISTS, served by its target index.
 */

const FALSE = sql<SqlBool>`false`;
const TRUE = sql<SqlBool>`true`;

/** The targets that reach the viewer: them by subject, their groups, the whole company. */
function targetsOf(viewer: Viewer): RawBuilder<SqlBool> {
  const user = sql<SqlBool>`(s.target_type = 'user' and s.target_id = ${viewer.sub})`;
  const company = sql<SqlBool>`s.target_type = 'company'`;
  if (viewer.groups.length === 0) return sql<SqlBool>`(${user} or ${company})`;
  const groups = sql.join(viewer.groups.map((group) => sql`${group}`));
  return sql<SqlBool>`(${user} or ${company} or (s.target_type = 'group' and s.target_id in (${groups})))`;
}

/** The item (`idColumn`) of `kind` is shared with the viewer with at least `role`. */
export function sharedWith(kind: ShareItemKind, viewer: Viewer, idColumn: string, role: ShareRole = 'view'): RawBuilder<SqlBool> {
  const edit = role === 'edit' ? sql`and s.role = 'edit'` : sql``;
  return sql<SqlBool>`exists (select 1 from shares s where s.item_kind = ${kind} and s.item_id = ${sql.ref(idColumn)}::text and ${targetsOf(viewer)} ${edit})`;
}

/** A company collection restricted to groups (group shares on it) that names none of the viewer's. */
function restrictedAway(viewer: Viewer, idColumn: string): RawBuilder<SqlBool> {
  const groups = viewer.groups.length === 0 ? FALSE : sql<SqlBool>`r.target_id in (${sql.join(viewer.groups.map((group) => sql`${group}`))})`;
  const anyGroup = sql`select 1 from shares r where r.item_kind = 'collection' and r.item_id = ${sql.ref(idColumn)}::text and r.target_type = 'group'`;
  return sql<SqlBool>`(exists (${anyGroup}) and not exists (${anyGroup} and ${groups}))`;
}

type Columns = { id: string; owner: string };
const or = (...parts: RawBuilder<SqlBool>[]) => sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
const owns = (viewer: Viewer, ownerColumn: string) => sql<SqlBool>`${sql.ref(ownerColumn)} = ${viewer.sub}`;

/**
 * Collections (personal or company; a conversation's attachments are its owner's and never
 * shared). Personal: the owner, and whom it is shared with. Company: everyone, unless group
 * shares restrict it to those groups; administrators always.
 */
export const collectionRule = {
  readable(viewer: Viewer, c: Columns & { scope: string }): RawBuilder<SqlBool> {
    const personal = sql<SqlBool>`(${sql.ref(c.scope)} = 'personal' and ${or(owns(viewer, c.owner), sharedWith('collection', viewer, c.id))})`;
    const company = sql<SqlBool>`(${sql.ref(c.scope)} = 'company' and ${viewer.isAdmin ? TRUE : sql<SqlBool>`not ${restrictedAway(viewer, c.id)}`})`;
    return or(personal, company, projectFiles(viewer, c, 'view'));
  },
  /** Adds, removes and renames documents: the owner and editors of a personal one, administrators of a company one. */
  editable(viewer: Viewer, c: Columns & { scope: string }): RawBuilder<SqlBool> {
    const personal = sql<SqlBool>`(${sql.ref(c.scope)} = 'personal' and ${or(owns(viewer, c.owner), sharedWith('collection', viewer, c.id, 'edit'))})`;
    const mine = or(personal, projectFiles(viewer, c, 'edit'));
    return viewer.isAdmin ? or(mine, sql<SqlBool>`${sql.ref(c.scope)} = 'company'`) : mine;
  },
};

/**
 * A project's files (scope 'project'): they reach whom the project reaches, and its editors change
 * them; administrators have no exception. The collection's id column names its table's alias.
 */
function projectFiles(viewer: Viewer, c: Columns & { scope: string }, role: ShareRole): RawBuilder<SqlBool> {
  const table = c.id.slice(0, c.id.lastIndexOf('.'));
  const project = projectRule[role === 'edit' ? 'editable' : 'readable'](viewer, { id: 'p.id', owner: 'p.owner_id' });
  return sql<SqlBool>`(${sql.ref(c.scope)} = 'project' and exists (select 1 from projects p where p.id = ${sql.ref(`${table}.project_id`)} and ${project}))`;
}

/** Projects: the owner's, and those shared with the viewer (editors change files and instructions). */
export const projectRule = {
  readable: (viewer: Viewer, c: Columns) => or(owns(viewer, c.owner), sharedWith('project', viewer, c.id)),
  editable: (viewer: Viewer, c: Columns) => or(owns(viewer, c.owner), sharedWith('project', viewer, c.id, 'edit')),
};

/**
 * Agents and custom apps: the owner's, the company's (published by an administrator) and those
 * shared with the viewer; editors and the owner change them, administrators the company's.
 */
function publishableRule(kind: 'agent' | 'custom_app') {
  return {
    readable(viewer: Viewer, c: Columns & { visibility: string }): RawBuilder<SqlBool> {
      return or(sql<SqlBool>`${sql.ref(c.visibility)} = 'company'`, owns(viewer, c.owner), sharedWith(kind, viewer, c.id));
    },
    editable(viewer: Viewer, c: Columns & { visibility: string }): RawBuilder<SqlBool> {
      const company = viewer.isAdmin ? sql<SqlBool>`${sql.ref(c.visibility)} = 'company'` : FALSE;
      return or(company, sql<SqlBool>`(${sql.ref(c.visibility)} = 'personal' and ${or(owns(viewer, c.owner), sharedWith(kind, viewer, c.id, 'edit'))})`);
    },
  };
}
export const agentRule = publishableRule('agent');
export const customAppRule = publishableRule('custom_app');

/** Saved prompts: the owner's, and those shared with the viewer (editors change them). */
export const promptRule = {
  readable: (viewer: Viewer, c: Columns) => or(owns(viewer, c.owner), sharedWith('prompt', viewer, c.id)),
  editable: (viewer: Viewer, c: Columns) => or(owns(viewer, c.owner), sharedWith('prompt', viewer, c.id, 'edit')),
};

/** A conversation is its owner's; others read only its shared snapshot. */
export const conversationSnapshotRule = {
  readable: (viewer: Viewer, c: Columns) => or(owns(viewer, c.owner), sharedWith('conversation', viewer, c.id)),
};
