import { applyCanvasReplacement } from '@assistant/contracts';
import { Fragment, Slice, type Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Transform } from '@tiptap/pm/transform';
import { locateSelection, type LocatedSelection } from '../selection-offsets';
import { RICH, positionOf, standalone } from './editor-kit';

const { schema, markdown } = standalone();
const doc = markdown.parse(RICH, schema);

function locate(from: number, to: number, source: ProseMirrorNode = doc): LocatedSelection {
  const located = locateSelection(source, from, to, markdown);
  if (!located) throw new Error(`nothing located for ${from}..${to}`);
  expect(located.markdown).toBe(markdown.serialize(source));
  return located;
}

/** The selection from the start of `first` to the end of `last` (the nth occurrences). */
function select(first: string, last = first, source: ProseMirrorNode = doc): LocatedSelection {
  const from = positionOf(source, first);
  const to = positionOf(source, last) + last.length;
  return locate(from, to, source);
}

const sliceOf = (located: LocatedSelection) => located.markdown.slice(located.start, located.end);

/** The document with the located target replaced by `text` the way a rewrite puts it. */
function replaced(source: ProseMirrorNode, located: LocatedSelection, text: string): string {
  const { target } = located;
  const transform = new Transform(source);
  if (target.kind === 'inline') transform.replaceWith(target.from, target.to, schema.text(text, target.marks));
  else transform.replace(target.from, target.to, new Slice(markdown.parseBlocks(text, schema), 0, 0));
  return markdown.serialize(transform.doc);
}

