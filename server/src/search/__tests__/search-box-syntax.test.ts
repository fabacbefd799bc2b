import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { splitSearchBoxQuery } from '../search-box-syntax';

describe('the search box query', () => {
  it('looks for plain words and reads no filter', () => {
    assert.deepEqual(splitSearchBoxQuery('Bericht Vertrag'), { words: 'Bericht Vertrag' });
    assert.deepEqual(splitSearchBoxQuery('Bericht or Vertrag'), { words: 'Bericht Vertrag' });
  });

  it('keeps a dash inside a word as part of it, and reads one at a token start as an exclusion', () => {
    assert.deepEqual(splitSearchBoxQuery('E-Mail Regeln'), { words: 'E-Mail Regeln' });
    assert.deepEqual(splitSearchBoxQuery('Bericht -Entwurf'), { words: 'Bericht', filter: '-Entwurf' });
    assert.deepEqual(splitSearchBoxQuery('-Entwurf'), { words: '', filter: '-Entwurf' });
  });

  it('makes phrases filters whose words are looked for too; an excluded phrase only filters', () => {
    assert.deepEqual(splitSearchBoxQuery('"Zahlen sind geprüft" Bericht'), { words: 'Zahlen sind geprüft Bericht', filter: '"Zahlen sind geprüft"' });
    assert.deepEqual(splitSearchBoxQuery('-"alte Fassung" Regel'), { words: 'Regel', filter: '-"alte Fassung"' });
    // An unclosed quote runs to the end, as in websearch_to_tsquery.
    assert.deepEqual(splitSearchBoxQuery('"offene Punkte'), { words: 'offene Punkte', filter: '"offene Punkte"' });
  });

  it('drops what holds no letter or digit', () => {
    assert.deepEqual(splitSearchBoxQuery('- " " --'), { words: '' });
  });
});
