import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { it } from 'node:test';
import {
  RETENTION_KINDS,
  conversationListResponseSchema,
  conversationSchema,
  deletedConversationsResponseSchema,
  myRetentionResponseSchema,
  retentionPolicySchema,
  retentionRunSchema,
  retentionRunsResponseSchema,
  type RetentionPolicy,
} from '@assistant/contracts';
import { describeWithColleagues, type Colleague } from './support/colleagues-test-app';

const FOREVER = Object.fromEntries(RETENTION_KINDS.map((kind) => [kind, null])) as RetentionPolicy['defaults'];
const POLICY: RetentionPolicy = { defaults: { ...FOREVER, conversations: 90 }, groups: [{ group_id: '/finance', days: { conversations: 30 } }] };

describeWithColleagues('retention and my data API', (suite) => {

  const audited = (action: string) =>
    suite.handle.db.selectFrom('audit_log').select(['actor_sub', 'subject_id', 'before', 'after']).where('action', '=', action).orderBy('id').execute();

  /** A conversation of `person` with a question and an answer, made through the API. */
  async function conversation(person: Colleague, name: string, question: string): Promise<string> {
    const response = await suite.t.as(person, { method: 'POST', url: `/api/conversations?name=${encodeURIComponent(name)}` });
    assert.equal(response.statusCode, 201, response.body);
    const { id } = conversationSchema.parse(response.json());
    const questionId = randomUUID();
    await suite.handle.db
      .insertInto('messages')
      .values([
        { message_id: questionId, conversation_id: id, parent_message_id: null, role: 'user', content: question, status: 'complete', model: null, reasoning: null },
        { message_id: randomUUID(), conversation_id: id, parent_message_id: questionId, role: 'assistant', content: `Answer to ${question}`, status: 'complete', model: 'scripted', reasoning: null },
      ])
      .execute();
    return id;
  }

  it('lets administrators alone read and change the policy (forever until set), names its groups and audits the change', async () => {
    const initial = await suite.t.as('admin', { method: 'GET', url: '/api/admin/retention' });
    assert.equal(initial.statusCode, 200);
    assert.deepEqual(retentionPolicySchema.parse(initial.json()), { defaults: FOREVER, groups: [] });

    const others = ['maria', 'sam'] as const;
    assert.deepEqual(await suite.t.statuses(others, { method: 'GET', url: '/api/admin/retention' }), { maria: 403, sam: 403 });
    assert.deepEqual(await suite.t.statuses(others, { method: 'PUT', url: '/api/admin/retention', payload: POLICY }), { maria: 403, sam: 403 });
    assert.deepEqual(await suite.t.statuses(others, { method: 'GET', url: '/api/admin/retention/runs' }), { maria: 403, sam: 403 });
    assert.deepEqual(await suite.t.statuses(others, { method: 'POST', url: '/api/admin/retention/runs' }), { maria: 403, sam: 403 });

    const refused = [
      { ...POLICY, defaults: { ...POLICY.defaults, conversations: 0 } },
      { ...POLICY, defaults: { ...POLICY.defaults, prompts: 5 } },
      { ...POLICY, groups: [{ group_id: '/finance', days: { audit_log: 5 } }] },
    ];
    for (const payload of refused) assert.equal((await suite.t.as('admin', { method: 'PUT', url: '/api/admin/retention', payload })).statusCode, 400, JSON.stringify(payload));

    const saved = await suite.t.as('admin', { method: 'PUT', url: '/api/admin/retention', payload: POLICY });
    assert.equal(saved.statusCode, 200, saved.body);
    const expected = { ...POLICY, groups: [{ ...POLICY.groups[0]!, name: 'finance' }] };
    assert.deepEqual(retentionPolicySchema.parse(saved.json()), expected);
    assert.deepEqual(retentionPolicySchema.parse((await suite.t.as('admin', { method: 'GET', url: '/api/admin/retention' })).json()), expected);
    assert.deepEqual(await audited('retention.change'), [{ actor_sub: 'admin', subject_id: 'retention', before: { defaults: FOREVER, groups: [] }, after: POLICY }]);
  });

  it('tells each user how long their data is kept: the shortest of the default and their groups', async () => {
    const days = async (person: Colleague) => myRetentionResponseSchema.parse((await suite.t.as(person, { method: 'GET', url: '/api/me/retention' })).json()).days;
    assert.deepEqual(await days('maria'), { conversations: 30, chat_attachments: null, qa_traces: null, research_runs: null, canvases: null });
    assert.equal((await days('sam')).conversations, 90);
  });

  it('starts a run now (202), answers the waiting one when asked again, and lists it', async () => {
    const first = await suite.t.as('admin', { method: 'POST', url: '/api/admin/retention/runs' });
    assert.equal(first.statusCode, 202, first.body);
    const run = retentionRunSchema.parse(first.json());
    assert.deepEqual([run.status, run.requested_by, run.deleted, run.finished_at], ['running', 'admin', {}, null]);
    const again = await suite.t.as('admin', { method: 'POST', url: '/api/admin/retention/runs' });
    assert.equal(retentionRunSchema.parse(again.json()).id, run.id);
    const listed = retentionRunsResponseSchema.parse((await suite.t.as('admin', { method: 'GET', url: '/api/admin/retention/runs' })).json()).runs;
    assert.deepEqual(
      listed.map((listedRun) => [listedRun.id, listedRun.requested_by_name]),
      [[run.id, 'Ada Admin']],
      'listed with the name of whoever asked',
    );
  });

  it('exports the user’s data as JSON and Markdown, with nothing of another user’s, and audits it', async () => {
    const budget = await conversation('maria', 'Budget plan 2027', 'What is our travel budget?');
    const pipeline = await conversation('sam', 'Sales pipeline', 'Which deals close this week?');
    // A canvas and a personal collection with a document each (the document's name, never its bytes).
    for (const [person, conversationId, title, fileName] of [
      ['maria', budget, 'Travel policy draft', 'receipts-2026.pdf'],
      ['sam', pipeline, 'Sales canvas', 'sam-deals.xlsx'],
    ] as const) {
      const canvasId = randomUUID();
      await suite.handle.db.insertInto('canvases').values({ id: canvasId, owner_id: person, conversation_id: conversationId, title, version: 1 }).execute();
      await suite.handle.db.insertInto('canvas_versions').values({ canvas_id: canvasId, version: 1, author: 'user', instruction: null, restored_from: null, markdown: `# ${title}`, characters: 10 }).execute();
      const collectionId = randomUUID();
      await suite.handle.db.insertInto('collections').values({ id: collectionId, scope: 'personal', owner_id: person, name: `${title} sources` }).execute();
      await suite.handle.db
        .insertInto('files')
        .values({ id: randomUUID(), collection_id: collectionId, name: fileName, version: 1, media_type: 'application/pdf', size: 3, storage_key: randomUUID(), created_by: person, status: 'processed' })
        .execute();
    }
    for (const [person, title] of [['maria', 'Polite reminder'], ['sam', 'Cold call opener']] as const) {
      const response = await suite.t.as(person, { method: 'POST', url: '/api/prompts', payload: { title, text: `${title} for {{name}}` } });
      assert.equal(response.statusCode, 201, response.body);
    }
    const day = new Date().toISOString().slice(0, 10);

    const json = await suite.t.as('maria', { method: 'GET', url: '/api/me/export?format=json' });
    assert.equal(json.statusCode, 200, json.body);
    assert.match(String(json.headers['content-type']), /^application\/json/);
    assert.equal(json.headers['content-disposition'], `attachment; filename="assistant-export-${day}.json"`);
    const data = json.json() as { user: { sub: string }; conversations: Array<{ name: string; messages: Array<{ content: string }> }>; prompts: Array<{ title: string }> };
    assert.equal(data.user.sub, 'maria');
    assert.deepEqual(
      data.conversations.map((c) => [c.name, c.messages.map((m) => m.content)]),
      [['Budget plan 2027', ['What is our travel budget?', 'Answer to What is our travel budget?']]],
    );
    assert.deepEqual(
      data.prompts.map((p) => p.title),
      ['Polite reminder'],
    );
    const sections = data as unknown as Record<string, Array<Record<string, unknown>>>;
    assert.deepEqual(
      sections.canvases!.map((canvas) => [canvas.title, canvas.markdown]),
      [['Travel policy draft', '# Travel policy draft']],
    );
    assert.deepEqual(
      sections.collections!.map((collection) => [collection.name, (collection.documents as Array<{ name: string }>).map((document) => document.name)]),
      [['Travel policy draft sources', ['receipts-2026.pdf']]],
    );
    for (const section of ['agents', 'custom_apps', 'research_runs', 'usage_this_year']) assert.ok(Array.isArray(sections[section]), section);

    const markdown = await suite.t.as('maria', { method: 'GET', url: '/api/me/export?format=markdown' });
    assert.equal(markdown.statusCode, 200);
    assert.match(String(markdown.headers['content-type']), /^text\/markdown/);
    assert.equal(markdown.headers['content-disposition'], `attachment; filename="assistant-export-${day}.md"`);
    assert.match(markdown.body, /^# Your data in the assistant/);
    assert.match(markdown.body, /### Budget plan 2027\n/);
    assert.match(markdown.body, /\*\*You\*\*, [^\n]+:\n\nWhat is our travel budget\?/);
    assert.match(markdown.body, /## Prompts\n\n- \*\*Polite reminder\*\*/);
    assert.match(markdown.body, /## Collections\n\n- \*\*Travel policy draft sources\*\* \(1 document\)\n {2}- receipts-2026\.pdf/);
    assert.match(markdown.body, /## Canvases\n\n- \*\*Travel policy draft\*\*/);

    for (const body of [json.body, markdown.body]) for (const others of ['Sales pipeline', 'Which deals', 'Cold call opener', 'Sales canvas', 'sam-deals.xlsx']) assert.ok(!body.includes(others), others);
    assert.equal((await suite.t.as('maria', { method: 'GET', url: '/api/me/export?format=pdf' })).statusCode, 400);
    assert.deepEqual(
      (await audited('data.export')).map((entry) => [entry.actor_sub, entry.after]),
      [
        ['maria', { format: 'json' }],
        ['maria', { format: 'markdown' }],
      ],
    );
  });

  it('deletes all of the user’s conversations at once, none of another user’s, and audits it', async () => {
    await conversation('maria', 'Second one', 'Anything else?');
    const list = async (person: Colleague) => conversationListResponseSchema.parse((await suite.t.as(person, { method: 'GET', url: '/api/conversations' })).json()).conversations;
    const mine = (await list('maria')).length;
    assert.ok(mine >= 2);
    const response = await suite.t.as('maria', { method: 'DELETE', url: '/api/me/conversations' });
    assert.equal(response.statusCode, 200, response.body);
    assert.deepEqual(deletedConversationsResponseSchema.parse(response.json()), { deleted: mine });
    assert.deepEqual(await list('maria'), []);
    assert.equal(
      (await list('sam')).map((c) => c.name).join(),
      'Sales pipeline',
    );
    assert.deepEqual(deletedConversationsResponseSchema.parse((await suite.t.as('maria', { method: 'DELETE', url: '/api/me/conversations' })).json()), { deleted: 0 });
    assert.deepEqual(
      (await audited('data.delete')).map((entry) => [entry.actor_sub, entry.after]),
      [
        ['maria', { conversations: mine }],
        ['maria', { conversations: 0 }],
      ],
    );
  });
});
