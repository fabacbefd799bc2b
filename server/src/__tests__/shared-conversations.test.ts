import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  conversationListResponseSchema,
  conversationSchema,
  conversationSnapshotCreatedSchema,
  conversationSnapshotSchema,
  messageListResponseSchema,
  shareListResponseSchema,
  uploadResponseSchema,
  type ShareUpdate,
  type ToolEvent,
} from '@assistant/contracts';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../app';
import { createTokenVerifier } from '../auth/token-verifier';
import type { DatabaseHandle } from '../db/database';
import { ConversationsRepository } from '../db/repositories/conversations-repository';
import { FileStorage } from '../ingestion/file-storage';
import { testConfig } from '../testing/test-config';
import { testDatabaseTargets } from '../testing/test-databases';
import { TestIssuer } from '../testing/test-issuer';
import { multipart } from './support/collections-test-app';

/** Maria shares; Tom and Eva are in her department, Sam is in sales, the administrator in IT. */
const PEOPLE = {
  maria: { sub: 'maria', name: 'Maria Muster', groups: ['finance'] },
  tom: { sub: 'tom', name: 'Tom Kollege', groups: ['finance'] },
  eva: { sub: 'eva', name: 'Eva Team', groups: ['finance'] },
  sam: { sub: 'sam', name: 'Sam Sales', groups: ['sales'] },
  admin: { sub: 'admin', name: 'Ada Admin', groups: ['it'] },
} as const;
type Person = keyof typeof PEOPLE;

const SOURCES = [
  {
    supporting: [{ source_index: 0, text: 'Trams run every ten minutes in spring.', highlights: [{ start: 0, end: 5, relevancy: 0.9 }], source_name: 'Lisbon.pdf', source_label: 'p. 2' }],
    conflicting: [],
  },
];
const TOOL_EVENTS: ToolEvent[] = [
  { call_id: 'c1', name: 'search_documents', type: 'begin' },
  {
    call_id: 'c1',
    name: 'search_documents',
    type: 'end',
    content: [{ type: 'resource', resource: { uri: 'file:f1', mimeType: 'application/pdf', metadata: { fileName: 'Lisbon.pdf' } }, source_index: 0 }],
  },
];

