import { EXCERPT_CONTEXT, readableSourceText, sourceExcerpt } from '../source-excerpt';

const words = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}${i}`).join(' ');

describe('a source excerpt', () => {
  it('reads printed line wraps as spaces and keeps paragraphs, at the same length', () => {
    const text = 'Die Pauschale\nbeträgt 36 Euro.\n\nNeuer Absatz.';
    expect(readableSourceText(text)).toBe('Die Pauschale beträgt 36 Euro.\n\nNeuer Absatz.');
    expect(readableSourceText(text)).toHaveLength(text.length);
  });

  it('shows a short source whole, a long one around its marks cut at words, with the marks moved along', () => {
    expect(sourceExcerpt('Short text.', [{ start: 0, end: 5, relevancy: 1 }])).toEqual({ text: 'Short text.', highlights: [{ start: 0, end: 5, relevancy: 1 }], cutStart: false, cutEnd: false });
    const before = words(80, 'a');
    const key = 'The key sentence is here.';
    const text = `${before} ${key} ${words(80, 'b')}`;
    const start = before.length + 1;
    const excerpt = sourceExcerpt(text, [{ start, end: start + key.length, relevancy: 0.9 }]);
    expect(excerpt.cutStart).toBe(true);
    expect(excerpt.cutEnd).toBe(true);
    const mark = excerpt.highlights[0]!;
    expect(excerpt.text.slice(mark.start, mark.end)).toBe(key);
    expect(excerpt.text.length).toBeLessThanOrEqual(key.length + 2 * EXCERPT_CONTEXT);
    expect(excerpt.text).toMatch(/^a\d+ /);
    expect(excerpt.text).toMatch(/ b\d+$/);
    expect(sourceExcerpt(text, [{ start, end: start + key.length, relevancy: 0.9 }], true).text).toBe(text);
  });
});
