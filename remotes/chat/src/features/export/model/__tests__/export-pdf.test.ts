import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { exportConversation } from '../conversation-document';
import { conversationPdf, pdfText } from '../export-pdf';
import { conversation, ids, judgedSources, labels, messages } from './export-fixtures';

// The browser build of jsPDF is an ES module; jest runs CommonJS, so it gets the Node build (the same code).
jest.mock('jspdf', () => jest.requireActual('jspdf/dist/jspdf.node.min.js'));

/**
 * The text of each page of a PDF as pdfjs reads it (the document preview's reader), in a Node
 * process of its own: pdfjs is an ES module jest cannot load.
 */
function pdfPages(bytes: Uint8Array): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'conversation-pdf-'));
  try {
    const file = join(dir, 'conversation.pdf');
    writeFileSync(file, bytes);
    const pdfjs = require.resolve('pdfjs-dist/legacy/build/pdf.mjs', { paths: [resolve(__dirname, '../../../../../../../shared/ui')] });
    const script = `
      import { readFileSync } from 'node:fs';
      import { getDocument } from ${JSON.stringify(pdfjs)};
      const standardFontDataUrl = ${JSON.stringify(join(pdfjs, '../../../standard_fonts/'))};
      const pdf = await getDocument({ data: new Uint8Array(readFileSync(${JSON.stringify(file)})), standardFontDataUrl }).promise;
      const pages = [];
      for (let n = 1; n <= pdf.numPages; n += 1) {
        const content = await (await pdf.getPage(n)).getTextContent();
        pages.push(content.items.map((item) => item.str + (item.hasEOL ? '\\n' : '')).join(''));
      }
      process.stdout.write(JSON.stringify(pages));`;
    return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as string[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a conversation as PDF', () => {
  it('reads back with the title, the questions, the answers as text, the numbered sources and the umlauts', async () => {
    const exported = exportConversation(conversation, messages, (id) => (id === ids.a1b ? judgedSources : undefined));
    const blob = await conversationPdf(exported, labels, 'de');
    expect(blob.type).toBe('application/pdf');
    const pages = pdfPages(new Uint8Array(await blob.arrayBuffer()));
    const text = pages.join('\n');
    expect(text).toContain('Reisekosten für Zürich & München');
    expect(text).toContain('Exportiert am 28.11.2026, 17:40');
    expect(text).toContain('Welche Übernachtungspauschale gilt in Zürich?');
    expect(text).toContain('Dateien: Reiserichtlinie.pdf');
    // The answer's Markdown is rendered to its text: no asterisks.
    expect(text).toContain('In Zürich gelten 150 € pro Nacht [1], laut Rundschreiben jedoch 120 € [2].');
    expect(text).toContain('Quellen');
    expect(text).toContain('[1] Reiserichtlinie.pdf, S. 4 (stützt die Antwort)');
    expect(text).toContain('[2] Rundschreiben.docx (widerspricht der Antwort)');
    expect(text).toContain('Assistent (angehalten)');
    expect(text).toContain('Für München gilt dasselbe – 150 € …');
    expect(text).not.toContain('Erste Fassung');
    expect(pages[0]).toContain('1 / 1');
  });

  it('breaks a long conversation over pages, numbered', async () => {
    const long = exportConversation(conversation, messages.map((message) => (message.role === 'assistant' ? { ...message, content: 'Straße und Gebühren. '.repeat(400) } : message)));
    const pages = pdfPages(new Uint8Array(await (await conversationPdf(long, labels, 'de')).arrayBuffer()));
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.at(-1)).toContain(`${pages.length} / ${pages.length}`);
    expect(pages.join('')).toContain('Straße und Gebühren.');
  });

  it('keeps what the standard fonts have and stands in for what they lack', () => {
    expect(pdfText('Grüße „aus“ Köln – 5 € → ok ✓ 😀\u0007')).toBe('Grüße „aus“ Köln – 5 € -> ok v ?');
  });
});