for (const target of testDatabaseTargets()) {
  describe(`shared conversations on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let issuer: TestIssuer;
    let app: Awaited<ReturnType<typeof buildApp>>;
    let dataDir: string;
    let conversationId: string;
    let fileId: string;
    let auth: ReturnType<typeof testConfig>['auth'];

    before(async () => {
      handle = await target.open();
      issuer = await TestIssuer.start();
      dataDir = await mkdtemp(join(tmpdir(), 'assistant-shared-conversations-'));
      const config = testConfig(issuer.issuer, { DATA_DIR: dataDir });
      auth = config.auth;
      const verifier = createTokenVerifier({ issuer: config.auth.issuer, audience: config.auth.audience, algorithms: config.auth.algorithms });
      app = await buildApp({ config, db: handle.db, verifier, logger: false, storage: new FileStorage(dataDir), nudgeIngestion: () => {}, notifications: handle.notifications });
      // Everyone has signed in once: the directory knows them and their groups.
      await handle.db
        .insertInto('directory_users')
        .values(Object.values(PEOPLE).map(({ sub, name }) => ({ sub, name, email: `${sub}@example.com` })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      await handle.db
        .insertInto('directory_groups')
        .values(['finance', 'sales', 'it'].map((id) => ({ id, display_name: null })))
        .onConflict((oc) => oc.doNothing())
        .execute();
      await handle.db
        .insertInto('group_members')
        .values(Object.values(PEOPLE).flatMap(({ sub, groups }) => groups.map((group_id) => ({ group_id, user_sub: sub }))))
        .onConflict((oc) => oc.doNothing())
        .execute();

      conversationId = conversationSchema.parse((await as('maria', { method: 'POST', url: '/api/conversations?name=Lisbon%20trip' })).json()).id;
      const uploaded = await as('maria', { method: 'POST', url: `/api/conversations/${conversationId}/files`, ...multipart([{ name: 'notes.txt', content: 'Tram 28 at nine.', type: 'text/plain' }]) });
      assert.equal(uploaded.statusCode, 201, uploaded.body);
      fileId = uploadResponseSchema.parse(uploaded.json()).files[0]!.fileId;
      const question = randomUUID();
      const answer = randomUUID();
      await new ConversationsRepository(handle.db).addMessages('maria', conversationId, [
        { message_id: question, parent_message_id: null, role: 'user', content: 'When do trams run?', status: 'complete', attachments: [{ file_id: fileId, name: 'notes.txt' }] },
        { message_id: answer, parent_message_id: question, role: 'assistant', content: 'Every ten minutes [1]. <script>alert(1)</script>', status: 'complete', model: 'llama-3', tool_events: TOOL_EVENTS },
      ]);
      await handle.db
        .insertInto('grounding_traces')
        .values({
          id: randomUUID(),
          owner_id: 'maria',
          kind: 'chat',
          question: 'When do trams run?',
          answer: 'Every ten minutes [1].',
          model: 'llama-3',
          windows: '[]',
          conversation_id: conversationId,
          message_id: answer,
          sources: JSON.stringify({ qa: { trace_id: 't', qa_sources: [] }, in_context: { trace_id: 't', highlighted_sources: SOURCES } }),
        })
        .execute();
    });
    after(async () => {
      await app.close();
      await issuer.close();
      await handle.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    async function as(person: Person, options: InjectOptions) {
      const { sub, name, groups } = PEOPLE[person];
      const roles = person === 'admin' ? [auth.adminRole] : [];
      const token = await issuer.sign({ sub, name, roles, groups: [...groups] }, { audience: auth.audience });
      return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    }
    const share = (person: Person, id: string, update: ShareUpdate) => as(person, { method: 'PUT', url: `/api/shares/conversation/${id}`, payload: update });
    const read = (person: Person, id = conversationId) => as(person, { method: 'GET', url: `/api/shared/conversations/${id}` });
    const file = (person: Person, id = conversationId, file = fileId) => as(person, { method: 'GET', url: `/api/shared/conversations/${id}/files/${file}` });

    it('is read by nobody before it is shared, not even its owner (there is no snapshot yet)', async () => {
      for (const person of ['maria', 'tom', 'sam', 'admin'] as const) assert.equal((await read(person)).statusCode, 404, person);
    });

    it('shares a snapshot with its sources and marks, without the attachments unless asked, and only with whom it names', async () => {
      const shared = await share('maria', conversationId, { shares: [{ target: { type: 'user', id: 'tom' }, role: 'view' }] });
      assert.equal(shared.statusCode, 200, shared.body);

      const response = await read('tom');
      assert.equal(response.statusCode, 200, response.body);
      const snapshot = conversationSnapshotSchema.parse(response.json());
      assert.equal(snapshot.title, 'Lisbon trip');
      assert.deepEqual(snapshot.owner, { sub: 'maria', name: 'Maria Muster' });
      assert.equal(snapshot.is_owner, false);
      assert.equal(snapshot.kept_in_browser, false);
      assert.equal(snapshot.include_attachments, false);
      assert.deepEqual(
        snapshot.messages.map((message) => [message.role, message.content, message.model]),
        [
          ['user', 'When do trams run?', undefined],
          // Stored as text; the chat renders it with its safe Markdown, never as HTML.
          ['assistant', 'Every ten minutes [1]. <script>alert(1)</script>', 'llama-3'],
        ],
      );
      assert.deepEqual(snapshot.messages[1]!.sources, SOURCES);
      assert.deepEqual(snapshot.messages[1]!.tool_events, TOOL_EVENTS);
      assert.equal(snapshot.messages[0]!.attachments, undefined, 'no attachments unless the owner says so');
      assert.equal((await file('tom')).statusCode, 404);

      assert.equal(conversationSnapshotSchema.parse((await read('maria')).json()).is_owner, true, 'the owner reads it too');
      assert.equal((await read('eva')).statusCode, 404, 'a colleague it was not shared with');
      assert.equal((await read('sam')).statusCode, 404, 'an outsider');
      assert.equal((await read('admin')).statusCode, 404, 'administrators do not read conversations not shared with them');
    });

    it('refuses edit rights and sharing by anyone but the owner', async () => {
      assert.equal((await share('maria', conversationId, { shares: [{ target: { type: 'user', id: 'tom' }, role: 'edit' }] })).statusCode, 400);
      assert.equal((await share('tom', conversationId, { shares: [{ target: { type: 'user', id: 'sam' }, role: 'view' }] })).statusCode, 404);
      assert.equal((await share('admin', conversationId, { shares: [{ target: { type: 'user', id: 'sam' }, role: 'view' }] })).statusCode, 404);
      assert.equal((await read('sam')).statusCode, 404);
    });

    it('shares with a group, takes the snapshot again with the newest messages, and the attachments when included', async () => {
      const before = conversationSnapshotSchema.parse((await read('tom')).json());
      const last = (await new ConversationsRepository(handle.db).messages('maria', conversationId))!.at(-1)!;
      await new ConversationsRepository(handle.db).addMessages('maria', conversationId, [
        { message_id: randomUUID(), parent_message_id: last.message_id, role: 'user', content: 'And at night?', status: 'complete' },
      ]);
      assert.equal(conversationSnapshotSchema.parse((await read('tom')).json()).messages.length, 2, 'the snapshot stays as it was shared');

      const shared = await share('maria', conversationId, { shares: [{ target: { type: 'group', id: 'finance' }, role: 'view' }], include_attachments: true });
      assert.equal(shared.statusCode, 200, shared.body);
      assert.equal(shareListResponseSchema.parse(shared.json()).include_attachments, true);
      const listed = await as('maria', { method: 'GET', url: `/api/shares/conversation/${conversationId}` });
      assert.equal(shareListResponseSchema.parse(listed.json()).include_attachments, true, 'the dialog shows what was chosen');
      // The owner's conversation list says with whom it is shared.
      const own = conversationListResponseSchema.parse((await as('maria', { method: 'GET', url: '/api/conversations' })).json());
      assert.deepEqual(own.conversations.find((entry) => entry.id === conversationId)?.sharing?.shared_with, [{ type: 'group', name: 'finance' }]);
      const snapshot = conversationSnapshotSchema.parse((await read('eva')).json());
      assert.equal(snapshot.messages.at(-1)!.content, 'And at night?');
      assert.ok(snapshot.taken_at > before.taken_at, 'taken again');
      assert.equal(snapshot.include_attachments, true);
      assert.deepEqual(snapshot.messages[0]!.attachments, [{ file_id: fileId, name: 'notes.txt' }]);

      const bytes = await file('eva');
      assert.equal(bytes.statusCode, 200, bytes.body);
      assert.equal(bytes.body, 'Tram 28 at nine.');
      assert.equal((await file('tom')).statusCode, 200, 'through the group');
      assert.equal((await file('sam')).statusCode, 404);
      assert.equal((await file('admin')).statusCode, 404);
      assert.equal((await file('eva', conversationId, randomUUID())).statusCode, 404, 'a file the snapshot does not name');
      // The file itself stays its owner's: the snapshot is the only way to it.
      assert.equal((await as('eva', { method: 'GET', url: `/api/files/${fileId}/content` })).statusCode, 404);
    });

    it('continues a shared conversation as a new conversation of the reader', async () => {
      const response = await as('tom', { method: 'POST', url: `/api/shared/conversations/${conversationId}/continue` });
      assert.equal(response.statusCode, 201, response.body);
      const copy = conversationSchema.parse(response.json());
      assert.notEqual(copy.id, conversationId);
      assert.equal(copy.name, 'Lisbon trip');
      const messages = messageListResponseSchema.parse((await as('tom', { method: 'GET', url: `/api/conversations/${copy.id}/messages` })).json()).messages;
      assert.deepEqual(
        messages.map((message) => [message.role, message.content]),
        [
          ['user', 'When do trams run?'],
          ['assistant', 'Every ten minutes [1]. <script>alert(1)</script>'],
          ['user', 'And at night?'],
        ],
      );
      assert.equal(messages[1]!.parent_message_id, messages[0]!.message_id, 'one branch');
      assert.equal((await as('maria', { method: 'GET', url: `/api/conversations/${copy.id}/messages` })).statusCode, 404, 'the copy is the reader’s alone');
      assert.equal((await as('sam', { method: 'POST', url: `/api/shared/conversations/${conversationId}/continue` })).statusCode, 404);
    });

    it('removes the snapshot when sharing stops: recipients find nothing', async () => {
      assert.equal((await as('maria', { method: 'DELETE', url: `/api/shares/conversation/${conversationId}` })).statusCode, 204);
      for (const person of ['maria', 'tom', 'eva'] as const) assert.equal((await read(person)).statusCode, 404, person);
      assert.equal((await file('eva')).statusCode, 404);
      assert.equal((await as('tom', { method: 'POST', url: `/api/shared/conversations/${conversationId}/continue` })).statusCode, 404);
      const rows = await handle.db.selectFrom('conversation_snapshots').select('conversation_id').where('conversation_id', '=', conversationId).execute();
      assert.deepEqual(rows, []);
    });

    it('shares a conversation kept in the browser from the copy its owner sends, and replaces that copy when sent again', async () => {
      const localId = randomUUID();
      const upload = (messages: Array<{ role: 'user' | 'assistant'; content: string }>) =>
        as('maria', { method: 'POST', url: '/api/shared/conversations', payload: { local_conversation_id: localId, title: 'Kept here', messages } });
      const created = await upload([
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
      ]);
      assert.equal(created.statusCode, 201, created.body);
      const { id } = conversationSnapshotCreatedSchema.parse(created.json());
      assert.equal((await read('tom', id)).statusCode, 404, 'not shared yet');
      assert.equal((await share('maria', id, { shares: [{ target: { type: 'user', id: 'tom' }, role: 'view' }] })).statusCode, 200);
      const snapshot = conversationSnapshotSchema.parse((await read('tom', id)).json());
      assert.equal(snapshot.kept_in_browser, true);
      assert.deepEqual(snapshot.messages.map((message) => message.content), ['Hi', 'Hello']);

      const again = await upload([{ role: 'user', content: 'Hi again' }]);
      assert.equal(again.statusCode, 200, again.body);
      assert.equal(conversationSnapshotCreatedSchema.parse(again.json()).id, id, 'the same snapshot');
      assert.deepEqual(conversationSnapshotSchema.parse((await read('tom', id)).json()).messages.map((message) => message.content), ['Hi again']);

      // Another user sending the same browser id gets a snapshot of their own.
      const theirs = await as('sam', { method: 'POST', url: '/api/shared/conversations', payload: { local_conversation_id: localId, title: 'Mine', messages: [{ role: 'user', content: 'x' }] } });
      assert.notEqual(conversationSnapshotCreatedSchema.parse(theirs.json()).id, id);
      assert.equal((await share('sam', id, { shares: [{ target: { type: 'user', id: 'sam' }, role: 'view' }] })).statusCode, 404, 'only its owner shares it');

      assert.equal((await as('maria', { method: 'DELETE', url: `/api/shares/conversation/${id}` })).statusCode, 204);
      assert.equal((await read('tom', id)).statusCode, 404, 'revoked');
    });

    it('validates what the browser sends', async () => {
      const post = (payload: unknown) => as('maria', { method: 'POST', url: '/api/shared/conversations', payload: payload as InjectOptions['payload'] });
      const valid = { local_conversation_id: randomUUID(), title: 'T', messages: [{ role: 'user', content: 'x' }] };
      assert.equal((await post({ ...valid, messages: [] })).statusCode, 400);
      assert.equal((await post({ ...valid, messages: [{ role: 'system', content: 'x' }] })).statusCode, 400);
      assert.equal((await post({ ...valid, title: ' ' })).statusCode, 400);
      assert.equal((await post({ ...valid, local_conversation_id: 'not-a-uuid' })).statusCode, 400);
      assert.equal((await post({ ...valid, owner_sub: 'tom' })).statusCode, 400, 'unknown keys are refused');
      assert.equal((await post({ ...valid, messages: [{ role: 'user', content: 'x', tool_events: [] }] })).statusCode, 400);
      assert.equal((await app.inject({ method: 'GET', url: `/api/shared/conversations/${randomUUID()}` })).statusCode, 401);
    });

    it('takes the snapshot and its shares away with the conversation', async () => {
      const id = conversationSchema.parse((await as('maria', { method: 'POST', url: '/api/conversations?name=Short' })).json()).id;
      await new ConversationsRepository(handle.db).addMessages('maria', id, [{ message_id: randomUUID(), parent_message_id: null, role: 'user', content: 'Q', status: 'complete' }]);
      assert.equal((await share('maria', id, { shares: [{ target: { type: 'company' }, role: 'view' }] })).statusCode, 400, 'only administrators name the company');
      assert.equal((await share('maria', id, { shares: [{ target: { type: 'group', id: 'sales' }, role: 'view' }] })).statusCode, 200);
      assert.equal((await read('sam', id)).statusCode, 200);
      assert.equal((await as('maria', { method: 'DELETE', url: `/api/conversations/${id}` })).statusCode, 204);
      assert.equal((await read('sam', id)).statusCode, 404);
      const left = await handle.db.selectFrom('shares').select('id').where('item_kind', '=', 'conversation').where('item_id', '=', id).execute();
      assert.deepEqual(left, []);
    });
  });
}
