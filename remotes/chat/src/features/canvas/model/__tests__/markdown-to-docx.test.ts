import { Packer } from 'docx';
import { strFromU8, unzipSync } from 'fflate';
import { markdownToDocx } from '../markdown-to-docx';

/** The text of the Word document's body XML (what Word shows), and the whole XML. */
async function documentXml(markdown: string): Promise<{ xml: string; text: string }> {
  const buffer = await Packer.toBuffer(markdownToDocx(markdown, 'Notiz'));
  const files = unzipSync(new Uint8Array(buffer));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'word/document.xml']));
  const xml = strFromU8(files['word/document.xml']!);
  const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('|');
  return { xml, text };
}

describe('markdownToDocx', () => {
  it('writes headings, formatted runs, lists, tables and code as a valid Word document', async () => {
    const { xml, text } = await documentXml(
      [
        '# Projektnotiz',
        '',
        'Das Projekt **startet** im *März* mit `npm start` und [Doku](https://example.com/doku).',
        '',
        '- Punkt eins',
        '- Punkt zwei',
        '  1. Unterpunkt',
        '',
        '| Viertel | Bekannt für |',
        '|---|---|',
        '| Alfama | Fado |',
        '',
        '```',
        'const a = 1;',
        '```',
        '',
        '> Zitat',
      ].join('\n'),
    );
    expect(text).toContain('Projektnotiz');
    expect(text).toContain('startet');
    expect(text).toContain('Punkt eins|Punkt zwei|Unterpunkt');
    expect(text).toContain('Viertel|Bekannt für|Alfama|Fado');
    expect(text).toContain('const a = 1;');
    expect(text).toContain('Zitat');
    expect(xml).toContain('w:val="Heading1"');
    expect(xml).toMatch(/<w:b\/>[\s\S]*startet/);
    expect(xml).toContain('<w:tbl>');
    expect(xml).toContain('w:hyperlink');
  });

  it('keeps unsafe links as plain text', async () => {
    const { xml, text } = await documentXml('Klick [hier](javascript:alert(1)) bitte.');
    expect(text).toContain('hier');
    expect(xml).not.toContain('w:hyperlink');
  });
});
