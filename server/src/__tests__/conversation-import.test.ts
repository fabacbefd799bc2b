import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CONVERSATION_IMPORT_BATCH_MAX_CONVERSATIONS,
  conversationImportResponseSchema,
  conversationListResponseSchema,
  inContextSourcesResponseSchema,
  messageListResponseSchema,
  sourceUrl,
  type ExportedConversation,
  type HighlightedSourcesItem,
  type Message,
} from '@assistant/contracts';
import type { DatabaseHandle } from '../db/database';
import { testDatabaseTargets } from '../testing/test-databases';
import { startChatTestApp, type ChatTestApp } from './support/chat-test-app';

// POST /api/conversations/import (docs/chat-ui.md "Export and import"): a file's conversations
// become the caller's, with new ids, every branch, tool step and judged source kept.

const COLLECTION = '5d2c7a52-8c1e-4c8e-9a55-0c6f1e2b3a01';
const POLICY = '9a1b2c3d-0000-4000-8000-00000000000a';
const SOURCES: HighlightedSourcesItem[] = [
  {
    supporting: [
      {
        source_index: 0,
        text: 'Übernachtung: 150 € pro Nacht.',
        highlights: [{ start: 0, end: 12, relevancy: 0.9 }],
        source_name: 'Reiserichtlinie.pdf',
        source_label: 'S. 4',
        source_url: sourceUrl('http://portal.test', { collectionId: COLLECTION, fileId: POLICY, segments: [{ page: 4, start: 0, end: 30 }] }),
      },
    ],
    conflicting: [{ source_index: 1, text: 'Ab Januar gelten 120 €.', highlights: [], source_name: 'Rundschreiben.docx' }],
  },
];

/** A grounded conversation with a regenerated answer: two branches, tool steps, judged sources, reasoning, a stopped answer. */
const FILE_CONVERSATION: ExportedConversation = {
  name: 'Reisekosten Zürich',
  created_at: '2026-03-02T09:00:00.000Z',
  updated_at: '2026-03-02T09:05:00.000Z',
  current_message_id: 'a2',
  messages: [
    { id: 'q1', parent_id: null, role: 'user', content: 'Welche Übernachtungspauschale gilt?', created_at: '2026-03-02T09:01:00.000Z', status: 'complete', attachments: [{ name: 'Reiserichtlinie.pdf' }] },
    { id: 'a1', parent_id: 'q1', role: 'assistant', content: 'Erste Fassung.', created_at: '2026-03-02T09:02:00.000Z', status: 'complete', model: 'mistral-small' },
    {
      id: 'a1b',
      parent_id: 'q1',
      role: 'assistant',
      content: '150 € pro Nacht [1], laut Rundschreiben 120 € [2].',
      created_at: '2026-03-02T09:03:00.000Z',
      status: 'complete',
      model: 'mistral-small',
      reasoning: 'Zwei Quellen vergleichen.',
      tool_events: [
        { call_id: 'c1', name: 'search_documents', type: 'begin', args: { query: 'Übernachtung' } },
        {
          call_id: 'c1',
          name: 'search_documents',
          type: 'end',
          content: [{ type: 'resource', resource: { uri: `file:${POLICY}`, mimeType: 'application/pdf', metadata: { fileName: 'Reiserichtlinie.pdf', totalPages: 12 } }, source_index: 0 }],
        },
      ],
      sources: SOURCES,
    },
    { id: 'q2', parent_id: 'a1b', role: 'user', content: 'Und in München?', created_at: '2026-03-02T09:04:00.000Z', status: 'complete' },
    { id: 'a2', parent_id: 'q2', role: 'assistant', content: 'Für München …', created_at: '2026-03-02T09:05:00.000Z', status: 'streaming' },
  ],
};

/** The messages as a file holds them again (what the chat's export writes from GET .../messages). */
function asFile(name: string, messages: Message[]): Omit<ExportedConversation, 'created_at' | 'updated_at'> {
  return {
    name,
    messages: messages.map((message) => ({
      id: message.message_id,
      parent_id: message.parent_message_id,
      role: message.role === 'user' ? 'user' : 'assistant',
      content: message.content,
      created_at: message.created_at,
      status: message.status,
      ...(message.model ? { model: message.model } : {}),
      ...(message.reasoning ? { reasoning: message.reasoning } : {}),
      ...(message.tool_events ? { tool_events: message.tool_events } : {}),
    })),
  };
}

/** The tree with the file's ids in place of the new ones (ids are new; the shape is the file's). */
function shape(conversation: Pick<ExportedConversation, 'messages'>) {
  const names = new Map(conversation.messages.map((message, index) => [message.id, `m${index}`]));
  return conversation.messages.map(({ id, parent_id, sources, attachments, ...rest }) => {
    void sources;
    void attachments;
    return { ...rest, id: names.get(id), parent_id: parent_id === null ? null : names.get(parent_id) };
  });
}

