import type { Embedder } from '../inference/embeddings';
import { isAbortError } from '../inference/upstream';
import type { ParsedDocument } from '../ingestion/document-model';
import type { IngestionDependencies } from '../ingestion/ingestion-job';
import { chunkDocument } from './chunk-document';
import { storeEmbeddings } from './passage-embeddings';
import { searchDb } from './tables';

type Logger = { warn(obj: object, msg: string): void };

export interface IngestionEmbeddingsOptions {
  embedder: Embedder;
  /** Longest time embedding one document may take before it is indexed without vectors (default 60 s). */
  budgetMs?: number;
  log?: Logger;
  /** Called when a document was indexed without (all) vectors: main.ts enqueues the re-embedding job. */
  onMissing?: () => void;
}

/**
 * The ingestion dependencies with embeddings: after parsing, the document's passages (the same
 * chunkDocument the index uses) are embedded in batches of `embedder.batchSize`, before the
 * ingestion job opens its transaction, so no transaction (and, on PGlite, no other query) waits
 * on the model server; after the given `index` wrote the passages, their vectors are stored in the
 * same transaction (passages in page and offset order are chunkDocument's order).
 *
 * A failing or slow embeddings endpoint never fails a document: it is indexed without vectors
 * (full-text and compound search find it at once) and `onMissing` lets the re-embedding job add
 * them later. Only the ingestion's own abort (timeout, stop) is passed on.
 */
export function withIngestionEmbeddings(deps: IngestionDependencies, options: IngestionEmbeddingsOptions): IngestionDependencies {
  const { embedder, log } = options;
  const vectorsOf = new WeakMap<ParsedDocument, number[][]>();
  return {
    async parse(bytes, mediaType, parseOptions) {
      const document = await deps.parse(bytes, mediaType, parseOptions);
      const signal = parseOptions?.signal;
      const budget = AbortSignal.timeout(options.budgetMs ?? 60_000);
      const both = signal ? AbortSignal.any([signal, budget]) : budget;
      const texts = chunkDocument(document.pages).map((passage) => passage.text);
      try {
        const vectors: number[][] = [];
        for (let i = 0; i < texts.length; i += embedder.batchSize) {
          vectors.push(...(await embedder.embed(texts.slice(i, i + embedder.batchSize), { signal: both })));
        }
        vectorsOf.set(document, vectors);
      } catch (error) {
        if (signal?.aborted) throw isAbortError(error) ? error : (signal.reason ?? error);
        log?.warn(
          { err: error instanceof Error ? error.message : String(error), model: embedder.model, passages: texts.length },
          'embeddings failed: the document is indexed for full-text search; the re-embedding job adds its vectors later',
        );
        options.onMissing?.();
      }
      return document;
    },
    async index(db, input) {
      await deps.index(db, input);
      const vectors = vectorsOf.get(input.document);
      if (!vectors) return;
      const passages = await searchDb(db)
        .selectFrom('passages')
        .select(['id', 'collection_id', 'file_id'])
        .where('file_id', '=', input.fileId)
        .orderBy('page_number')
        .orderBy('start_offset')
        .execute();
      if (passages.length !== vectors.length) {
        // Another chunking than the one embedded: leave it to the re-embedding job.
        log?.warn({ fileId: input.fileId, passages: passages.length, vectors: vectors.length }, 'embeddings do not line up with the passages: left to re-embedding');
        options.onMissing?.();
        return;
      }
      await storeEmbeddings(
        db,
        embedder.model,
        passages.map((p, i) => ({ passageId: p.id, collectionId: p.collection_id, fileId: p.file_id, vector: vectors[i]! })),
      );
    },
  };
}
