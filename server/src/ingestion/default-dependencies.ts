import { indexDocument } from '../search/index-document';
import type { IngestionDependencies } from './ingestion-job';
import { parseDocument } from './parsers/index';

/** The real parser (ingestion/parsers) and indexer (search/index-document) the ingestion job uses in main.ts. */
export const defaultIngestionDependencies: IngestionDependencies = {
  parse: (bytes, mediaType, options) => parseDocument(bytes, mediaType, options),
  index: (db, input) => indexDocument(db, input),
};