describe('importing conversations', () => {
  let handle: DatabaseHandle;
  let t: ChatTestApp;
  before(async () => {
    handle = await testDatabaseTargets()[0]!.open();
    t = await startChatTestApp(handle);
  });
  after(async () => {
    await t.close();
    await handle.close();
  });

  const importAs = (user: 'employee' | 'other', conversations: unknown[]) => t.as(user, { method: 'POST', url: '/api/conversations/import', payload: { conversations } });
  const messagesOf = async (id: string, user: 'employee' | 'other' = 'employee') => {
    const response = await t.as(user, { method: 'GET', url: `/api/conversations/${id}/messages` });
    return response.statusCode === 200 ? messageListResponseSchema.parse(response.json()).messages : response.statusCode;
  };

  it('creates the conversations with new ids, every message and branch, the tool steps and the judged sources; a round trip keeps them', async () => {
    const response = await importAs('employee', [FILE_CONVERSATION, { ...FILE_CONVERSATION, name: 'Second copy' }]);
    assert.equal(response.statusCode, 201, response.body);
    const [first, second] = conversationImportResponseSchema.parse(response.json()).conversations;
    assert.deepEqual([first!.name, second!.name], ['Reisekosten Zürich', 'Second copy']);
    assert.notEqual(first!.id, second!.id);
    assert.deepEqual([first!.created_at, first!.updated_at], [FILE_CONVERSATION.created_at, FILE_CONVERSATION.updated_at]);
    const listed = conversationListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/conversations' })).json()).conversations;
    assert.ok(listed.some((conversation) => conversation.id === first!.id));

    const stored = (await messagesOf(first!.id)) as Message[];
    assert.equal(stored.length, 5);
    assert.ok(stored.every((message) => !['q1', 'a1', 'a1b', 'q2', 'a2'].includes(message.message_id)), 'the ids are new');
    // Every message, its place in the tree, text, dates, model, reasoning and tool steps; an answer exported mid-stream reads as stopped.
    const expected = shape({ messages: FILE_CONVERSATION.messages.map((message) => (message.status === 'streaming' ? { ...message, status: 'stopped' as const } : message)) });
    assert.deepEqual(shape(asFile(first!.name, stored)), expected);

    // The judged sources answer GET .../sources as computed ones: nothing is judged again.
    const grounded = stored[2]!;
    const sources = await t.as('employee', { method: 'GET', url: `/api/conversations/${first!.id}/messages/${grounded.message_id}/sources` });
    assert.equal(sources.statusCode, 200, sources.body);
    assert.deepEqual(inContextSourcesResponseSchema.parse(sources.json()).highlighted_sources, SOURCES);
    const trigger = await t.as('employee', { method: 'POST', url: `/api/conversations/${first!.id}/messages/${grounded.message_id}/sources` });
    assert.deepEqual([trigger.statusCode, trigger.json().status], [202, 'completed']);

    // Exported again and imported again: the same conversation.
    const again = await importAs('employee', [{ ...asFile(first!.name, stored), created_at: first!.created_at, updated_at: first!.updated_at, messages: asFile(first!.name, stored).messages.map((message, index) => (index === 2 ? { ...message, sources: SOURCES } : message)) }]);
    assert.equal(again.statusCode, 201, again.body);
    const copy = conversationImportResponseSchema.parse(again.json()).conversations[0]!;
    assert.deepEqual(shape(asFile(copy.name, (await messagesOf(copy.id)) as Message[])), expected);
  });

  it("are the caller's alone", async () => {
    const response = await importAs('employee', [{ ...FILE_CONVERSATION, name: 'Nur meins' }]);
    const [mine] = conversationImportResponseSchema.parse(response.json()).conversations;
    assert.equal(await messagesOf(mine!.id, 'other'), 404);
    const theirs = conversationListResponseSchema.parse((await t.as('other', { method: 'GET', url: '/api/conversations' })).json()).conversations;
    assert.ok(!theirs.some((conversation) => conversation.name === 'Nur meins'));
  });

  it('refuses a batch that does not fit the contract as a whole, storing none of it', async () => {
    const before = conversationListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/conversations' })).json()).conversations.length;
    const cyclic = { ...FILE_CONVERSATION, name: 'Kaputt', messages: [{ ...FILE_CONVERSATION.messages[0]!, parent_id: 'a1' }, ...FILE_CONVERSATION.messages.slice(1)] };
    const refused = await importAs('employee', [FILE_CONVERSATION, cyclic]);
    assert.equal(refused.statusCode, 400);
    assert.match(refused.json().message, /Must name an earlier message of the conversation/);
    const tooMany = await importAs('employee', Array.from({ length: CONVERSATION_IMPORT_BATCH_MAX_CONVERSATIONS + 1 }, () => FILE_CONVERSATION));
    assert.equal(tooMany.statusCode, 400);
    assert.equal((await importAs('employee', [])).statusCode, 400);
    const after = conversationListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/conversations' })).json()).conversations.length;
    assert.equal(after, before);
  });
});
