import { shortenUnchanged, wordDiff } from '../word-diff';

describe('wordDiff', () => {
  it('marks the changed words only and counts them', () => {
    const diff = wordDiff('Das Team ist sehr groß und erfahren.', 'Das Team ist groß.');
    expect(diff.parts.filter((part) => part.kind !== 'same').map((part) => `${part.kind}:${part.text}`)).toEqual([
      'removed:sehr ',
      'removed: und erfahren',
    ]);
    expect(diff).toMatchObject({ added: 0, removed: 3 });
    expect(
      diff.parts
        .filter((part) => part.kind !== 'added')
        .map((part) => part.text)
        .join(''),
    ).toBe('Das Team ist sehr groß und erfahren.');
  });

  it('cuts long unchanged runs but keeps changes whole', () => {
    const long = 'wort '.repeat(200);
    const parts = shortenUnchanged(wordDiff(`${long}alt`, `${long}neu`).parts, 20);
    expect(parts[0]!.text).toMatch(/^wort wort .* … .*wort $/);
    expect(parts[0]!.text.length).toBeLessThan(60);
    expect(parts.slice(1).map((part) => part.text)).toEqual(['alt', 'neu']);
  });
});
