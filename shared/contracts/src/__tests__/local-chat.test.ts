import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LOCAL_CHAT_HISTORY_MAX_MESSAGES, localChatRequestSchema } from '../local-chat';
import { UUID_A, UUID_B, accepts, rejects } from './helpers';

describe('local chat request', () => {
  it('accepts a payload with its branch, defaults and optional client-made ids', () => {
    const request = accepts(localChatRequestSchema, {
      payload: { content: 'And in winter?', message_id: UUID_A },
      history: [
        { role: 'user', content: 'Lisbon in spring?' },
        { role: 'assistant', content: 'Lovely.' },
      ],
      conversation_id: UUID_B,
    });
    assert.equal(request.payload.think, false);
    assert.deepEqual(request.payload.attachments, []);
    assert.equal(request.history.length, 2);
    assert.deepEqual(accepts(localChatRequestSchema, { payload: { content: 'Hi' } }).history, []);
  });

  it('refuses a bad payload, unknown roles and fields, and too long a history', () => {
    assert.equal(rejects(localChatRequestSchema, { payload: { content: '  ' } }).message, 'Must not be empty');
    assert.deepEqual(rejects(localChatRequestSchema, { payload: { content: 'Hi' }, history: [{ role: 'system', content: 'x' }] }).path, ['history', 0, 'role']);
    rejects(localChatRequestSchema, { payload: { content: 'Hi' }, history: [{ role: 'user', content: 'x', extra: 1 }] });
    rejects(localChatRequestSchema, { payload: { content: 'Hi' }, colour: 'red' });
    rejects(localChatRequestSchema, { payload: { content: 'Hi' }, conversation_id: '42' });
    const long = Array.from({ length: LOCAL_CHAT_HISTORY_MAX_MESSAGES + 1 }, () => ({ role: 'user', content: 'x' }));
    assert.match(rejects(localChatRequestSchema, { payload: { content: 'Hi' }, history: long }).message, /Must not hold more than/);
  });
});
