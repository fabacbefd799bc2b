import { parseSourceUrl, type ExportedMessage } from '@assistant/contracts';

/** One source of an answer as an export lists it: its number as the answer cites it ([n]), the document, where in it. */
export interface AnswerSource {
  /** source_index + 1: the number the answer's text cites it by. */
  number: number;
  name: string;
  /** The pages it lies on (from the source's location), when known. */
  pages: number[];
  /** The label the judged sources gave it ("p. 4", a section), preferred to the pages. */
  label?: string;
  /** How the judged sources read it; absent when they were not computed. */
  stance?: 'supporting' | 'conflicting';
}

/**
 * An answer's sources as the chat shows them: the documents its tool steps found (each passage by
 * its source number, named by title or file name, with the pages its location names) and, when they
 * were computed, the judged sources' labels and whether each backs or contradicts the answer.
 * Ordered by number; each number once.
 */
export function answerSources(message: Pick<ExportedMessage, 'tool_events' | 'sources'>): AnswerSource[] {
  const byNumber = new Map<number, AnswerSource>();
  for (const event of message.tool_events ?? []) {
    if (event.type !== 'end') continue;
    for (const part of event.content) {
      if (part.type !== 'resource' || byNumber.has(part.source_index + 1)) continue;
      const { uri, metadata } = part.resource;
      const pages = [...new Set(parseSourceUrl(uri)?.segments.map((segment) => segment.page) ?? [])];
      byNumber.set(part.source_index + 1, { number: part.source_index + 1, name: metadata.title?.trim() || metadata.fileName?.trim() || uri, pages });
    }
  }
  for (const item of message.sources ?? []) {
    for (const [stance, list] of [['supporting', item.supporting], ['conflicting', item.conflicting]] as const) {
      for (const source of list) {
        const number = source.source_index + 1;
        const known = byNumber.get(number) ?? { number, name: source.source_name ?? `[${number}]`, pages: [] };
        if (known.stance) continue;
        const pages = known.pages.length > 0 ? known.pages : [...new Set(parseSourceUrl(source.source_url)?.segments.map((segment) => segment.page) ?? [])];
        byNumber.set(number, { ...known, pages, stance, ...(source.source_label ? { label: source.source_label } : {}) });
      }
    }
  }
  return [...byNumber.values()].sort((a, b) => a.number - b.number);
}
