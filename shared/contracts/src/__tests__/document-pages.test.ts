import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boundingBoxSchema, documentPageSchema } from '../document-pages';
import { accepts, rejects } from './helpers';

const box = { left: 0.1, top: 0.05, right: 0.9, bottom: 0.1, anchor_point: 0 };
const page = {
  reference_id: 'file-1',
  wordcount: 5,
  page_number: 1,
  text: 'Travel policy. Trains first.',
  bounding_boxes: [box, { left: 0.1, top: 0.12, right: 0.5, bottom: 0.15, anchor_point: 15 }],
};

describe('document pages', () => {
  it('accepts a page with boxes as fractions of the page, with and without text', () => {
    accepts(documentPageSchema, page);
    const { text: _text, ...withoutText } = page;
    accepts(documentPageSchema, { ...withoutText, bounding_boxes: [] });
    accepts(boundingBoxSchema, { left: 0, top: 0, right: 1, bottom: 1, anchor_point: 0 });
  });

  it('refuses box edges outside 0..1 and boxes turned inside out', () => {
    assert.equal(rejects(boundingBoxSchema, { ...box, right: 612 }).message, 'Must not be above 1 (a fraction of the page)');
    assert.equal(rejects(boundingBoxSchema, { ...box, left: -0.1 }).message, 'Must not be below 0');
    const flipped = rejects(boundingBoxSchema, { ...box, left: 0.9, right: 0.1 });
    assert.equal(flipped.message, 'right must not be less than left');
    assert.equal(rejects(boundingBoxSchema, { ...box, top: 0.5, bottom: 0.2 }).message, 'bottom must not be less than top');
  });

  it('refuses page number 0, a negative word count and a negative anchor', () => {
    assert.equal(rejects(documentPageSchema, { ...page, page_number: 0 }).message, 'Must not be below 1');
    assert.equal(rejects(documentPageSchema, { ...page, wordcount: -1 }).message, 'Must not be below 0');
    const anchor = rejects(documentPageSchema, { ...page, bounding_boxes: [{ ...box, anchor_point: -2 }] });
    assert.equal(anchor.message, 'Must not be below 0');
    assert.deepEqual(anchor.path, ['bounding_boxes', 0, 'anchor_point']);
  });

  it('refuses an anchor past the page text and an empty reference id', () => {
    const past = rejects(documentPageSchema, { ...page, bounding_boxes: [{ ...box, anchor_point: 999 }] });
    assert.equal(past.message, 'Anchor point must lie within the page text');
    assert.equal(rejects(documentPageSchema, { ...page, reference_id: '' }).message, 'Must not be empty');
  });
});
