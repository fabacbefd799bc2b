import type { ExportedConversation } from '@assistant/contracts';
import { markdownToPlainText } from '../../conversation';
import { answerSources } from './answer-sources';
import { shownBranch } from './conversation-document';
import { messageHeading, sourceLine, type ExportLabels } from './export-labels';

/** The characters above Latin-1 that the PDF's standard fonts (WinAnsiEncoding) have. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Common characters outside it, written the way a reader still understands them. */
const STAND_INS: Record<string, string> = { '→': '->', '←': '<-', '≤': '<=', '≥': '>=', '≠': '!=', '✓': 'v', '✔': 'v', '−': '-', '\u2011': '-' };

/**
 * `text` in the characters the standard fonts can show: German umlauts, ß, € and the typographic
 * quotes and dashes stay; a character they lack becomes a stand-in ("->" for an arrow) or "?", so
 * nothing is dropped silently and the font needs no download.
 */
export function pdfText(text: string): string {
  let result = '';
  for (const character of text.normalize('NFC').replace(/\t/g, '    ')) {
    const code = character.codePointAt(0)!;
    if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || character === '\n' || WIN_ANSI_EXTRA.has(character)) result += character;
    else if (STAND_INS[character]) result += STAND_INS[character];
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else result += '?';
  }
  return result;
}

const PAGE = { width: 210, height: 297, margin: 20 } as const;
const POINT_MM = 25.4 / 72;
const LINE_FACTOR = 1.35;

/**
 * The shown branch of a conversation as an A4 PDF (jsPDF, loaded only now): the name as the title,
 * the export's date, each message under its heading, answers as the text a reader sees (the
 * Markdown rendered to plain lines), each answer's sources numbered as it cites them, and the page
 * numbers at the foot. Helvetica of the PDF standard fonts: nothing is embedded or downloaded.
 */
export async function conversationPdf(conversation: ExportedConversation, labels: ExportLabels, language: string): Promise<Blob> {
  const { jsPDF } = await import('jspdf');
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  doc.setProperties({ title: pdfText(conversation.name), creator: 'Assistant', subject: labels.exportedOn });
  doc.setLanguage(language as Parameters<typeof doc.setLanguage>[0]);
  const width = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.margin;

  const write = (text: string, options: { size: number; bold?: boolean; gray?: boolean; indent?: number; after?: number }) => {
    doc.setFont('helvetica', options.bold ? 'bold' : 'normal');
    doc.setFontSize(options.size);
    doc.setTextColor(options.gray ? 90 : 20);
    const lineHeight = options.size * POINT_MM * LINE_FACTOR;
    const indent = options.indent ?? 0;
    const lines = doc.splitTextToSize(pdfText(text), width - indent) as string[];
    for (const line of lines) {
      if (y + lineHeight > PAGE.height - PAGE.margin) {
        doc.addPage();
        y = PAGE.margin;
      }
      doc.text(line, PAGE.margin + indent, y, { baseline: 'top' });
      y += lineHeight;
    }
    y += options.after ?? 0;
  };

  write(conversation.name, { size: 18, bold: true, after: 1 });
  write(labels.exportedOn, { size: 9, gray: true, after: 6 });
  for (const message of shownBranch(conversation)) {
    write(messageHeading(message, labels), { size: 11, bold: true, after: 1.5 });
    // A paragraph of the answer stays one, with a gap before the next (its lines as the reader sees them).
    const paragraphs = message.role === 'assistant' ? message.content.split(/\n\s*\n/).map(markdownToPlainText) : [message.content.trim()];
    for (const paragraph of paragraphs.filter(Boolean)) write(paragraph, { size: 10.5, after: 2 });
    if (message.attachments?.length) write(`${labels.files}: ${message.attachments.map((file) => file.name).join(', ')}`, { size: 9, gray: true, after: 2 });
    const sources = answerSources(message);
    if (sources.length > 0) {
      write(labels.sources, { size: 9.5, bold: true, after: 0.5 });
      for (const source of sources) write(sourceLine(source, labels), { size: 9, indent: 3 });
      y += 2;
    }
    y += 4;
  }

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(90);
    doc.text(`${page} / ${pages}`, PAGE.width - PAGE.margin, PAGE.height - PAGE.margin / 2, { align: 'right' });
  }
  return doc.output('blob');
}
