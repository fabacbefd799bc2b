import { linkCitations, sourceNumberOf } from '../citation-links';

describe('linkCitations', () => {
  it('turns citation markers into in-page links, one per number', () => {
    expect(linkCitations('It ends in March [1]. Not in April [2][3].')).toBe(
      'It ends in March [\\[1\\]](#qa-source-1). Not in April [\\[2\\]](#qa-source-2)[\\[3\\]](#qa-source-3).',
    );
    expect(linkCitations('Both say so [1, 2].')).toBe('Both say so [\\[1\\]](#qa-source-1)[\\[2\\]](#qa-source-2).');
  });

  it('leaves code, Markdown links, reference definitions, escaped brackets and [0] alone', () => {
    expect(linkCitations('Run `a[1]` now [1].')).toBe('Run `a[1]` now [\\[1\\]](#qa-source-1).');
    expect(linkCitations('```js\nx[2]\n```\nDone [2].')).toBe('```js\nx[2]\n```\nDone [\\[2\\]](#qa-source-2).');
    expect(linkCitations('See [1](https://example.com).')).toBe('See [1](https://example.com).');
    expect(linkCitations('[1]: https://example.com')).toBe('[1]: https://example.com');
    expect(linkCitations('Literal \\[1] and [0].')).toBe('Literal \\[1] and [0].');
  });

  it('reads the source number back from a link', () => {
    expect(sourceNumberOf('#qa-source-12')).toBe(12);
    expect(sourceNumberOf('#qa-source-x')).toBeUndefined();
    expect(sourceNumberOf('https://example.com/#qa-source-1')).toBeUndefined();
    expect(sourceNumberOf(null)).toBeUndefined();
  });
});
