import type { ToolEvent } from '@assistant/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { retrievalToolEvents } from '../grounding/retrieval-events';
import { RETRIEVAL_LIMIT } from '../grounding/retrieve-windows';
import { buildSourceWindows, documentWindows, type SourceWindow } from '../grounding/source-windows';
import type { Retriever } from '../search/retriever';
import type { GroundingScope } from './grounding-scope';

/** Told to the user (tool error event) when retrieval fails; the answer then comes without sources. */
export const RETRIEVAL_FAILED_MESSAGE = 'The documents could not be searched; this answer does not use them.';

/**
 * A question that asks for the gist of the attached files rather than for something in them
 * ("summarize", "fasse zusammen", "overview"): answered from the beginning of each file, since
 * a search for those words finds nothing in particular.
 */
const ASKS_FOR_SUMMARY = /summar|zusammenfass|fasse?\s.*zusammen|überblick|ueberblick|overview|tl;?dr|worum geht|what is (this|it) about/iu;

export interface RetrievedSources {
  /** The windows given to the model, in source_index order; undefined when retrieval failed. */
  windows: SourceWindow[] | undefined;
  /** The tool step as streamed and stored: begin, then end (one resource per window) or error. */
  toolEvents: ToolEvent[];
}

/**
 * Retrieves the passage windows of a grounded chat answer: the question searched in the chosen
 * collections and in the attached files (the retriever's ranking; windows of whole sentences
 * within `maxCharacters`, grounding/source-windows.ts). Attached files that the search does not
 * find anything in, or a question that asks for a summary, give the beginning of each attached
 * file instead. A failure is logged and becomes a tool error event, never an exception.
 */
export async function retrieveSources(
  deps: { db: Database; retriever: Retriever; log: Pick<FastifyBaseLogger, 'warn'> },
  scope: GroundingScope,
  question: string,
  maxCharacters: number,
): Promise<RetrievedSources> {
  try {
    const windows = await sourceWindows(deps, scope, question, maxCharacters);
    const { begin, end } = retrievalToolEvents(windows, question);
    return { windows, toolEvents: [begin, end] };
  } catch (error) {
    deps.log.warn({ reason: error instanceof Error ? error.message : String(error), mode: deps.retriever.mode }, 'chat: retrieval failed; answering without sources');
    const { begin } = retrievalToolEvents([], question);
    return { windows: undefined, toolEvents: [begin, { call_id: begin.call_id, name: begin.name, type: 'error', message: RETRIEVAL_FAILED_MESSAGE }] };
  }
}

async function sourceWindows(deps: { db: Database; retriever: Retriever }, scope: GroundingScope, question: string, maxCharacters: number): Promise<SourceWindow[]> {
  const { db, retriever } = deps;
  const attachments = scope.attachments;
  const wantsSummary = attachments !== undefined && ASKS_FOR_SUMMARY.test(question);
  const [collectionHits, attachmentHits] = await Promise.all([
    scope.collectionIds.length > 0 ? retriever.search({ collectionIds: scope.collectionIds, query: question, limit: RETRIEVAL_LIMIT }) : [],
    attachments && !wantsSummary
      ? retriever.search({ collectionIds: [attachments.collectionId], fileIds: attachments.fileIds, query: question, limit: RETRIEVAL_LIMIT })
      : [],
  ]);
  if (!attachments || attachmentHits.length > 0) {
    return buildSourceWindows(db, [...attachmentHits, ...collectionHits], { maxCharacters });
  }

  // The beginning of each attached file (an equal share of the budget each), then the
  // collections' hits in what is left.
  const shares = attachments.fileIds.length + (collectionHits.length > 0 ? 1 : 0);
  const perShare = Math.floor(maxCharacters / shares);
  const leading = (await Promise.all(attachments.fileIds.map((fileId) => documentWindows(db, fileId, { maxCharacters: perShare })))).flat();
  const used = leading.reduce((sum, window) => sum + window.text.length, 0);
  const rest = collectionHits.length > 0 ? await buildSourceWindows(db, collectionHits, { maxCharacters: maxCharacters - used }) : [];
  // One numbering over both lists: the answer cites [index + 1].
  return [...leading, ...rest].map((window, index) => ({ ...window, index }));
}
