import { layoutFromSegments, layoutSegments } from '../segment-layout';

describe('segment layout', () => {
  it('places the pieces in order and keeps the separators between them', () => {
    const text = 'One. Two.\n\nThree.';
    expect(layoutSegments(text, ['One.', 'Two.', 'Three.'])).toEqual({
      parts: [
        { kind: 'segment', index: 0, text: 'One.' },
        { kind: 'text', text: ' ' },
        { kind: 'segment', index: 1, text: 'Two.' },
        { kind: 'text', text: '\n\n' },
        { kind: 'segment', index: 2, text: 'Three.' },
      ],
      missing: [],
    });
  });

  it('finds a repeated sentence at its own place, and a trimmed one by its words', () => {
    const { parts } = layoutSegments('Yes. No. Yes.', ['Yes.', 'No.', ' Yes. ']);
    expect(parts.filter((p) => p.kind === 'segment')).toEqual([
      { kind: 'segment', index: 0, text: 'Yes.' },
      { kind: 'segment', index: 1, text: 'No.' },
      { kind: 'segment', index: 2, text: 'Yes.' },
    ]);
  });

  it('keeps white space a segment carries outside it (the separators stay text)', () => {
    const text = 'Eins. Zwei.\n\nDrei.';
    const { parts } = layoutSegments(text, ['Eins. ', 'Zwei.\n\n', 'Drei.']);
    expect(parts).toEqual([
      { kind: 'segment', index: 0, text: 'Eins.' },
      { kind: 'text', text: ' ' },
      { kind: 'segment', index: 1, text: 'Zwei.' },
      { kind: 'text', text: '\n\n' },
      { kind: 'segment', index: 2, text: 'Drei.' },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe(text);
  });

  it('reports pieces it cannot find and skips empty ones', () => {
    expect(layoutSegments('A. B.', ['A.', '', 'C.']).missing).toEqual([2]);
  });

  it('builds a translation from segments with the source separators when the text does not contain them', () => {
    const parts = layoutFromSegments('Eins.\n\nZwei.', [
      { source: 'Eins.', translation: 'One.' },
      { source: 'Zwei.', translation: 'Two.' },
    ]);
    expect(parts.map((p) => p.text).join('')).toBe('One.\n\nTwo.');
  });
});
