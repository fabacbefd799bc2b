import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeCorruptPdf, makeDocx, makePdf, makeZip, PDF_LAYOUT } from '../../../../../tests/fixtures/documents/make-documents';
import { DocumentParseError } from '../../document-model';
import { DOCX_MEDIA_TYPE, parseDocument } from '../index';
import { countWords, detectLanguage } from '../language';

const utf8 = (text: string) => new TextEncoder().encode(text);

async function refusal(promise: Promise<unknown>): Promise<DocumentParseError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof DocumentParseError, `expected a DocumentParseError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected the parser to refuse');
}

describe('parseDocument: PDF', () => {
  const pageOne = ['Der Jahresbericht beschreibt die Prüfung', 'der Abteilung (Nord) im Detail.'];
  const pageTwo = ['Auf Seite zwei steht das Wort Zebrastreifen', 'und die Ergebnisse der Berichte.'];
  const pdf = makePdf([pageOne, pageTwo], { title: 'Jahresbericht 2026', author: 'Erika Muster' });

  it('reads the text of each page, line by line, with title and author', async () => {
    const doc = await parseDocument(pdf, 'application/pdf');
    assert.equal(doc.mediaType, 'application/pdf');
    assert.equal(doc.title, 'Jahresbericht 2026');
    assert.equal(doc.author, 'Erika Muster');
    assert.equal(doc.language, 'german');
    assert.deepEqual(
      doc.pages.map((p) => [p.pageNumber, p.text]),
      [
        [1, pageOne.join('\n')],
        [2, pageTwo.join('\n')],
      ],
    );
  });

  it('gives a box per word within 0..1 whose offsets point at that word, line by line, left to right', async () => {
    const doc = await parseDocument(pdf, 'application/pdf');
    for (const [index, page] of doc.pages.entries()) {
      const lines = index === 0 ? pageOne : pageTwo;
      const words = lines.flatMap((line, i) => line.split(' ').map((word) => ({ word, line: i })));
      assert.equal(page.boxes.length, words.length);
      page.boxes.forEach((box, i) => {
        const { word, line } = words[i]!;
        for (const edge of [box.left, box.top, box.right, box.bottom]) {
          assert.ok(edge >= 0 && edge <= 1, `edge ${edge}`);
          // Compact: edges rounded to 5 decimals.
          assert.equal(edge, Math.round(edge * 1e5) / 1e5);
        }
        assert.ok(box.right > box.left && box.bottom > box.top);
        assert.equal(page.text.slice(box.start, box.end), word);
        // The generator puts line i's baseline at 100 + 20 i points from the top of an 842 pt page.
        const baseline = (PDF_LAYOUT.firstBaselineFromTop + line * PDF_LAYOUT.lineHeight) / 842;
        assert.ok(Math.abs(box.bottom - baseline) < 0.01, `bottom ${box.bottom} near ${baseline}`);
        const previous = page.boxes[i - 1];
        if (previous && words[i - 1]!.line === line) assert.ok(box.left > previous.right, `${word} right of the word before it`);
        else assert.ok(Math.abs(box.left - PDF_LAYOUT.left / 595) < 0.001, `${word} starts its line at the margin`);
      });
    }
    const page = doc.pages[1]!;
    const word = page.text.indexOf('Zebrastreifen');
    const box = page.boxes.find((b) => b.start === word);
    assert.equal(box && page.text.slice(box.start, box.end), 'Zebrastreifen');
  });

  it("places a word inside a line by its characters' widths (exact in Helvetica, the fixtures' font)", async () => {
    // Helvetica's widths (1/1000 em): "Links " = L 556 + i 222 + n 556 + k 500 + s 500 + space 278 =
    // 2612, "Mitte" = M 833 + i 222 + t 278 + t 278 + e 556 = 2167; 12 pt text from x = 72 pt.
    const doc = await parseDocument(makePdf([['Links Mitte Recht']]), 'application/pdf');
    const middle = doc.pages[0]!.boxes[1]!;
    const at = (units: number) => (PDF_LAYOUT.left + (units * PDF_LAYOUT.fontSize) / 1000) / 595;
    assert.ok(Math.abs(middle.left - at(2612)) < 2e-5, `left ${middle.left}, expected ${at(2612)}`);
    assert.ok(Math.abs(middle.right - at(2612 + 2167)) < 2e-5, `right ${middle.right}, expected ${at(2612 + 2167)}`);
    assert.deepEqual(
      doc.pages[0]!.boxes.map((b) => [b.start, b.end]),
      [
        [0, 5],
        [6, 11],
        [12, 17],
      ],
    );
  });

  it('joins separately drawn pieces of one line, with a space where a gap lies between them', async () => {
    // "Zusammen" is 5.001 em wide in Helvetica: "geschrieben" starts right where it ends.
    const doc = await parseDocument(
      makePdf([[[{ x: 72, text: 'Links' }, { x: 300, text: 'Rechts' }], [{ x: 72, text: 'Zusammen' }, { x: 72 + (5001 / 1000) * 12, text: 'geschrieben' }]]]),
      'application/pdf',
    );
    const page = doc.pages[0]!;
    assert.equal(page.text, 'Links Rechts\nZusammengeschrieben');
    assert.deepEqual(
      page.boxes.map((box) => page.text.slice(box.start, box.end)),
      // pdf.js reads the two pieces drawn without a gap as one item: one word, one box.
      ['Links', 'Rechts', 'Zusammengeschrieben'],
    );
    const rechts = page.boxes[1]!;
    assert.ok(Math.abs(rechts.left - 300 / 595) < 0.001, `${rechts.left}`);
    assert.ok(page.boxes[0]!.right < 0.2, 'the gap between the two pieces is not marked');
  });

  it('refuses an encrypted PDF with DATA0005', async () => {
    const error = await refusal(parseDocument(makePdf([['geheim']], { encrypted: true }), 'application/pdf'));
    assert.equal(error.dataCode, 'DATA0005');
  });

  it('refuses a corrupt PDF with DATA0004', async () => {
    assert.equal((await refusal(parseDocument(makeCorruptPdf(), 'application/pdf'))).dataCode, 'DATA0004');
    assert.equal((await refusal(parseDocument(utf8('not a pdf at all'), 'application/pdf'))).dataCode, 'DATA0004');
  });

  it('refuses a PDF without a text layer (a scan) with DATA0003', async () => {
    assert.equal((await refusal(parseDocument(makePdf([[], []]), 'application/pdf'))).dataCode, 'DATA0003');
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await assert.rejects(parseDocument(pdf, 'application/pdf', { signal: controller.signal }), /stop/);
  });
});

describe('parseDocument: other formats', () => {
  it('reads a Word document as one page of paragraphs', async () => {
    const doc = await parseDocument(makeDocx(['The quarterly report is ready.', 'Costs & <risks> were reviewed by the team.']), DOCX_MEDIA_TYPE);
    assert.equal(doc.pages.length, 1);
    assert.equal(doc.pages[0]!.text, 'The quarterly report is ready.\n\nCosts & <risks> were reviewed by the team.');
    assert.deepEqual(doc.pages[0]!.boxes, []);
    assert.equal(doc.language, 'english');
  });

  it('refuses a corrupt Word document with DATA0004', async () => {
    assert.equal((await refusal(parseDocument(utf8('PK\u0003\u0004 broken'), DOCX_MEDIA_TYPE))).dataCode, 'DATA0004');
    const zipWithoutDocument = makeZip([{ name: 'hello.txt', data: Buffer.from('hi') }]);
    assert.equal((await refusal(parseDocument(zipWithoutDocument, DOCX_MEDIA_TYPE))).dataCode, 'DATA0004');
  });

  it('reads HTML without scripts, styles or link targets, and takes the title', async () => {
    const html = `<!doctype html><html><head><title>Handbuch</title><style>p { color: red }</style>
      <script>var secret = "do-not-index";</script></head>
      <body><h1>Einleitung</h1><p>Das ist <b>wichtig</b> und <a href="https://example.com/x">hier</a> steht mehr.</p>
      <img src="https://example.com/tracker.png" alt="bild"><script>document.write("injected")</script>
      <noscript>noscript text</noscript></body></html>`;
    const doc = await parseDocument(utf8(html), 'text/html; charset=utf-8');
    const text = doc.pages[0]!.text;
    assert.equal(doc.title, 'Handbuch');
    assert.match(text, /Einleitung/);
    assert.match(text, /Das ist wichtig und hier steht mehr\./);
    for (const absent of ['do-not-index', 'injected', 'color', 'example.com', 'noscript text']) assert.ok(!text.includes(absent), absent);
  });

  it('reads Markdown as plain text without markup, link targets or raw HTML', async () => {
    const md = '# Anleitung\n\nEin **fetter** und *kursiver* Text mit [Verweis](https://example.com) und `code`.\n\n- eins\n- zwei\n\n<script>alert(1)</script>\n\n> Zitat\n';
    const doc = await parseDocument(utf8(md), 'text/markdown');
    assert.equal(doc.title, 'Anleitung');
    assert.equal(doc.pages[0]!.text, 'Anleitung\n\nEin fetter und kursiver Text mit Verweis und code.\n\n- eins\n- zwei\n\nZitat');
  });

  it('reads UTF-8 text (BOM dropped, CRLF as LF) and refuses invalid UTF-8 with DATA0004', async () => {
    const doc = await parseDocument(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Grüße\r\naus Köln')]), 'text/plain');
    assert.equal(doc.pages[0]!.text, 'Grüße\naus Köln');
    assert.equal((await refusal(parseDocument(new Uint8Array([0x61, 0xff, 0xfe, 0x62]), 'text/plain'))).dataCode, 'DATA0004');
  });

  it('refuses an empty file with DATA0006 and an unknown type with DATA0001', async () => {
    for (const type of ['application/pdf', DOCX_MEDIA_TYPE, 'text/html', 'text/markdown', 'text/plain']) {
      assert.equal((await refusal(parseDocument(new Uint8Array(), type))).dataCode, 'DATA0006', type);
    }
    assert.equal((await refusal(parseDocument(utf8('  \n\t '), 'text/plain'))).dataCode, 'DATA0006');
    assert.equal((await refusal(parseDocument(utf8('GIF89a'), 'image/gif'))).dataCode, 'DATA0001');
    assert.equal((await refusal(parseDocument(utf8('x'), ''))).dataCode, 'DATA0001');
  });

  it('refuses a document whose markup holds no text with DATA0003', async () => {
    assert.equal((await refusal(parseDocument(utf8('<html><body><script>x()</script></body></html>'), 'text/html'))).dataCode, 'DATA0003');
  });
});

describe('language detection and word count', () => {
  it('tells German from English and falls back to simple', () => {
    assert.equal(detectLanguage('Der Bericht ist fertig und wird von der Abteilung geprüft.'), 'german');
    assert.equal(detectLanguage('The report is ready and will be reviewed by the team.'), 'english');
    assert.equal(detectLanguage('Zebra 42 Quokka'), 'simple');
    assert.equal(detectLanguage(''), 'simple');
  });

  it('counts words', () => {
    assert.equal(countWords("Grüße aus Köln, it's 2026 – e-mail!"), 6);
    assert.equal(countWords('  '), 0);
  });
});
