import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_QUERY_MAX_LENGTH,
  collectionSearchQuerySchema,
  searchHitSchema,
  searchQuerySchema,
} from '../search';

const hit = {
  passage_id: '0b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11',
  file_id: '1b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11',
  collection_id: '2b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11',
  file_name: 'Quartal.pdf',
  media_type: 'application/pdf',
  page_number: 2,
  start_offset: 10,
  end_offset: 35,
  text: 'Die Berichte sind fertig.',
  score: 0.1,
  highlights: [{ start: 4, end: 12 }],
};

describe('search contracts', () => {
  it('accepts a hit whose highlights lie within its text', () => {
    assert.equal(searchHitSchema.parse(hit).highlights.length, 1);
  });

  it('refuses a highlight past the text, a negative offset and an end before the start', () => {
    const past = searchHitSchema.safeParse({ ...hit, highlights: [{ start: 4, end: 99 }] });
    assert.equal(past.success, false);
    assert.equal(past.error!.issues[0]!.message, 'Highlight must end within the text');
    assert.equal(searchHitSchema.safeParse({ ...hit, highlights: [{ start: -1, end: 3 }] }).success, false);
    assert.equal(searchHitSchema.safeParse({ ...hit, highlights: [{ start: 5, end: 4 }] }).success, false);
    assert.equal(searchHitSchema.safeParse({ ...hit, end_offset: 9 }).success, false);
  });

  it('asks for a search term and caps the limit', () => {
    const blank = collectionSearchQuerySchema.safeParse({ q: '   ' });
    assert.equal(blank.error!.issues[0]!.message, 'Please enter a search term');
    assert.equal(collectionSearchQuerySchema.parse({ q: 'Bericht' }).limit, 20);
    assert.equal(collectionSearchQuerySchema.safeParse({ q: 'x', limit: '500' }).success, false);
  });

  it('takes one or several collection ids, each once, and at least one', () => {
    const id = '2b7f8f5e-4a36-4c57-9a3f-3c2f7f1d9b11';
    assert.deepEqual(searchQuerySchema.parse({ q: 'x', collection_id: id }).collection_id, [id]);
    assert.deepEqual(searchQuerySchema.parse({ q: 'x', collection_id: [id, id] }).collection_id, [id]);
    assert.equal(searchQuerySchema.safeParse({ q: 'x' }).success, false);
    assert.equal(searchQuerySchema.safeParse({ q: 'x', collection_id: 'nope' }).success, false);
  });

  it('holds the search limits the server applies: default and most hits, longest query', () => {
    assert.equal(SEARCH_DEFAULT_LIMIT, 20);
    assert.equal(SEARCH_MAX_LIMIT, 100);
    assert.equal(SEARCH_QUERY_MAX_LENGTH, 1000);
    assert.equal(collectionSearchQuerySchema.parse({ q: 'x' }).limit, SEARCH_DEFAULT_LIMIT);
    assert.equal(collectionSearchQuerySchema.parse({ q: 'x', limit: String(SEARCH_MAX_LIMIT) }).limit, SEARCH_MAX_LIMIT);
    assert.equal(collectionSearchQuerySchema.safeParse({ q: 'x', limit: String(SEARCH_MAX_LIMIT + 1) }).success, false);
    assert.equal(collectionSearchQuerySchema.safeParse({ q: 'x'.repeat(SEARCH_QUERY_MAX_LENGTH + 1) }).success, false);
  });
});
