import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { markersToHighlights } from '../highlights';

describe('markersToHighlights', () => {
  it('turns marker positions into offsets of the original text', () => {
    const original = 'Die Berichte 😀 und Berichten';
    const marked = 'Die \u0001Berichte\u0002 😀 und \u0001Berichten\u0002';
    const highlights = markersToHighlights(original, marked, '\u0001', '\u0002')!;
    assert.deepEqual(highlights.map((h) => original.slice(h.start, h.end)), ['Berichte', 'Berichten']);
  });

  it('gives null when the text outside the markers differs from the original', () => {
    assert.equal(markersToHighlights('a b', 'a \u0001c\u0002', '\u0001', '\u0002'), null);
    assert.equal(markersToHighlights('a b', 'a \u0001b', '\u0001', '\u0002'), null);
    assert.equal(markersToHighlights('a b c', 'a b', '\u0001', '\u0002'), null);
  });
});
