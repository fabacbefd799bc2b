import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { STREAM_EVENT_KINDS, streamEventSchema, type StreamEvent } from '../stream-envelope';
import { UUID_A, UUID_B, UUID_C, accepts, rejects } from './helpers';

/** A chat answer as the server writes it: one JSON object a line. */
const lines = [
  { kind: 'message', conversation_id: UUID_A, user_message_id: UUID_B, assistant_message_id: UUID_C },
  {
    kind: 'intent',
    event: {
      payload: { trace_id: 'trace-1' },
      intent_response: { greeting: false, chitchat: false, question: true, clarification: false, unclear: false, summary: false },
    },
  },
  { kind: 'progress', stage: 'part', current: 1, total: 3 },
  { kind: 'progress', stage: 'combine', current: 1, total: 1 },
  { kind: 'tool', event: { call_id: 'c1', name: 'search_collections', type: 'begin' } },
  { kind: 'tool', event: { call_id: 'c1', name: 'search_collections', type: 'end', content: [{ type: 'text', text: 'x', source_index: 0 }] } },
  { kind: 'stream_text', event: { stream_id: 's1', type: 'begin' } },
  { kind: 'stream_text', event: { stream_id: 's1', type: 'append', delta: 'Take the train.' } },
  { kind: 'stream_text', event: { stream_id: 's1', type: 'end' } },
  { kind: 'deep_research', event: { research_id: 'dr-1', stage: 'end' } },
  { kind: 'canvas_edit', event: { type: 'delta', text: 'Kurz.' } },
  { kind: 'canvas_edit', event: { type: 'complete', range: { start: 0, end: 12 }, replacement: 'Kurz.' } },
  {
    kind: 'details',
    message_id: UUID_C,
    details: {
      model: 'qwen',
      input_tokens: 812,
      output_tokens: 64,
      time_to_first_token_ms: 420,
      total_ms: 1900,
      request_id: 'r-1',
      passages: [{ source_index: 0, file_name: 'travel.pdf', page: 2, score: 0.03, text: 'Trains first.' }],
      tool_calls: [{ call_id: 'c1', name: 'search_collections', arguments: '{"query":"travel"}', result: '[]' }],
    },
  },
  { kind: 'done' },
]
  .map((event) => JSON.stringify(event))
  .join('\n');

describe('stream envelope', () => {
  it('parses every line of a chat answer, covering every kind', () => {
    const events: StreamEvent[] = lines.split('\n').map((line) => accepts(streamEventSchema, JSON.parse(line)));
    const kinds = new Set(events.map((event) => event.kind));
    kinds.add('error');
    assert.deepEqual([...kinds].sort(), [...STREAM_EVENT_KINDS].sort());
    const text = events.flatMap((event) => (event.kind === 'stream_text' && event.event.type === 'append' ? [event.event.delta] : []));
    assert.deepEqual(text, ['Take the train.']);
  });

  it('accepts an error event with message and code', () => {
    const event = accepts(streamEventSchema, { kind: 'error', message: 'No language model is reachable', code: 'model_unavailable' });
    assert.equal(event.kind === 'error' && event.code, 'model_unavailable');
  });

  it('refuses an unknown kind, an error without code and an empty error message', () => {
    const unknown = rejects(streamEventSchema, { kind: 'token', text: 'x' });
    assert.equal(unknown.message, 'Must be one of tool, stream_text, intent, deep_research, canvas_edit, message, progress, details, error, done');
    assert.deepEqual(unknown.path, ['kind']);
    assert.deepEqual(rejects(streamEventSchema, { kind: 'error', message: 'failed' }).path, ['code']);
    assert.equal(rejects(streamEventSchema, { kind: 'error', message: '', code: 'internal' }).message, 'Must not be empty');
  });

  it('refuses a wrapped event that breaks its own schema, pointing inside the envelope', () => {
    const bad = rejects(streamEventSchema, { kind: 'tool', event: { call_id: 'c1', name: 'x', type: 'end', content: [{ type: 'text', text: 'x', source_index: -1 }] } });
    assert.equal(bad.message, 'Must not be below 0');
    assert.deepEqual(bad.path, ['event', 'content', 0, 'source_index']);
    assert.deepEqual(rejects(streamEventSchema, { kind: 'stream_text', event: { stream_id: 's', type: 'flush' } }).path, ['event', 'type']);
  });

  it('refuses developer details with negative token counts or a passage without its score, and keeps fields a newer server adds', () => {
    assert.deepEqual(rejects(streamEventSchema, { kind: 'details', message_id: UUID_C, details: { input_tokens: -1 } }).path, ['details', 'input_tokens']);
    const noScore = { kind: 'details', message_id: UUID_C, details: { passages: [{ source_index: 0, file_name: 'a.pdf', text: 'x' }] } };
    assert.deepEqual(rejects(streamEventSchema, noScore).path, ['details', 'passages', 0, 'score']);
    const newer = accepts(streamEventSchema, { kind: 'details', message_id: UUID_C, details: { cached_tokens: 5 } });
    assert.equal(newer.kind === 'details' && newer.details.cached_tokens, 5);
  });

  it('refuses a canvas edit event of an unknown type or with a negative range', () => {
    assert.deepEqual(rejects(streamEventSchema, { kind: 'canvas_edit', event: { type: 'patch', text: 'x' } }).path, ['event', 'type']);
    const bad = rejects(streamEventSchema, { kind: 'canvas_edit', event: { type: 'complete', range: { start: -1, end: 2 }, replacement: '' } });
    assert.deepEqual(bad.path, ['event', 'range', 'start']);
  });

  it('refuses progress past its total, from 0, or of an unknown stage', () => {
    assert.deepEqual(rejects(streamEventSchema, { kind: 'progress', stage: 'part', current: 4, total: 3 }).path, ['current']);
    assert.equal(rejects(streamEventSchema, { kind: 'progress', stage: 'part', current: 0, total: 3 }).message, 'Must not be below 1');
    assert.deepEqual(rejects(streamEventSchema, { kind: 'progress', stage: 'map', current: 1, total: 3 }).path, ['stage']);
  });

  it('refuses a message event with ids that are not uuids, and a line that is not an object', () => {
    assert.equal(
      rejects(streamEventSchema, { kind: 'message', conversation_id: UUID_A, user_message_id: 'u1', assistant_message_id: UUID_C }).message,
      'Must be a UUID',
    );
    assert.equal(streamEventSchema.safeParse(null).success, false);
    assert.equal(streamEventSchema.safeParse('done').success, false);
  });
});
