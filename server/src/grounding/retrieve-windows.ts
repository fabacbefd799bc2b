import type { Database } from '../db/database';
import type { Retriever } from '../search/retriever';
import { buildSourceWindows, documentWindows, type SourceWindow } from './source-windows';

/** Passages asked of the retriever for one grounded answer (before widening, merging and the budget). */
export const RETRIEVAL_LIMIT = 20;

/**
 * The passage windows of a grounded answer: the retriever's best passages of the collections
 * (or of the given files) widened to windows within `maxCharacters`; or, for a model that answers
 * over a whole document (`wholeDocument`), that document from its beginning up to the budget.
 * The caller has checked the user may read every collection and file named.
 */
export async function retrieveWindows(input: {
  db: Database;
  retriever: Retriever;
  question: string;
  collectionIds: readonly string[];
  fileIds?: readonly string[];
  maxCharacters: number;
  wholeDocument?: string;
}): Promise<SourceWindow[]> {
  if (input.wholeDocument) return documentWindows(input.db, input.wholeDocument, { maxCharacters: input.maxCharacters });
  const hits = await input.retriever.search({
    collectionIds: input.collectionIds,
    query: input.question,
    limit: RETRIEVAL_LIMIT,
    ...(input.fileIds ? { fileIds: input.fileIds } : {}),
  });
  return buildSourceWindows(input.db, hits, { maxCharacters: input.maxCharacters });
}
