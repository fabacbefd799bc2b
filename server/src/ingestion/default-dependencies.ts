import { indexDocument } from '../search/index-document';
import type { IngestionDependencies } from './ingestion-runner';
import { parseDocument } from './parsers/index';

/** The real parser (ingestion/parsers) and indexer (search/index-document) the runner uses in main.ts. */
export const defaultIngestionDependencies: IngestionDependencies = {
  parse: (bytes, mediaType, options) => parseDocument(bytes, mediaType, options),
  index: (db, input) => indexDocument(db, input),
};
