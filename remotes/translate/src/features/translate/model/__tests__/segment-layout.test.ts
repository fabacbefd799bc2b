import { layoutFromSegments, layoutSegments } from '../segment-layout';
import { limitFromMessage } from '../limit-from-message';

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

describe('limit from a 413 message', () => {
  it('takes the largest number below the sent length', () => {
    expect(limitFromMessage('Text has 60,000 characters; at most 20,000 are allowed', 60_000)).toBe(20_000);
    expect(limitFromMessage('The text must not be longer than 1000 characters', 1200)).toBe(1000);
    expect(limitFromMessage('Maximal 12.000 Zeichen', 15_000)).toBe(12_000);
    expect(limitFromMessage('Too long', 100)).toBeUndefined();
    expect(limitFromMessage(undefined, 100)).toBeUndefined();
  });
});
