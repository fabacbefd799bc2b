import type { Database } from '../../db/database';
import type { FilesRepository } from '../../db/repositories/files-repository';
import type { Retriever } from '../../search/retriever';
import type { Tool } from '../tool';
import { readDocumentPageTool } from './read-document-page';
import { searchDocumentsTool, type SearchScope } from './search-documents';
import { webSearchTool } from './web-search';

/** What the built-in tools need from the app (app.ts builds it once). */
export interface BuiltinToolServices {
  db: Database;
  retriever: Retriever;
  files: FilesRepository;
  /** Passage text one search call gives the model. */
  searchMaxCharacters: number;
  /** WEB_SEARCH_URL and its timeout; undefined: no web_search tool at all. */
  webSearch?: { url: string; timeoutMs: number } | undefined;
}

/**
 * The built-in tools of one answer: search_documents (scoped to the message's chosen collections
 * and attachments when it names any), read_document_page, and web_search only when configured.
 */
export function builtinTools(services: BuiltinToolServices, scope?: SearchScope): Tool[] {
  return [
    searchDocumentsTool({ db: services.db, retriever: services.retriever, maxCharacters: services.searchMaxCharacters, scope }),
    readDocumentPageTool({ db: services.db, files: services.files }),
    ...(services.webSearch ? [webSearchTool(services.webSearch)] : []),
  ];
}
