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
