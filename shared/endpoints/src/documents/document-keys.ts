/**
 * The query keys of a document's server data: every remote that opens a source shares one cache
 * entry per file (the collections search, QA, chat).
 */
export const documentKeys = {
  all: ['documents'] as const,
  file: (fileId: string) => ['documents', fileId] as const,
  pages: (fileId: string) => ['documents', fileId, 'pages'] as const,
  contentRequest: (fileId: string) => ['documents', fileId, 'content-request'] as const,
};
