import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/database';
import type { DatabaseSchema } from '../db/schema';

/** Rows read at a time: a large account is written out page by page, never held whole. */
const PAGE = 50;

type Page<T> = T & { id: string; created_at: Date };

/** Every row of an owner-scoped query, oldest first, PAGE at a time (keyset on created_at and id). */
async function* paged<T>(query: (after: { at: Date; id: string } | undefined) => Promise<Array<Page<T>>>): AsyncGenerator<Page<T>> {
  let after: { at: Date; id: string } | undefined;
  for (;;) {
    const rows = await query(after);
    yield* rows;
    if (rows.length < PAGE) return;
    const last = rows.at(-1)!;
    after = { at: new Date(last.created_at), id: last.id };
  }
}

/** The keyset condition and order of `paged`, on a query of `table` (its created_at and id). */
function page<QB extends SelectQueryBuilder<DatabaseSchema, keyof DatabaseSchema, object>>(query: QB, table: string, after: { at: Date; id: string } | undefined): QB {
  const keyed = after ? query.where(sql<boolean>`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) > (${after.at}, ${after.id})`) : query;
  return keyed.orderBy(sql.ref(`${table}.created_at`)).orderBy(sql.ref(`${table}.id`)).limit(PAGE) as QB;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export interface ExportedMessage {
  role: string;
  content: string;
  created_at: string;
  model: string | null;
  status: string;
}
export interface ExportedConversation {
  id: string;
  name: string;
  created_at: string;
  updated_at: string;
  messages: ExportedMessage[];
}

/** The kinds of data an export holds besides conversations, each a list. */
export const EXPORT_SECTIONS = ['agents', 'custom_apps', 'prompts', 'collections', 'canvases', 'research_runs', 'memories', 'usage_this_year'] as const;
export type ExportSection = (typeof EXPORT_SECTIONS)[number];

/**
 * What the server keeps of one user (the GDPR right of access, docs/operations.md "Retention"):
 * their conversations with messages, agents, custom apps, prompts, collections with their
 * documents' names (not their bytes), canvases, research runs, memories and this year's usage. Every query
 * is scoped to the user's own rows; each is read a page at a time.
 */
export class DataExport {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The user's conversations, oldest first, each with its messages in the order they were stored. */
  async *conversations(sub: string): AsyncGenerator<ExportedConversation> {
    const rows = paged((after) =>
      page(this.db.selectFrom('conversations').select(['id', 'name', 'created_at', 'updated_at']).where('owner_id', '=', sub), 'conversations', after).execute(),
    );
    for await (const row of rows) {
      const messages = await this.db
        .selectFrom('messages')
        .select(['role', 'content', 'created_at', 'model', 'status'])
        .where('conversation_id', '=', row.id)
        .orderBy('seq')
        .execute();
      yield {
        id: row.id,
        name: row.name,
        created_at: iso(row.created_at)!,
        updated_at: iso(row.updated_at)!,
        messages: messages.map((message) => ({ ...message, created_at: iso(message.created_at)! })),
      };
    }
  }

  /** The entries of one of the other kinds, oldest first. */
  section(sub: string, section: ExportSection): AsyncGenerator<Record<string, unknown>> {
    switch (section) {
      case 'agents':
        return this.all(
          'agents',
          this.db
            .selectFrom('agents')
            .innerJoin('agent_versions', (join) => join.onRef('agent_versions.agent_id', '=', 'agents.id').onRef('agent_versions.version', '=', 'agents.version'))
            .select(['agents.id', 'agents.name', 'agents.visibility', 'agents.version', 'agents.created_at', 'agents.updated_at', 'agent_versions.definition'])
            .where('agents.owner_id', '=', sub),
        );
      case 'custom_apps':
        return this.all(
          'custom_apps',
          this.db
            .selectFrom('custom_apps')
            .select(['id', 'name', 'visibility', 'icon', 'description', 'template', 'variables', 'version', 'created_at', 'updated_at'])
            .where('owner_id', '=', sub),
        );
      case 'prompts':
        return this.all('prompts', this.db.selectFrom('prompts').select(['id', 'title', 'text', 'created_at', 'updated_at']).where('owner_id', '=', sub));
      case 'collections':
        return this.collections(sub);
      case 'canvases':
        return this.all(
          'canvases',
          this.db
            .selectFrom('canvases')
            .innerJoin('canvas_versions', (join) => join.onRef('canvas_versions.canvas_id', '=', 'canvases.id').onRef('canvas_versions.version', '=', 'canvases.version'))
            .select(['canvases.id', 'canvases.title', 'canvases.conversation_id', 'canvases.version', 'canvases.created_at', 'canvases.updated_at', 'canvas_versions.markdown'])
            .where('canvases.owner_id', '=', sub),
        );
      case 'research_runs':
        return this.all(
          'research_runs',
          this.db.selectFrom('research_runs').select(['id', 'question', 'title', 'status', 'report', 'conversation_id', 'created_at', 'updated_at']).where('owner_id', '=', sub),
        );
      case 'memories':
        return this.all('memories', this.db.selectFrom('memories').select(['id', 'text', 'source', 'created_at', 'updated_at']).where('owner_id', '=', sub));
      case 'usage_this_year':
        return this.usageThisYear(sub);
    }
  }

  /** Every row of `query` (over `table`, scoped by the caller), a page at a time, dates as ISO strings. */
  private async *all(table: string, query: SelectQueryBuilder<DatabaseSchema, keyof DatabaseSchema, object>): AsyncGenerator<Record<string, unknown>> {
    const rows = paged((after) => page(query, table, after).execute() as Promise<Array<Page<Record<string, unknown>>>>);
    for await (const row of rows) yield dated(row);
  }

  /** The user's personal collections (shared with them or company ones are others'), each with its documents' names. */
  private async *collections(sub: string): AsyncGenerator<Record<string, unknown>> {
    const rows = paged((after) =>
      page(this.db.selectFrom('collections').select(['id', 'name', 'created_at', 'updated_at']).where('owner_id', '=', sub).where('scope', '=', 'personal'), 'collections', after).execute(),
    );
    for await (const row of rows) {
      const documents = await this.db
        .selectFrom('files')
        .select(['name', 'version', 'media_type', 'size', 'created_at'])
        .where('collection_id', '=', row.id)
        .orderBy('name')
        .orderBy('version')
        .execute();
      yield dated({ ...row, documents: documents.map((document) => dated({ ...document, size: Number(document.size) })) });
    }
  }

  /** This year's model calls of the user, added up by feature and model (one row each: bounded). */
  private async *usageThisYear(sub: string): AsyncGenerator<Record<string, unknown>> {
    const yearStart = new Date(Date.UTC(this.now().getUTCFullYear(), 0, 1));
    const { rows } = await sql<{ feature: string; model: string; calls: string; input_tokens: string; output_tokens: string }>`
      select feature, model, count(*) as calls, sum(input_tokens) as input_tokens, sum(output_tokens) as output_tokens
      from usage_events where user_sub = ${sub} and at >= ${yearStart}
      group by feature, model order by feature, model`.execute(this.db);
    for (const row of rows) yield { feature: row.feature, model: row.model, calls: Number(row.calls), input_tokens: Number(row.input_tokens), output_tokens: Number(row.output_tokens) };
  }
}

/** A row with its dates as ISO strings. */
function dated<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));
}
