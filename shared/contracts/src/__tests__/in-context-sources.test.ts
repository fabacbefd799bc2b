import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inContextHighlightSchema, inContextSourceSchema, inContextSourcesResponseSchema } from '../in-context-sources';
import { accepts, rejects } from './helpers';

const source = {
  source_index: 0,
  text: 'Holiday requests go to the team lead.',
  highlights: [{ start: 0, end: 16, relevancy: 0.9 }],
  source_name: 'HR handbook',
  source_score: 12.4,
  source_label: 'p. 4',
  source_url: 'https://intranet.example.com/hr',
};

describe('in-context sources', () => {
  it('accepts supporting and conflicting sources, optional fields left out', () => {
    const parsed = accepts(inContextSourcesResponseSchema, {
      trace_id: 'trace-9',
      highlighted_sources: [
        { supporting: [source], conflicting: [{ source_index: 1, text: 'Requests go to HR.', highlights: [] }] },
        { supporting: [], conflicting: [] },
      ],
    });
    assert.equal(parsed.highlighted_sources[0]?.conflicting[0]?.source_name, undefined);
    accepts(inContextHighlightSchema, { start: 0, end: 0, relevancy: 0 });
    accepts(inContextHighlightSchema, { start: 0, end: 1, relevancy: 1 });
  });

  it('refuses a relevancy of 1.5 and a negative one', () => {
    const high = rejects(inContextSourceSchema, { ...source, highlights: [{ start: 0, end: 4, relevancy: 1.5 }] });
    assert.equal(high.message, 'Must not be above 1');
    assert.deepEqual(high.path, ['highlights', 0, 'relevancy']);
    assert.equal(rejects(inContextHighlightSchema, { start: 0, end: 4, relevancy: -0.1 }).message, 'Must not be below 0');
  });

  it('refuses a negative offset, a reversed range and a negative source_index', () => {
    const negative = rejects(inContextHighlightSchema, { start: 0, end: -3, relevancy: 0.5 });
    assert.equal(negative.message, 'Must not be below 0');
    assert.deepEqual(negative.path, ['end']);
    assert.equal(rejects(inContextHighlightSchema, { start: 4, end: 2, relevancy: 0.5 }).message, 'end must not be before start');
    const index = rejects(inContextSourceSchema, { ...source, source_index: -1 });
    assert.equal(index.message, 'Must not be below 0');
    assert.deepEqual(index.path, ['source_index']);
  });

  it('refuses a highlight past the text and a bad URL', () => {
    const past = rejects(inContextSourceSchema, { ...source, highlights: [{ start: 0, end: 999, relevancy: 0.5 }] });
    assert.equal(past.message, 'Highlight must end within the text');
    assert.deepEqual(past.path, ['highlights', 0, 'end']);
    assert.equal(rejects(inContextSourceSchema, { ...source, source_url: 'hr handbook' }).message, 'Must be a URL (https://...)');
  });

  it('refuses an item without its conflicting list', () => {
    const bad = rejects(inContextSourcesResponseSchema, { trace_id: 't', highlighted_sources: [{ supporting: [] }] });
    assert.deepEqual(bad.path, ['highlighted_sources', 0, 'conflicting']);
  });
});
