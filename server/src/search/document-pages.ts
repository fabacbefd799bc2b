import type { DocumentPage } from '@assistant/contracts';
import type { Selectable } from 'kysely';
import type { DocumentPagesTable } from '../db/schema';
import { searchDb, type AnyKysely } from './tables';

export type DocumentPageRow = Omit<Selectable<DocumentPagesTable>, 'boxes'> & {
  /** jsonb: parsed by the driver, or a JSON string. */
  boxes: unknown;
};

const fraction = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

/**
 * A stored page in the contracts' shape (SPEC "Document pages (text)"): reference_id is the file id,
 * each line box keeps its edges (fractions of the page, top-left origin) and anchors at the offset
 * where its text begins in `text`. A box whose anchor is not inside the text is left out rather
 * than sent broken.
 */
export function toDocumentPage(row: DocumentPageRow): DocumentPage {
  const raw = typeof row.boxes === 'string' ? (JSON.parse(row.boxes) as unknown) : row.boxes;
  const boxes: DocumentPage['bounding_boxes'] = [];
  for (const item of Array.isArray(raw) ? (raw as Array<Record<string, unknown>>) : []) {
    const anchor = typeof item.anchor_point === 'number' ? item.anchor_point : item.start;
    if (typeof anchor !== 'number' || !Number.isInteger(anchor) || anchor < 0 || anchor > row.text.length) continue;
    const left = fraction(item.left);
    const top = fraction(item.top);
    boxes.push({ left, top, right: Math.max(left, fraction(item.right)), bottom: Math.max(top, fraction(item.bottom)), anchor_point: anchor });
  }
  return {
    reference_id: row.file_id,
    wordcount: row.wordcount,
    page_number: row.page_number,
    text: row.text,
    bounding_boxes: boxes,
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
