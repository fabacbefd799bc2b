import { markdownToPlainText } from '../plain-text';

describe('an answer as announced text', () => {
  it('leaves out the markup and keeps the words', () => {
    const markdown = [
      '# Title',
      '',
      'Some **bold**, _italic_ and `code` with a [link](https://example.com) and ~~gone~~.',
      '',
      '> quoted',
      '',
      '```js',
      'const a = 1;',
      '```',
      '',
      '| A | B |',
      '|---|:-:|',
      '| 1 | 2 |',
      '',
      '---',
      '- item one',
    ].join('\n');
    expect(markdownToPlainText(markdown)).toBe(
      ['Title', 'Some bold, italic and code with a link and gone.', 'quoted', 'const a = 1;', 'A B', '1 2', '- item one'].join('\n'),
    );
  });

  it('leaves snake_case and arithmetic alone', () => {
    expect(markdownToPlainText('use snake_case_names and 2 * 3 * 4')).toBe('use snake_case_names and 2 * 3 * 4');
  });
});

describe('the announced text is the rendered text', () => {
  it('says emphasis, nested emphasis and links by their words only', () => {
    expect(markdownToPlainText('***Very*** important: **read _this_ first**, see [the **guide**](https://example.com/a_(b)) or <https://example.com>.')).toBe(
      'Very important: read this first, see the guide or https://example.com.',
    );
    expect(markdownToPlainText('![A cat](cat.png "Cat") and [a reference][ref].\n\n[ref]: https://example.com')).toBe(
      'A cat and a reference.',
    );
  });

  it('says lists as they are shown: bullets as "- ", numbers as written, emphasis inside gone', () => {
    const markdown = ['* **First** point', '+ second with `code`', '   - nested _item_', '', '3) third', '10. tenth', '- [x] done task'].join('\n');
    expect(markdownToPlainText(markdown)).toBe(['- First point', '- second with code', '- nested item', '3. third', '10. tenth', '- done task'].join('\n'));
  });

  it('keeps code as written: nothing inside code spans or fences is markup', () => {
    const markdown = ['Call `a *b* [c](d)` or ``x ` y``.', '', '~~~python', 'x = a * b  # **not bold**', '```', 'still code', '~~~', 'after'].join('\n');
    expect(markdownToPlainText(markdown)).toBe(['Call a *b* [c](d) or x ` y.', 'x = a * b # **not bold**', '```', 'still code', 'after'].join('\n'));
  });

  it('drops HTML tags, turns escapes and entities into their characters', () => {
    expect(markdownToPlainText('Use \\*stars\\* &amp; <b>tags</b> &lt;3 &#x1F600;')).toBe('Use *stars* & tags <3 😀');
  });
});