describe('selection offsets into the Markdown', () => {
  it('a plain sentence in a paragraph: exactly its characters', () => {
    const located = select('The ', 'deals;');
    expect(located.target.kind).toBe('inline');
    expect(sliceOf(located)).toBe('The **sales team** closed *three* deals;');
    expect(located.start).toBe(RICH.indexOf('The **sales'));
  });

  it('a word inside bold: inside the delimiters, and the replacement stays bold', () => {
    const located = select('team');
    expect(sliceOf(located)).toBe('team');
    expect(located.start).toBe(RICH.indexOf('team**'));
    expect(located.target.marks.map((mark) => mark.type.name)).toEqual(['bold']);
    expect(replaced(doc, located, 'crew')).toBe(RICH.replace('sales team', 'sales crew'));
  });

  it('the whole bold run: with its delimiters', () => {
    const located = select('sales team');
    expect(sliceOf(located)).toBe('**sales team**');
    expect(located.target.marks).toHaveLength(0);
  });

  it('half of a bold run and plain text before it: widened to the whole run', () => {
    const located = select('The ', 'sales');
    expect(sliceOf(located)).toBe('The **sales team**');
  });

  it('part of a link text: inside the brackets', () => {
    const located = select('CRM');
    expect(sliceOf(located)).toBe('CRM');
    expect(replaced(doc, located, 'ERP')).toBe(RICH.replace('[the CRM]', '[the ERP]'));
  });

  it('inline code: inside the backticks', () => {
    expect(sliceOf(select('42'))).toBe('42');
  });

  it('a heading’s words: without the #', () => {
    const located = select('Quarterly');
    expect(sliceOf(located)).toBe('Quarterly');
    expect(located.start).toBe(2);
  });

  it('a list item’s text, and a nested one', () => {
    expect(sliceOf(select('First item'))).toBe('First item');
    expect(sliceOf(select('Nested'))).toBe('Nested');
    const located = select('Second', 'bold');
    expect(sliceOf(located)).toBe('Second item with **bold**');
  });

  it('across list items: the whole list', () => {
    const located = select('First', 'Second');
    expect(located.target.kind).toBe('blocks');
    expect(sliceOf(located)).toBe('- First item\n- Second item with **bold**\n  - Nested item');
  });

  it('a table cell’s text, exactly (rows are not padded)', () => {
    const located = select('growing');
    expect(sliceOf(located)).toBe('growing');
    expect(located.start).toBe(RICH.indexOf('growing'));
    expect(replaced(doc, located, 'shrinking')).toBe(RICH.replace('growing', 'shrinking'));
    expect(sliceOf(select('0.8'))).toBe('0.8');
  });

  it('across table cells: the whole table', () => {
    const located = select('North', 'steady');
    expect(located.target.kind).toBe('blocks');
    expect(sliceOf(located)).toBe('| Region | Revenue | Note |\n| --- | ---: | --- |\n| North | 1.2 M | steady |\n| South | 0.8 M | growing |');
  });

  it('code: the characters inside the fence, replaced as text', () => {
    const located = select('north + south');
    expect(located.target.code).toBe(true);
    expect(sliceOf(located)).toBe('north + south');
    expect(replaced(doc, located, 'a * b')).toBe(RICH.replace('north + south', 'a * b'));
  });

  it('a quote’s words: without the >', () => {
    expect(sliceOf(select('quote from'))).toBe('quote from');
  });

  it('across paragraphs: the whole blocks, from the first character of the first to the last of the last', () => {
    const located = select('Numbers', 'Second');
    expect(located.target.kind).toBe('blocks');
    expect(sliceOf(located)).toBe('## Numbers\n\n- First item\n- Second item with **bold**\n  - Nested item');
  });

  it('the whole document', () => {
    const located = locate(0, doc.content.size);
    expect([located.start, located.end]).toEqual([0, RICH.length]);
  });

  it('nothing for an empty selection, a selection of nothing between blocks, or an empty document', () => {
    expect(locateSelection(doc, 5, 5, markdown)).toBeNull();
    const endOfTitle = positionOf(doc, 'report') + 'report'.length;
    expect(locateSelection(doc, endOfTitle, endOfTitle + 2, markdown)).toBeNull();
    const empty = markdown.parse('', schema);
    expect(locateSelection(empty, 0, empty.content.size, markdown)).toBeNull();
  });

  it('texts with characters that are escaped: offsets still exact', () => {
    const source = markdown.parse('Use snake_case, a*b and [1] here & there.\n\n3\\. Oktober ist frei.', schema);
    const md = markdown.serialize(source);
    expect(md).toBe('Use snake_case, a\\*b and \\[1\\] here & there.\n\n3\\. Oktober ist frei.');
    expect(sliceOf(select('case, a*b', 'a*b', source))).toBe('case, a\\*b');
    expect(sliceOf(select('[1]', '[1]', source))).toBe('\\[1\\]');
    expect(sliceOf(select('Oktober', 'Oktober', source))).toBe('Oktober');
  });

  it('for hundreds of random selections: the range is exact, and replacing the target in the document writes exactly the range replaced in the Markdown', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const sources = [doc, markdown.parse(`${RICH}\n\nA *mixed **nested** run* with \`code\` and a [link **bold**](https://x.y) end.`, schema)];
    let inline = 0;
    let blocks = 0;
    for (const source of sources) {
      const md = markdown.serialize(source);
      for (let i = 0; i < 300; i += 1) {
        const a = Math.floor(random() * source.content.size);
        const b = Math.min(source.content.size, a + 1 + Math.floor(random() * (random() < 0.7 ? 12 : 200)));
        const located = locateSelection(source, a, b, markdown);
        if (!located) continue;
        expect(located.markdown).toBe(md);
        expect(located.end).toBeGreaterThan(located.start);
        if (located.target.kind === 'inline') inline += 1;
        else blocks += 1;
        // The target holds the selected text (it may leave out a block end where nothing was selected).
        expect(located.target.from).toBeLessThan(located.target.to);
        if (located.target.kind === 'inline') expect(located.target.from <= a && located.target.to >= b).toBe(true);
        for (const text of ['ZZZ', 'Zwei Wörter']) {
          expect(replaced(source, located, text)).toBe(applyCanvasReplacement(md, located, text));
        }
      }
    }
    expect(inline).toBeGreaterThan(100);
    expect(blocks).toBeGreaterThan(50);
  });

  it('a replacement of whole blocks by other blocks writes exactly the range replaced', () => {
    const located = select('Numbers', 'Two');
    const replacement = '## Figures\n\n| a | b |\n| --- | --- |\n| 1 | 2 |';
    const transform = new Transform(doc).replace(located.target.from, located.target.to, new Slice(Fragment.from(markdown.parseBlocks(replacement, schema)), 0, 0));
    expect(markdown.serialize(transform.doc)).toBe(applyCanvasReplacement(RICH, located, replacement));
  });
});
