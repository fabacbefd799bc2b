import { randomUUID } from 'node:crypto';
import type { Database } from '../../db/database';
import type { ParsedDocument } from '../../ingestion/document-model';
import { indexDocument } from '../../search/index-document';
import type { Hit } from '../../search/search-passages';

/** A collection of the owner (personal), or a company one when owner is null. */
export async function seedCollection(db: Database, owner: string | null, name = 'Verträge'): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('collections')
    .values({ id, scope: owner ? 'personal' : 'company', owner_id: owner, name })
    .execute();
  return id;
}

/**
 * A processed file in the collection, its pages stored and indexed for search the way ingestion
 * does it (search/index-document.ts). Answers the file id.
 */
export async function seedDocument(
  db: Database,
  input: { collectionId: string; name: string; pages: string[]; language?: ParsedDocument['language']; mediaType?: string; createdBy?: string },
): Promise<string> {
  const fileId = randomUUID();
  const mediaType = input.mediaType ?? 'application/pdf';
  await db
    .insertInto('files')
    .values({
      id: fileId,
      collection_id: input.collectionId,
      name: input.name,
      version: 1,
      media_type: mediaType,
      size: input.pages.join('').length,
      storage_key: randomUUID(),
      created_by: input.createdBy ?? 'employee',
      status: 'processed',
    })
    .execute();
  await indexDocument(db, {
    fileId,
    collectionId: input.collectionId,
    document: { mediaType, language: input.language ?? 'german', pages: input.pages.map((text, i) => ({ pageNumber: i + 1, text, boxes: [] })) },
  });
  return fileId;
}

/** A retrieval hit on a range of a page (as a retriever gives one). */
export function hitOn(fileId: string, collectionId: string, page: number, text: string, start: number, end: number, score = 1): Hit {
  return {
    passageId: randomUUID(),
    fileId,
    collectionId,
    pageNumber: page,
    startOffset: start,
    endOffset: end,
    text: text.slice(start, end),
    score,
    highlights: [],
  };
}
