import { SEARCH_QUERY_MAX_LENGTH, uuidSchema } from '@assistant/contracts';
import { orOwnAttachments, readableCollection } from '../../collections/collection-visibility';
import { z } from 'zod';
import type { Database } from '../../db/database';
import { pagesOf } from '../../grounding/grounded-prompt';
import { retrievalContent } from '../../grounding/retrieval-events';
import { RETRIEVAL_LIMIT } from '../../grounding/retrieve-windows';
import { buildSourceWindows, type SourceWindow } from '../../grounding/source-windows';
import type { Retriever } from '../../search/retriever';
import { ToolError, type Tool, type ToolContext } from '../tool';

export const SEARCH_DOCUMENTS_TOOL = 'search_documents';

/** Where a search looks: the message's chosen collections and attachments, when it names any. */
export interface SearchScope {
  collectionIds: string[];
  attachments?: { collectionId: string; fileIds: string[] } | undefined;
}

const argsSchema = z.object({ query: z.string().trim().min(1).max(SEARCH_QUERY_MAX_LENGTH) });

/**
 * The collections a user may read (the collection rule: their own, those shared with them or a
 * group of theirs, the company's not restricted away from them) and the asking conversation's
 * attachments: what an unscoped search looks in. `among` narrows them to chosen ones.
 */
export async function readableCollectionIds(
  db: Database,
  ctx: Pick<ToolContext, 'owner' | 'isAdmin' | 'groups' | 'conversationId'>,
  among?: readonly string[],
): Promise<string[]> {
  const chosen = among?.filter((id) => uuidSchema.safeParse(id).success);
  if (chosen?.length === 0) return [];
  const viewer = { sub: ctx.owner, isAdmin: ctx.isAdmin, groups: ctx.groups };
  const readable = readableCollection(viewer, 'collections');
  let query = db
    .selectFrom('collections')
    .select('id')
    .where(ctx.conversationId ? orOwnAttachments(readable, viewer, 'collections', ctx.conversationId) : readable);
  if (chosen) query = query.where('id', 'in', chosen);
  const rows = await query.execute();
  return rows.map((row) => row.id);
}

/**
 * `search_documents`: the app's retrieval (search/retriever.ts) over what the user may read, or
 * over the message's chosen collections and attachments when it names any; the hits become
 * passage windows of whole sentences (grounding/source-windows.ts) within `maxCharacters`. The
 * windows are the call's sources: one resource each in the tool step, numbered for the model,
 * kept for the answer's grounding trace.
 */
export function searchDocumentsTool(deps: { db: Database; retriever: Retriever; maxCharacters: number; scope?: SearchScope | undefined }): Tool {
  return {
    name: SEARCH_DOCUMENTS_TOOL,
    description:
      "Searches the documents the user may read (their own collections, those colleagues shared with them, the company's collections and the files attached to this conversation) and returns the best matching passages, each with a number n to cite as [n], its document, file_id and pages. Use it for questions about the company, its rules, or the user's files.",
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'What to search for: a few words or a question.' } },
      required: ['query'],
      additionalProperties: false,
    },
    async run(args, ctx) {
      const parsed = argsSchema.safeParse(args);
      if (!parsed.success) throw new ToolError('The search needs a query of 1 to 500 characters.');
      const query = parsed.data.query;
      const scope = deps.scope;
      const searches = scope
        ? [
            // Chosen collections were checked when the message came; asked again, as a share may end while an answer or a research run goes on.
            readableCollectionIds(deps.db, ctx, scope.collectionIds).then((collectionIds) =>
              collectionIds.length > 0 ? deps.retriever.search({ collectionIds, query, limit: RETRIEVAL_LIMIT }) : [],
            ),
            scope.attachments
              ? deps.retriever.search({ collectionIds: [scope.attachments.collectionId], fileIds: scope.attachments.fileIds, query, limit: RETRIEVAL_LIMIT })
              : Promise.resolve([]),
          ]
        : [readableCollectionIds(deps.db, ctx).then((collectionIds) => deps.retriever.search({ collectionIds, query, limit: RETRIEVAL_LIMIT }))];
      const hits = (await Promise.all(searches)).flat().sort((a, b) => b.score - a.score);
      if (ctx.signal.aborted) throw ctx.signal.reason as Error;
      const windows = await buildSourceWindows(deps.db, hits, { maxCharacters: deps.maxCharacters });
      return { content: retrievalContent(windows), windows, modelText: (first) => passagesText(windows, first) };
    },
  };
}

/** The windows for the model: numbered from `first + 1` (the answer's citation numbers), with their document and pages. */
export function passagesText(windows: readonly SourceWindow[], first: number): string {
  if (windows.length === 0) return 'No passage matches this search.';
  return JSON.stringify(
    windows.map((window) => ({
      n: window.index + first + 1,
      document: window.fileName,
      file_id: window.fileId,
      pages: pagesOf(window),
      text: window.text,
    })),
  );
}
