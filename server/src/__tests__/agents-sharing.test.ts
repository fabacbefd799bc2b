import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  agentListResponseSchema,
  agentSchema,
  agentShareCheckResponseSchema,
  agentVersionListResponseSchema,
  apiErrorSchema,
  collectionSummarySchema,
  type Agent,
  type CreateAgentRequestInput,
} from '@assistant/contracts';
import { COMPANY_AGENT_NOT_SHARED } from '../sharing/kinds/agent';
import { describeWithColleagues, type Colleague } from './support/colleagues-test-app';

/**
 * Sharing agents (docs/agents.md#sharing): the access matrix of every agent call as the owner, a
 * view recipient (through their group), an editor, a member of another group and an
 * administrator; editors' versions under their name; the knowledge check of the share dialog.
 */

const FORM: CreateAgentRequestInput = { name: 'Travel helper', instructions: 'You help {{user_name}} plan business trips.' };
const OTHERS = ['tom', 'eddie', 'sam', 'admin'] as const;

describeWithColleagues('sharing agents', (suite) => {

  async function create(person: Colleague, form: CreateAgentRequestInput = FORM): Promise<Agent> {
    const response = await suite.t.as(person, { method: 'POST', url: '/api/agents', payload: form });
    assert.equal(response.statusCode, 201, response.body);
    return agentSchema.parse(response.json());
  }
  async function collection(person: Colleague, name: string, scope: 'personal' | 'company' = 'personal') {
    const response = await suite.t.as(person, { method: 'POST', url: '/api/collections', payload: { name, scope } });
    assert.equal(response.statusCode, 201, response.body);
    return collectionSummarySchema.parse(response.json()).id;
  }
  const formOf = ({ name, description, instructions, starter_prompts, collection_ids, tools, server_ids, icon }: Agent) => ({
    name,
    description,
    instructions,
    starter_prompts,
    collection_ids,
    tools,
    server_ids,
    icon,
  });

  it('gives each colleague what the shares say on every call, and nothing to anyone else', async () => {
    const agent = await create('maria');
    await suite.t.share('maria', 'agent', agent.id, [
      { target: { type: 'group', id: '/finance' }, role: 'view' },
      { target: { type: 'user', id: 'eddie' }, role: 'edit' },
    ]);

    // Reading: the recipients (Tom through finance, Eddie by name), not sales, not the administrator.
    const base = `/api/agents/${agent.id}`;
    const readers = { tom: 200, eddie: 200, sam: 404, admin: 404 };
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'GET', url: base }), readers);
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'GET', url: `${base}/versions` }), readers);
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'GET', url: `${base}/versions/1` }), readers);
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'GET', url: `${base}/export` }), readers);
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'POST', url: `${base}/duplicate` }), { tom: 201, eddie: 201, sam: 404, admin: 404 });
    // Chatting with it (kept in the browser: the agent has neither knowledge nor tools).
    const chat = { method: 'POST', url: '/api/chat/stream', payload: { payload: { content: 'Hello', personality: agent.id }, history: [] } } as const;
    assert.deepEqual(await suite.t.statuses(OTHERS, chat), readers);

    // Lists: how it reaches each of them.
    const listed = async (person: Colleague) => agentListResponseSchema.parse((await suite.t.as(person, { method: 'GET', url: '/api/agents' })).json()).agents.find((a) => a.id === agent.id);
    const tom = await listed('tom');
    assert.deepEqual([tom?.editable, tom?.sharing], [false, { access: 'view', shared_by: { sub: 'maria', name: 'Maria Muster' }, shared_with: [] }]);
    const eddie = await listed('eddie');
    assert.deepEqual([eddie?.editable, eddie?.sharing?.access, eddie?.sharing?.shared_with], [true, 'edit', [{ type: 'group', name: 'finance' }, { type: 'user', name: 'Eddie Editor' }]]);
    assert.equal((await listed('maria'))?.sharing?.access, 'owner');
    assert.equal(await listed('sam'), undefined);
    assert.equal(await listed('admin'), undefined);

    // Saving: the editor saves a version (under his name); the viewer may not; the others see nothing.
    const save = (person: Colleague) => ({ method: 'PUT', url: base, payload: { ...formOf(agent), name: `Trips (${person})`, base_version: 1 } });
    assert.deepEqual(await suite.t.statuses(['tom', 'sam', 'admin'], save), { tom: 403, sam: 404, admin: 404 });
    const saved = await suite.t.as('eddie', save('eddie'));
    assert.equal(saved.statusCode, 200, saved.body);
    const versions = agentVersionListResponseSchema.parse((await suite.t.as('maria', { method: 'GET', url: `${base}/versions` })).json()).versions;
    assert.deepEqual(
      versions.map((v) => [v.version, v.author]),
      [
        [2, { sub: 'eddie', name: 'Eddie Editor' }],
        [1, { sub: 'maria', name: 'Maria Muster' }],
      ],
    );

    // Deleting and sharing are the owner's: the editor is refused, nobody else learns it exists.
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'DELETE', url: base }), { tom: 403, eddie: 403, sam: 404, admin: 404 });
    assert.equal(apiErrorSchema.parse((await suite.t.as('eddie', { method: 'DELETE', url: base })).json()).code, 'forbidden');
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'GET', url: `/api/shares/agent/${agent.id}` }), { tom: 404, eddie: 404, sam: 404, admin: 404 });
    assert.deepEqual(await suite.t.statuses(OTHERS, { method: 'POST', url: `${base}/share-check`, payload: { targets: [] } }), { tom: 404, eddie: 404, sam: 404, admin: 404 });
    // Publishing stays the administrators' and needs an agent they may read.
    assert.equal((await suite.t.as('eddie', { method: 'PUT', url: `/api/admin/agents/${agent.id}/visibility`, payload: { visibility: 'company' } })).statusCode, 403);
    assert.equal((await suite.t.as('admin', { method: 'PUT', url: `/api/admin/agents/${agent.id}/visibility`, payload: { visibility: 'company' } })).statusCode, 404);

    // Revoking takes it away at once; deleting takes its shares with it.
    await suite.t.share('maria', 'agent', agent.id, [{ target: { type: 'user', id: 'eddie' }, role: 'edit' }]);
    assert.deepEqual(await suite.t.statuses(['tom', 'eddie'], { method: 'GET', url: base }), { tom: 404, eddie: 200 });
    assert.equal((await suite.t.as('maria', { method: 'DELETE', url: base })).statusCode, 204);
    assert.equal((await suite.t.as('eddie', { method: 'GET', url: base })).statusCode, 404);
    const left = await suite.handle.db.selectFrom('shares').select('id').where('item_kind', '=', 'agent').where('item_id', '=', agent.id).execute();
    assert.deepEqual(left, []);
  });

  it('lets an editor keep the owner’s collections he may not read, but add none', async () => {
    const mine = await collection('maria', 'Maria’s notes');
    const eddies = await collection('eddie', 'Eddie’s notes');
    const samS = await collection('sam', 'Sales notes');
    const agent = await create('maria', { ...FORM, collection_ids: [mine] });
    await suite.t.share('maria', 'agent', agent.id, [{ target: { type: 'user', id: 'eddie' }, role: 'edit' }]);
    const save = (collectionIds: string[]) =>
      suite.t.as('eddie', { method: 'PUT', url: `/api/agents/${agent.id}`, payload: { ...formOf(agent), collection_ids: collectionIds, base_version: agent.version } });
    const refused = await save([mine, samS]);
    assert.equal(refused.statusCode, 400, refused.body);
    assert.deepEqual((apiErrorSchema.parse(refused.json()).issues ?? []).map((issue) => issue.path.join('.')), ['body.collection_ids.1']);
    const kept = await save([mine, eddies]);
    assert.equal(kept.statusCode, 200, kept.body);
    assert.deepEqual(agentSchema.parse(kept.json()).collection_ids, [mine, eddies]);
  });

  it('keeps a company agent the administrators’: everyone reads it, nobody shares it', async () => {
    const agent = await create('admin');
    assert.equal((await suite.t.as('admin', { method: 'PUT', url: `/api/admin/agents/${agent.id}/visibility`, payload: { visibility: 'company' } })).statusCode, 200);
    assert.deepEqual(await suite.t.statuses(['maria', 'sam'], { method: 'GET', url: `/api/agents/${agent.id}` }), { maria: 200, sam: 200 });
    assert.equal((await suite.t.as('maria', { method: 'PUT', url: `/api/agents/${agent.id}`, payload: { ...formOf(agent), base_version: 1 } })).statusCode, 403);
    const shared = await suite.t.as('admin', { method: 'PUT', url: `/api/shares/agent/${agent.id}`, payload: { shares: [{ target: { type: 'group', id: '/sales' }, role: 'edit' }] } });
    assert.equal(shared.statusCode, 400, shared.body);
    assert.match(shared.body, new RegExp(COMPANY_AGENT_NOT_SHARED.slice(0, 20)));
  });

  it('says which of the agent’s collections the draft targets may not read, and whether the owner may share them', async () => {
    const notes = await collection('maria', 'Finance notes');
    const policies = await collection('admin', 'IT policies', 'company');
    const handbook = await collection('admin', 'Handbook', 'company');
    // The company's IT policies are for the IT group only.
    await suite.t.share('admin', 'collection', policies, [{ target: { type: 'group', id: '/it' }, role: 'view' }]);
    const agent = await create('maria', { ...FORM, collection_ids: [notes, handbook] });
    const targets = [
      { type: 'group', id: '/finance' },
      { type: 'user', id: 'sam' },
      { type: 'company' },
    ];
    const check = async () => {
      const response = await suite.t.as('maria', { method: 'POST', url: `/api/agents/${agent.id}/share-check`, payload: { targets } });
      assert.equal(response.statusCode, 200, response.body);
      return agentShareCheckResponseSchema.parse(response.json()).collections;
    };
    // Her personal notes reach none of them; everyone reads the handbook.
    assert.deepEqual(await check(), [{ id: notes, name: 'Finance notes', not_readable_by: targets, can_share: true }]);

    // Shared with sales (Sam's group, as the directory saw it at his sign-in) and with finance.
    await suite.t.share('maria', 'collection', notes, [
      { target: { type: 'group', id: '/sales' }, role: 'view' },
      { target: { type: 'group', id: '/finance' }, role: 'view' },
    ]);
    assert.deepEqual(await check(), [{ id: notes, name: 'Finance notes', not_readable_by: [{ type: 'company' }], can_share: true }]);

    // An administrator's agent with the restricted collection: sales may not read it, IT may; the
    // company's groups are not the administrator's to share from the agent.
    const itAgent = await create('admin', { ...FORM, collection_ids: [policies] });
    const response = await suite.t.as('admin', {
      method: 'POST',
      url: `/api/agents/${itAgent.id}/share-check`,
      payload: { targets: [{ type: 'group', id: '/it' }, { type: 'group', id: '/sales' }] },
    });
    assert.deepEqual(agentShareCheckResponseSchema.parse(response.json()).collections, [
      { id: policies, name: 'IT policies', not_readable_by: [{ type: 'group', id: '/sales' }], can_share: false },
    ]);
  });
});
