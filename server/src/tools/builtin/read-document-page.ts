import { uuidSchema } from '@assistant/contracts';
import { z } from 'zod';
import type { Database } from '../../db/database';
import type { FilesRepository } from '../../db/repositories/files-repository';
import type { SourceWindow } from '../../grounding/source-windows';
import { ToolError, type Tool } from '../tool';

export const READ_DOCUMENT_PAGE_TOOL = 'read_document_page';
/** Most characters of one page the model gets (a page of a scanned table can be long). */
export const PAGE_MAX_CHARACTERS = 12_000;

const argsSchema = z.object({ file_id: uuidSchema, page: z.coerce.number().int().min(1).max(100_000) });

export const NO_SUCH_PAGE = 'There is no such document or page among the documents you may read.';

/**
 * `read_document_page`: one page's text of a file the user may read (their own collections and
 * attachments, the company's; FilesRepository.findVisible), as text content. The page is kept as
 * a window too, so a citation of it opens the passage like a search result's.
 */
export function readDocumentPageTool(deps: { db: Database; files: FilesRepository }): Tool {
  return {
    name: READ_DOCUMENT_PAGE_TOOL,
    description:
      'Reads one page of a document the user may read, by its file_id (from search_documents) and page number (from 1). Returns the page text with a number n to cite as [n].',
    parameters: {
      type: 'object',
      properties: {
        file_id: { type: 'string', description: 'The file_id of a document, as search_documents gave it.' },
        page: { type: 'integer', minimum: 1, description: 'The page number, from 1.' },
      },
      required: ['file_id', 'page'],
      additionalProperties: false,
    },
    async run(args, ctx) {
      const parsed = argsSchema.safeParse(args);
      if (!parsed.success) throw new ToolError('Reading a page needs a file_id and a page number from 1.');
      const { file_id: fileId, page } = parsed.data;
      // Another user's file is "no such document", word for word like a missing one.
      const found = await deps.files.findVisible(fileId, { sub: ctx.owner, isAdmin: ctx.isAdmin, groups: ctx.groups });
      if (!found) throw new ToolError(NO_SUCH_PAGE);
      const [row, total] = await Promise.all([
        deps.db.selectFrom('document_pages').select('text').where('file_id', '=', fileId).where('page_number', '=', page).executeTakeFirst(),
        deps.db.selectFrom('document_pages').select((eb) => eb.fn.max('page_number').as('n')).where('file_id', '=', fileId).executeTakeFirst(),
      ]);
      if (!row) throw new ToolError(NO_SUCH_PAGE);
      const text = row.text.slice(0, PAGE_MAX_CHARACTERS);
      const totalPages = Number(total?.n ?? 0);
      const window: SourceWindow = {
        index: 0,
        fileId,
        collectionId: found.file.collection_id,
        fileName: found.file.name,
        mediaType: found.file.media_type,
        ...(totalPages > 0 ? { totalPages } : {}),
        segments: [{ page, start: 0, end: text.length }],
        text,
        score: 0,
      };
      return {
        content: [{ type: 'text', text, source_index: 0 }],
        windows: [window],
        modelText: (first) =>
          JSON.stringify({ n: first + 1, document: found.file.name, file_id: fileId, page, total_pages: totalPages || undefined, cut: row.text.length > text.length || undefined, text }),
      };
    },
  };
}
