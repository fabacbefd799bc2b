import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { qaHighlightSchema, qaSourcesResponseSchema } from '../qa-sources';
import { accepts, rejects } from './helpers';

const source = {
  source_name: 'Travel policy.pdf',
  source_url: 'https://intranet.example.com/docs/travel-policy.pdf',
  source_text: 'Trains are preferred for trips under 500 km.',
  highlights: [{ start: 0, end: 20, score: 0.8 }],
  supporting: true,
};
const withHighlight = (highlight: object) => ({ trace_id: 't-1', qa_sources: [{ ...source, highlights: [highlight] }] });

describe('question-and-answer sources', () => {
  it('accepts a response from the spec, optional fields left out', () => {
    const { source_url: _url, supporting: _supporting, ...minimal } = source;
    const parsed = accepts(qaSourcesResponseSchema, { trace_id: 't-1', qa_sources: [source, { ...minimal, highlights: [] }] });
    assert.equal(parsed.qa_sources.length, 2);
    accepts(qaHighlightSchema, { start: 3, end: 3, score: -1 });
    accepts(qaHighlightSchema, { start: 0, end: 1, score: 1 });
  });

  it('refuses an empty qa_sources list', () => {
    const bad = rejects(qaSourcesResponseSchema, { trace_id: 't-1', qa_sources: [] });
    assert.equal(bad.message, 'Must list at least 1 source');
    assert.deepEqual(bad.path, ['qa_sources']);
  });

  it('refuses a negative offset', () => {
    const bad = rejects(qaSourcesResponseSchema, withHighlight({ start: -1, end: 4, score: 0.5 }));
    assert.equal(bad.message, 'Must not be below 0');
    assert.deepEqual(bad.path, ['qa_sources', 0, 'highlights', 0, 'start']);
  });

  it('refuses a fractional offset and an end before the start', () => {
    assert.equal(rejects(qaHighlightSchema, { start: 1.5, end: 4, score: 0 }).message, 'Must be a whole number');
    const reversed = rejects(qaHighlightSchema, { start: 5, end: 4, score: 0 });
    assert.equal(reversed.message, 'end must not be before start');
    assert.deepEqual(reversed.path, ['end']);
  });

  it('refuses a score of 2 or below -1', () => {
    const high = rejects(qaSourcesResponseSchema, withHighlight({ start: 0, end: 4, score: 2 }));
    assert.equal(high.message, 'Must not be above 1');
    assert.deepEqual(high.path, ['qa_sources', 0, 'highlights', 0, 'score']);
    assert.equal(rejects(qaHighlightSchema, { start: 0, end: 4, score: -1.01 }).message, 'Must not be below -1');
  });

  it('refuses a highlight that runs past the source text', () => {
    const bad = rejects(qaSourcesResponseSchema, withHighlight({ start: 0, end: source.source_text.length + 1, score: 0 }));
    assert.equal(bad.message, 'Highlight must end within the text');
    assert.deepEqual(bad.path, ['qa_sources', 0, 'highlights', 0, 'end']);
  });

  it('refuses a bad URL, a javascript: link and an empty trace id', () => {
    const url = rejects(qaSourcesResponseSchema, { trace_id: 't', qa_sources: [{ ...source, source_url: 'intranet/doc' }] });
    assert.equal(url.message, 'Must be a URL (https://...)');
    assert.deepEqual(url.path, ['qa_sources', 0, 'source_url']);
    assert.equal(rejects(qaSourcesResponseSchema, { trace_id: 't', qa_sources: [{ ...source, source_url: 'javascript:alert(1)' }] }).message, 'Must be a URL (https://...)');
    assert.deepEqual(rejects(qaSourcesResponseSchema, { trace_id: '', qa_sources: [source] }).path, ['trace_id']);
  });
});
