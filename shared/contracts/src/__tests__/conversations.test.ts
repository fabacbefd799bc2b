import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  CONVERSATION_ERRORS,
  HISTORY_MAX_CHARACTERS,
  MESSAGE_MAX_CHARACTERS,
  historyWithinBudget,
  conversationListResponseSchema,
  conversationNameQuerySchema,
  messageListResponseSchema,
  messagePayloadSchema,
  messageSchema,
} from '../conversations';
import { NOW, UUID_A, UUID_B, UUID_C, accepts, rejects } from './helpers';

const conversation = { id: UUID_A, name: 'Travel questions', created_at: NOW, updated_at: NOW };
const message = {
  message_id: UUID_B,
  conversation_id: UUID_A,
  parent_message_id: null,
  role: 'user',
  content: 'How do I book a train?',
  created_at: NOW,
  status: 'complete',
};

describe('conversations', () => {
  it('accepts a conversation list and a message list', () => {
    assert.equal(accepts(conversationListResponseSchema, { conversations: [conversation] }).conversations[0]?.name, 'Travel questions');
    const answer = { ...message, message_id: UUID_C, parent_message_id: UUID_B, role: 'assistant', status: 'streaming', model: 'llama', reasoning: '...' };
    const list = accepts(messageListResponseSchema, { conversation_id: UUID_A, messages: [message, answer] });
    assert.equal(list.messages[1]?.status, 'streaming');
  });

  it('refuses a conversation id that is not a uuid and an empty name', () => {
    const id = rejects(conversationListResponseSchema, { conversations: [{ ...conversation, id: '42' }] });
    assert.equal(id.message, 'Must be a UUID');
    assert.deepEqual(id.path, ['conversations', 0, 'id']);
    assert.equal(rejects(conversationNameQuerySchema, { name: '   ' }).message, 'Must not be empty');
    assert.equal(accepts(conversationNameQuerySchema, { name: '  Trip  ' }).name, 'Trip');
    assert.equal(rejects(conversationNameQuerySchema, { name: 'x'.repeat(201) }).message, 'Must not be longer than 200 characters');
  });

  it('refuses an unknown role or status in a message', () => {
    assert.equal(rejects(messageSchema, { ...message, role: 'tool' }).message, 'Must be one of user, assistant, system');
    assert.equal(rejects(messageSchema, { ...message, status: 'pending' }).message, 'Must be one of complete, streaming, stopped, error');
    assert.deepEqual(rejects(messageSchema, { ...message, parent_message_id: undefined }).path, ['parent_message_id']);
  });

  it('fills the defaults of a minimal message payload', () => {
    assert.deepEqual(accepts(messagePayloadSchema, { content: 'Hi' }), {
      content: 'Hi',
      attachments: [],
      collections: [],
      deep_research: false,
      server_ids: [],
      think: false,
    });
  });

  it('keeps an absent parent (after the latest message) apart from a null one (a new first message)', () => {
    assert.equal('parent_message_id' in accepts(messagePayloadSchema, { content: 'Hi' }), false);
    assert.equal(accepts(messagePayloadSchema, { content: 'Hi', parent_message_id: null }).parent_message_id, null);
  });

  it('accepts a full message payload', () => {
    const payload = accepts(messagePayloadSchema, {
      content: 'Compare the travel policies',
      parent_message_id: UUID_B,
      attachments: ['file-1'],
      collections: ['handbook', 'policies'],
      reasoning_model_override: 'deep-model',
      deep_research: true,
      deep_research_id: 'dr-1',
      personality: 'agent-1',
      server_ids: ['mcp-jira'],
      think: true,
      message_id: UUID_C,
    });
    assert.equal(payload.collections.length, 2);
  });

  it('refuses empty or overlong content, a non-uuid parent, duplicate and too many ids, unknown fields', () => {
    assert.equal(rejects(messagePayloadSchema, { content: ' \n' }).message, 'Must not be empty');
    assert.equal(
      rejects(messagePayloadSchema, { content: 'a'.repeat(MESSAGE_MAX_CHARACTERS + 1) }).message,
      'Must not be longer than 100000 characters',
    );
    assert.deepEqual(rejects(messagePayloadSchema, { content: 'x', parent_message_id: 'm1' }).path, ['parent_message_id']);
    assert.equal(rejects(messagePayloadSchema, { content: 'x', collections: ['a', 'a'] }).message, 'Must not hold the same id twice');
    const many = Array.from({ length: 21 }, (_, i) => `c${i}`);
    assert.equal(rejects(messagePayloadSchema, { content: 'x', collections: many }).message, 'Must not hold more than 20 entries');
    assert.equal(rejects(messagePayloadSchema, { content: 'x', collections: [''] }).message, 'Must not be empty');
    assert.equal(rejects(messagePayloadSchema, { content: 'x', temperature: 2 }).message, 'Unrecognized key: "temperature"');
  });

  it('refuses a deep_research_id without deep_research', () => {
    const bad = rejects(messagePayloadSchema, { content: 'Europe only', deep_research_id: 'dr-1' });
    assert.equal(bad.message, 'deep_research_id needs deep_research to be true');
    assert.deepEqual(bad.path, ['deep_research_id']);
  });
});

