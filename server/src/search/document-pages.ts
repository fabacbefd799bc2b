import type { DocumentPage } from '@assistant/contracts';
import type { ParsedPage } from '../ingestion/document-model';
import { searchDb, type AnyKysely } from './tables';

export interface DocumentPageRow {
  file_id: string;
  page_number: number;
  text: string;
  wordcount: number;
  /** jsonb: parsed by the driver, or a JSON string. */
  boxes: unknown;
}

const fraction = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

/**
 * A stored page in the contracts' shape (SPEC "Document pages (text)"): reference_id is the file id,
 * each line box keeps its edges (fractions of the page, top-left origin) and anchors at the offset
 * where its text begins in `text`.
 */
export function toDocumentPage(row: DocumentPageRow): DocumentPage {
  const raw = typeof row.boxes === 'string' ? (JSON.parse(row.boxes) as unknown) : row.boxes;
  const boxes = Array.isArray(raw) ? (raw as Array<Partial<ParsedPage['boxes'][number]>>) : [];
  return {
    reference_id: row.file_id,
    wordcount: row.wordcount,
    page_number: row.page_number,
    text: row.text,
    bounding_boxes: boxes.map((box) => {
      const left = fraction(box.left);
      const top = fraction(box.top);
      return {
        left,
        top,
        right: Math.max(left, fraction(box.right)),
        bottom: Math.max(top, fraction(box.bottom)),
        anchor_point: Math.min(Math.max(0, Math.trunc(Number(box.start) || 0)), row.text.length),
      };
    }),
  };
}

/** The stored pages of a file in page order (empty when it has none). Access checks are the caller's. */
export async function readDocumentPages(db: AnyKysely, fileId: string): Promise<DocumentPage[]> {
  const rows = await searchDb(db)
    .selectFrom('document_pages')
    .select(['file_id', 'page_number', 'text', 'wordcount', 'boxes'])
    .where('file_id', '=', fileId)
    .orderBy('page_number')
    .execute();
  return rows.map(toDocumentPage);
}
