import { RICH, standalone } from './editor-kit';

const { schema, markdown } = standalone();
const roundTrip = (md: string) => markdown.serialize(markdown.parse(md, schema));

describe('Markdown in and out', () => {
  // Each construct in the normalised form comes out exactly as it went in.
  it.each([
    ['headings', '# One\n\n## Two with **bold**\n\n### Three\n\n###### Six'],
    ['bold, italic, both, strikethrough', 'Some **bold**, *italic*, ***both*** and ~~struck~~ text.'],
    ['inline code', 'Run `npm test` and `a|b` here.'],
    ['links, with a title', 'See [the docs](https://example.com/a_b?x=1) and [this](https://e.com "Title").'],
    ['bullet list with nesting', '- one\n- two\n  - two a\n  - two b\n- three'],
    ['ordered list', '1. first\n2. second\n3. third'],
    ['ordered list from another number', '3. third\n4. fourth'],
    ['loose list', '- item\n\n  second paragraph\n- next'],
    ['table with alignment', '| Name | Amount | Note |\n| :--- | ---: | :---: |\n| A | 1 | x |\n|  | 2 | y |'],
    ['table with a pipe and code in cells', '| a | b |\n| --- | --- |\n| x \\| y | `c` |'],
    ['code block with a language and a blank line', '```ts\nconst a = 1;\n\nconst b = `x`;\n```'],
    ['code block without a language', '```\nplain *text*\n```'],
    ['blockquote', '> quoted\n>\n> second paragraph'],
    ['hard break', 'line one  \nline two'],
    ['horizontal rule', 'above\n\n---\n\nbelow'],
    ['image (kept, not loaded)', 'An ![alt text](https://example.com/a.png "T") inline.'],
    ['empty paragraphs between blocks', 'para\n\n\n\nafter blank'],
    ['German text and emoji', 'Größe: 5 % über Plan – „gut“ 🎉'],
    ['the whole rich document', RICH],
  ])('%s', (_name, md) => {
    expect(roundTrip(md)).toBe(md);
  });

  it('writes text as people write it, escaping only what Markdown would read otherwise', () => {
    const cases: Array<[string, string]> = [
      ['Q&A, 1 < 2, a > b', 'Q&A, 1 < 2, a > b'],
      ['snake_case_name', 'snake_case_name'],
      ['_start and end_', '\\_start and end\\_'],
      ['2*3*4 [1] ~x~ `c` C:\\dir', '2\\*3\\*4 \\[1\\] \\~x\\~ \\`c\\` C:\\\\dir'],
      ['&amp; is an entity', '\\&amp; is an entity'],
      ['<b>not html</b>', '\\<b>not html\\</b>'],
      ['3. Oktober ist frei', '3\\. Oktober ist frei'],
      ['- not a list', '\\- not a list'],
      ['+ not a list', '\\+ not a list'],
      ['# not a heading', '\\# not a heading'],
      ['> not a quote', '\\> not a quote'],
      ['---', '\\---'],
      ['| not a table', '\\| not a table'],
      ['    not code', 'not code'],
      ['see https://example.com/a or ftp://f.example.com', 'see https\\://example.com/a or ftp\\://f.example.com'],
      ['www.example.com and mail@example.com', 'www\\.example.com and mail\\@example.com'],
    ];
    for (const [text, expected] of cases) {
      const doc = schema.topNodeType.create(null, schema.nodes.paragraph!.create(null, schema.text(text)));
      const written = markdown.serialize(doc);
      expect(written).toBe(expected);
      // Read back: one paragraph with exactly that text (leading spaces dropped), no marks.
      const back = markdown.parse(written, schema);
      expect(back.childCount).toBe(1);
      expect(back.firstChild!.type.name).toBe('paragraph');
      expect(back.firstChild!.textContent).toBe(text.trimStart());
      expect(back.firstChild!.firstChild!.marks).toHaveLength(0);
    }
  });

  it('normalises other Markdown once; what it writes then reads back the same (parse(serialize(x)) is stable)', () => {
    const inputs = [
      '*  star list\n*  items',
      '__bold__ and _italic_',
      'Heading\n=======',
      '| a | b |\n|---|---|\n| 1 | 2 |',
      '<div>html</div>',
      'https://autolink.example.com',
      '1) one\n2) two',
      '~~~\ncode\n~~~',
      '> quote\nlazy continuation',
      '- [ ] task',
      '![img](x.png)',
    ];
    for (const input of inputs) {
      const once = roundTrip(input);
      expect(roundTrip(once)).toBe(once);
    }
    expect(roundTrip('__bold__ and _italic_')).toBe('**bold** and *italic*');
    expect(roundTrip('Heading\n=======')).toBe('# Heading');
    expect(roundTrip('| a | b |\n|---|---|\n| 1 | 2 |')).toBe('| a | b |\n| --- | --- |\n| 1 | 2 |');
  });

  it('writes block by block, the same text as TipTap writing the whole document', () => {
    const doc = markdown.parse(`${RICH}\n\n\n\n${RICH}`, schema);
    expect(markdown.serialize(doc)).toBe(markdown.manager.serialize(doc.toJSON()));
    expect(markdown.blocks(doc).join('\n\n')).toBe(markdown.serialize(doc));
  });

  it('keeps an unchanged block’s text and writes again only what changed', () => {
    const doc = markdown.parse(RICH, schema);
    markdown.serialize(doc);
    const render = jest.spyOn(markdown.manager, 'renderNodeToMarkdown');
    expect(markdown.serialize(doc)).toBe(RICH);
    expect(render).not.toHaveBeenCalled();
    // A new second block (the other blocks are the same nodes, as after a keystroke).
    const changed = doc.copy(doc.content.replaceChild(1, schema.nodes.paragraph!.create(null, schema.text('New second block.'))));
    expect(markdown.serialize(changed)).toBe(RICH.replace(/^The \*\*sales.*$/m, 'New second block.'));
    expect(render).toHaveBeenCalledTimes(1);
    render.mockRestore();
  });

  it('reads an empty text as one empty paragraph and writes it as an empty text', () => {
    const doc = markdown.parse('', schema);
    expect(doc.childCount).toBe(1);
    expect(doc.firstChild!.type.name).toBe('paragraph');
    expect(markdown.serialize(doc)).toBe('');
  });
});