describe('history budget (server prompt and browser-kept history)', () => {
  const m = (role: 'user' | 'assistant' | 'system', content: string, status: 'complete' | 'error' | 'streaming' = 'complete') => ({ role, content, status });

  it('is one budget, below the message limit', () => {
    assert.equal(HISTORY_MAX_CHARACTERS, 48_000);
    assert.ok(HISTORY_MAX_CHARACTERS < MESSAGE_MAX_CHARACTERS);
  });

  it('keeps user and assistant text, root first, and leaves out system and empty messages', () => {
    const branch = [m('system', 'be nice'), m('user', 'Hallo'), m('assistant', '', 'error'), m('user', 'Noch da?'), m('assistant', 'Ja.')];
    assert.deepEqual(historyWithinBudget(branch), [
      { role: 'user', content: 'Hallo' },
      { role: 'user', content: 'Noch da?' },
      { role: 'assistant', content: 'Ja.' },
    ]);
  });

  it('cuts from the oldest end: the newest messages that fit together, nothing older than one that does not', () => {
    const branch = [m('user', 'a'.repeat(10)), m('assistant', 'b'.repeat(3)), m('user', 'c'.repeat(5)), m('assistant', 'd'.repeat(4))];
    assert.deepEqual(
      historyWithinBudget(branch, 12).map((message) => message.content),
      ['b'.repeat(3), 'c'.repeat(5), 'd'.repeat(4)],
    );
    assert.deepEqual(
      historyWithinBudget(branch, 11).map((message) => message.content),
      ['c'.repeat(5), 'd'.repeat(4)],
      'the 3 characters of b would fit, but nothing older than a message left out is kept',
    );
    assert.deepEqual(historyWithinBudget([m('user', 'x'.repeat(HISTORY_MAX_CHARACTERS + 1))]), []);
    assert.equal(historyWithinBudget([m('user', 'x'.repeat(HISTORY_MAX_CHARACTERS))]).length, 1);
  });
});

describe('conversation refusals (server and browser-kept history)', () => {
  it('names status, code and message of each', () => {
    assert.deepEqual(CONVERSATION_ERRORS, {
      conversationNotFound: { statusCode: 404, code: 'not_found', message: 'No such conversation' },
      messageNotFound: { statusCode: 404, code: 'not_found', message: 'No such message in this conversation' },
      messageIdTaken: { statusCode: 409, code: 'conflict', message: 'message_id is already used by another message' },
      projectNotFound: { statusCode: 404, code: 'not_found', message: 'No such project' },
    });
  });
});

describe('conversation search (server and browser-kept history)', () => {
  it('takes a trimmed query of 1 to 200 characters', async () => {
    const { conversationSearchQuerySchema, CONVERSATION_SEARCH_MAX_LENGTH } = await import('../conversations');
    assert.equal(accepts(conversationSearchQuerySchema, { q: '  lisbon  ' }).q, 'lisbon');
    assert.equal(rejects(conversationSearchQuerySchema, { q: '   ' }).message, 'Must not be empty');
    assert.equal(rejects(conversationSearchQuerySchema, { q: 'x'.repeat(CONVERSATION_SEARCH_MAX_LENGTH + 1) }).message, 'Must not be longer than 200 characters');
    accepts(conversationSearchQuerySchema, { q: 'x'.repeat(CONVERSATION_SEARCH_MAX_LENGTH) });
  });

  it('splits the words once each, in lower case', async () => {
    const { conversationSearchWords } = await import('../conversations');
    assert.deepEqual(conversationSearchWords('  Tram  LISBON tram\n'), ['tram', 'lisbon']);
    assert.deepEqual(conversationSearchWords('   '), []);
  });

  it('cuts a snippet around the first word found, at words, with ellipses where text was left out', async () => {
    const { conversationSearchSnippet, CONVERSATION_SNIPPET_MAX_LENGTH } = await import('../conversations');
    assert.equal(conversationSearchSnippet('Take the\ntram to Belém.', ['TRAM']), 'Take the tram to Belém.');
    assert.equal(conversationSearchSnippet('nothing here', ['tram']), undefined);
    const long = `${'early words '.repeat(20)}the yellow tram climbs ${'late words '.repeat(20)}`;
    const snippet = conversationSearchSnippet(long, ['missing', 'tram'])!;
    assert.match(snippet, /^….*yellow tram climbs.*…$/);
    assert.ok(snippet.length <= CONVERSATION_SNIPPET_MAX_LENGTH + 2);
    const whole = new Set(['early', 'words', 'the', 'yellow', 'tram', 'climbs', 'late']);
    assert.ok(snippet.slice(1, -1).split(' ').every((word) => whole.has(word)), `cut inside a word: ${snippet}`);
  });

  it('answers the matches with optional snippets', async () => {
    const { conversationSearchResponseSchema } = await import('../conversations');
    const found = accepts(conversationSearchResponseSchema, {
      conversations: [{ id: UUID_A, name: 'Trip', created_at: NOW, updated_at: NOW, snippet: 'the tram' }, { id: UUID_B, name: 'Tram', created_at: NOW, updated_at: NOW }],
    });
    assert.equal(found.conversations[0]!.snippet, 'the tram');
  });
});
