import type { SearchMode } from '@assistant/contracts';
import { searchPassages, type Hit, type SearchInput } from './search-passages';
import type { AnyKysely } from './tables';

/**
 * The one retrieval every grounded feature uses (QA, grounded chat, tools, agents, deep research;
 * DESIGN section 9): passages of the given collections (the caller has checked the user may read
 * each), best first, with their page and exact offsets. `mode` says what the server searches with.
 */
export interface Retriever {
  readonly mode: SearchMode;
  search(input: SearchInput): Promise<Hit[]>;
}

/** Full-text search alone (no embeddings model, or no vector extension). */
export function fullTextRetriever(db: AnyKysely): Retriever {
  return { mode: 'full-text', search: (input) => searchPassages(db, input) };
}
