import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { intentEventSchema, streamTextEventSchema, toolContentSchema, toolEventSchema } from '../chat-events';
import { accepts, rejects } from './helpers';

const resource = {
  type: 'resource',
  resource: {
    uri: 'collection://handbook/travel-policy.pdf#page=3',
    mimeType: 'application/pdf',
    metadata: { fileName: 'travel-policy.pdf', title: 'Travel policy', author: 'HR', totalPages: 12 },
  },
  source_index: 0,
};
const intent = {
  payload: { trace_id: 'trace-1', answer: 'Hello!', reply: 'Hello!', language: 'en' },
  intent_response: { greeting: true, chitchat: false, question: false, clarification: false, unclear: false, summary: false },
};

describe('chat events', () => {
  it('accepts tool begin, end with resource and text content, and error', () => {
    accepts(toolEventSchema, { call_id: 'c1', name: 'search_collections', type: 'begin' });
    const end = accepts(toolEventSchema, {
      call_id: 'c1',
      name: 'search_collections',
      type: 'end',
      content: [resource, { type: 'text', text: 'Trains are preferred.', source_index: 1 }],
    });
    assert.equal(end.type === 'end' && end.content[1]?.type, 'text');
    accepts(toolEventSchema, { call_id: 'c1', name: 'search_collections', type: 'error', message: 'Search is unavailable' });
  });

  it('requires content on end and a message on error', () => {
    assert.deepEqual(rejects(toolEventSchema, { call_id: 'c1', name: 'x', type: 'end' }).path, ['content']);
    assert.deepEqual(rejects(toolEventSchema, { call_id: 'c1', name: 'x', type: 'error' }).path, ['message']);
  });

  it('refuses an unknown tool event type and an empty call id', () => {
    const unknown = rejects(toolEventSchema, { call_id: 'c1', name: 'x', type: 'progress' });
    assert.equal(unknown.message, 'Must be one of begin, end, error');
    assert.deepEqual(unknown.path, ['type']);
    assert.equal(rejects(toolEventSchema, { call_id: '', name: 'x', type: 'begin' }).message, 'Must not be empty');
  });

  it('refuses tool content with a negative source_index, zero pages or an unknown type', () => {
    const negative = rejects(toolContentSchema, { ...resource, source_index: -1 });
    assert.equal(negative.message, 'Must not be below 0');
    assert.deepEqual(negative.path, ['source_index']);
    const pages = rejects(toolContentSchema, { ...resource, resource: { ...resource.resource, metadata: { totalPages: 0 } } });
    assert.deepEqual(pages.path, ['resource', 'metadata', 'totalPages']);
    assert.equal(rejects(toolContentSchema, { type: 'image', source_index: 0 }).message, 'Must be one of resource, text');
  });

  it('accepts a stream-text sequence and refuses an append without its delta', () => {
    accepts(streamTextEventSchema, { stream_id: 's1', type: 'begin' });
    assert.equal(accepts(streamTextEventSchema, { stream_id: 's2', type: 'begin', channel: 'reasoning' }).type, 'begin');
    const append = accepts(streamTextEventSchema, { stream_id: 's1', type: 'append', delta: 'Hel' });
    assert.equal(append.type === 'append' && append.delta, 'Hel');
    accepts(streamTextEventSchema, { stream_id: 's1', type: 'end' });
    assert.deepEqual(rejects(streamTextEventSchema, { stream_id: 's1', type: 'append' }).path, ['delta']);
    assert.equal(rejects(streamTextEventSchema, { stream_id: 's1', type: 'pause' }).message, 'Must be one of begin, append, end');
  });

  it('accepts an intent event and keeps extra payload fields', () => {
    const parsed = accepts(intentEventSchema, intent);
    assert.equal(parsed.payload['language'], 'en');
    assert.equal(parsed.intent_response.greeting, true);
  });

  it('refuses an intent without a trace id or with a missing flag', () => {
    assert.deepEqual(rejects(intentEventSchema, { ...intent, payload: { answer: 'x' } }).path, ['payload', 'trace_id']);
    const { summary: _summary, ...flags } = intent.intent_response;
    assert.deepEqual(rejects(intentEventSchema, { ...intent, intent_response: flags }).path, ['intent_response', 'summary']);
  });
});
