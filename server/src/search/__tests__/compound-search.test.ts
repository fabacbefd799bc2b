import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compoundHighlights, compoundPattern, stemPattern } from '../compound-search';

const stem = (s: string) => ({ stem: s, pattern: stemPattern(s) });
const marked = (text: string, stems: string[]) => compoundHighlights(text, stems.map(stem)).map((h) => text.slice(h.start, h.end));

describe('compound matching', () => {
  it('matches a stem with or without umlauts and ß for ss', () => {
    assert.match('Arbeitsverträge', new RegExp(stemPattern('vertrag'), 'i'));
    assert.match('Straßenplan', new RegExp(stemPattern('strass'), 'i'));
    assert.doesNotMatch('Vertrieb', new RegExp(stemPattern('vertrag'), 'i'));
  });

  it('counts a stem as part of a compound after three letters or before five, not in an inflection or after a prefix', () => {
    const compound = (word: string, s: string) => new RegExp(compoundPattern(stem(s)), 'iu').test(word);
    assert.equal(compound('Jahresbericht', 'bericht'), true);
    assert.equal(compound('Berichtspflicht', 'bericht'), true);
    assert.equal(compound('Arbeitsvertrages', 'vertrag'), true);
    assert.equal(compound('Berichte', 'bericht'), false);
    assert.equal(compound('geplant', 'plan'), false);
    assert.equal(compound('planning', 'plan'), false);
  });

  it('highlights whole words: inflected forms and compounds of the stems, in text order', () => {
    const text = 'Der Jahresbericht, die Berichte, geplant, Projektplan, Planung, Berichtspflicht und Arbeitsverträge.';
    assert.deepEqual(marked(text, ['bericht', 'plan', 'vertrag']), ['Jahresbericht', 'Berichte', 'Projektplan', 'Planung', 'Berichtspflicht', 'Arbeitsverträge']);
    assert.deepEqual(marked('Bericht-Entwurf', ['bericht']), ['Bericht']);
    assert.deepEqual(marked('Nichts davon.', ['bericht']), []);
    assert.deepEqual(marked('Der Bericht.', []), []);
  });
});
