import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  AGENT_ERRORS,
  agentConflictSchema,
  agentExportSchema,
  agentImportResponseSchema,
  agentListResponseSchema,
  agentSchema,
  agentVersionListResponseSchema,
  agentVersionSchema,
  apiErrorSchema,
  collectionSummarySchema,
  type Agent,
  type CreateAgentRequestInput,
} from '@assistant/contracts';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import { UNKNOWN_MODEL, UNKNOWN_SERVER, UNREADABLE_COLLECTION } from '../agents/agent-references';
import type { DatabaseHandle } from '../db/database';
import { testDatabaseTargets } from '../testing/test-databases';
import { startAgentsTestApp, type AgentsTestApp } from './support/agents-test-app';

type User = 'employee' | 'other' | 'admin';

const FORM: CreateAgentRequestInput = {
  name: '  Travel helper ',
  description: 'Answers travel questions',
  instructions: 'You help {{user_name}} plan business trips. Today is {{date}}.',
  starter_prompts: ['How do I book a train?', 'What is the hotel budget?'],
};

for (const target of testDatabaseTargets()) {
  describe(`agents API on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let model: ScriptedModelServer;
    let t: AgentsTestApp;
    let personal: string;
    let company: string;
    let theirs: string;

    before(async () => {
      handle = await target.open();
      model = await startScriptedModelServer({ models: ['scripted-model', 'agent-model'] });
      t = await startAgentsTestApp(handle, { OPENAI_BASE_URL: model.url });
      personal = await collection('employee', 'Mine');
      company = await collection('admin', 'Policies', 'company');
      theirs = await collection('other', 'Theirs');
    });
    after(async () => {
      await t.close();
      await model.close();
      await handle.close();
    });

    async function collection(user: User, name: string, scope: 'personal' | 'company' = 'personal') {
      const response = await t.as(user, { method: 'POST', url: '/api/collections', payload: { name, scope } });
      assert.equal(response.statusCode, 201, response.body);
      return collectionSummarySchema.parse(response.json()).id;
    }
    async function create(user: User, form: CreateAgentRequestInput = FORM): Promise<Agent> {
      const response = await t.as(user, { method: 'POST', url: '/api/agents', payload: form });
      assert.equal(response.statusCode, 201, response.body);
      return agentSchema.parse(response.json());
    }
    async function publish(id: string, visibility: 'company' | 'personal' = 'company') {
      return t.as('admin', { method: 'PUT', url: `/api/admin/agents/${id}/visibility`, payload: { visibility } });
    }
    const form = (agent: Agent) => ({
      name: agent.name,
      description: agent.description,
      instructions: agent.instructions,
      starter_prompts: agent.starter_prompts,
      collection_ids: agent.collection_ids,
      tools: agent.tools,
      server_ids: agent.server_ids,
      icon: agent.icon,
    });
    /** The issues of a 400, as "path: message". */
    function issues(response: { statusCode: number; body: string; json(): unknown }): string[] {
      assert.equal(response.statusCode, 400, response.body);
      const body = apiErrorSchema.parse(response.json());
      assert.equal(body.code, 'validation_failed');
      return (body.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    }

    it('creates, reads, lists, saves as new versions and deletes a personal agent', async () => {
      const created = await create('employee', { ...FORM, collection_ids: [personal, company], tools: ['search_documents'], model_id: 'agent-model', temperature: 0.2 });
      assert.deepEqual(
        { name: created.name, version: created.version, visibility: created.visibility, editable: created.editable, icon: created.icon, temperature: created.temperature, model_id: created.model_id },
        { name: 'Travel helper', version: 1, visibility: 'personal', editable: true, icon: 'bot', temperature: 0.2, model_id: 'agent-model' },
      );
      assert.deepEqual(created.starter_prompts, FORM.starter_prompts, 'in the order given');
      assert.deepEqual(created.collection_ids, [personal, company]);

      const read = await t.as('employee', { method: 'GET', url: `/api/agents/${created.id}` });
      assert.deepEqual(agentSchema.parse(read.json()), created);
      const list = agentListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/agents' })).json());
      assert.ok(list.agents.some((agent) => agent.id === created.id));

      const saved = await t.as('employee', {
        method: 'PUT',
        url: `/api/agents/${created.id}`,
        payload: { ...form(created), name: 'Trip planner', starter_prompts: ['Plan my trip'], base_version: 1 },
      });
      assert.equal(saved.statusCode, 200, saved.body);
      const v2 = agentSchema.parse(saved.json());
      assert.equal(v2.version, 2);
      assert.equal(v2.name, 'Trip planner');
      assert.equal(v2.model_id, undefined, 'a save is the whole form: no model_id is the default model');

      // A save based on version 1 is stale now: 409 with the current agent.
      const stale = await t.as('employee', { method: 'PUT', url: `/api/agents/${created.id}`, payload: { ...form(created), base_version: 1 } });
      assert.equal(stale.statusCode, 409, stale.body);
      const conflict = agentConflictSchema.parse(stale.json());
      assert.equal(conflict.code, 'conflict');
      assert.deepEqual(conflict.current, v2);

      const versions = await t.as('employee', { method: 'GET', url: `/api/agents/${created.id}/versions` });
      assert.deepEqual(agentVersionListResponseSchema.parse(versions.json()).versions.map((v) => v.version), [2, 1]);

      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/agents/${created.id}` })).statusCode, 204);
      assert.equal((await t.as('employee', { method: 'GET', url: `/api/agents/${created.id}` })).statusCode, 404);
    });

    it('answers each version with the fields saved then; restoring one saves them again as a new version', async () => {
      const created = await create('employee', { ...FORM, collection_ids: [personal], temperature: 0.3 });
      const saved = await t.as('employee', {
        method: 'PUT',
        url: `/api/agents/${created.id}`,
        payload: { ...form(created), instructions: 'You plan trips by train.', collection_ids: [], base_version: 1 },
      });
      assert.equal(saved.statusCode, 200, saved.body);

      const first = await t.as('employee', { method: 'GET', url: `/api/agents/${created.id}/versions/1` });
      assert.equal(first.statusCode, 200, first.body);
      const v1 = agentVersionSchema.parse(first.json());
      assert.deepEqual(
        { version: v1.version, instructions: v1.instructions, collection_ids: v1.collection_ids, temperature: v1.temperature, name: v1.name },
        { version: 1, instructions: created.instructions, collection_ids: [personal], temperature: 0.3, name: 'Travel helper' },
      );
      assert.equal(agentVersionSchema.parse((await t.as('employee', { method: 'GET', url: `/api/agents/${created.id}/versions/2` })).json()).instructions, 'You plan trips by train.');

      // Restoring version 1 is saving its fields based on the current version: version 3.
      const { version: _version, created_at: _createdAt, ...fields } = v1;
      const restored = await t.as('employee', { method: 'PUT', url: `/api/agents/${created.id}`, payload: { ...fields, base_version: 2 } });
      assert.equal(restored.statusCode, 200, restored.body);
      assert.deepEqual(
        { version: agentSchema.parse(restored.json()).version, instructions: agentSchema.parse(restored.json()).instructions },
        { version: 3, instructions: created.instructions },
      );
      const versions = await t.as('employee', { method: 'GET', url: `/api/agents/${created.id}/versions` });
      assert.deepEqual(agentVersionListResponseSchema.parse(versions.json()).versions.map((v) => v.version), [3, 2, 1]);

      // A version that does not exist, another user's agent (administrators too) and a bad number.
      for (const [user, url, status] of [
        ['employee', `/api/agents/${created.id}/versions/9`, 404],
        ['other', `/api/agents/${created.id}/versions/1`, 404],
        ['admin', `/api/agents/${created.id}/versions/1`, 404],
        ['employee', `/api/agents/${created.id}/versions/0`, 400],
        ['employee', `/api/agents/${created.id}/versions/one`, 400],
      ] as const) {
        const response = await t.as(user, { method: 'GET', url });
        assert.equal(response.statusCode, status, `${user} ${url}: ${response.body}`);
        if (status === 404) assert.equal(apiErrorSchema.parse(response.json()).code, 'not_found');
      }
    });

    it('refuses a wrong form with a message at each field', async () => {
      const bad = await t.as('employee', {
        method: 'POST',
        url: '/api/agents',
        payload: {
          name: '   ',
          instructions: 'Hello {{user_name}}, it is {{weekday}} and {{ mood }}.',
          temperature: 2.5,
          starter_prompts: ['Hi', '  ', 'hi'],
          icon: 'unicorn',
          tools: ['send_email'],
          server_ids: ['not-a-uuid'],
        },
      });
      const found = issues(bad);
      const expect = [
        'body.name: Must not be empty',
        'body.instructions: Unknown variable {{weekday}}: use {{date}} or {{user_name}}',
        'body.instructions: Unknown variable {{mood}}: use {{date}} or {{user_name}}',
        'body.temperature: Must not be above 2',
        'body.starter_prompts.1: Must not be empty',
        'body.icon: Must be one of',
        'body.tools.0: Must be one of search_documents, read_document_page, web_search',
        'body.server_ids.0: Must be a UUID',
      ];
      for (const wanted of expect) assert.ok(found.some((issue) => issue.startsWith(wanted)), `${wanted} in ${found.join(' | ')}`);

      const repeated = issues(await t.as('employee', { method: 'POST', url: '/api/agents', payload: { ...FORM, starter_prompts: ['Hi', 'hi '] } }));
      assert.deepEqual(repeated, ['body.starter_prompts.1: Must not repeat an earlier starter prompt']);
      const tooMany = issues(await t.as('employee', { method: 'POST', url: '/api/agents', payload: { ...FORM, starter_prompts: ['1', '2', '3', '4', '5', '6', '7'] } }));
      assert.deepEqual(tooMany, ['body.starter_prompts: Must not hold more than 6 starter prompts']);
      assert.equal((await t.as('employee', { method: 'POST', url: '/api/agents', payload: { ...FORM, colour: 'red' } })).statusCode, 400, 'unknown fields are refused');

      // What only the server can tell: another user's collection, an unregistered tool server, a model not on offer.
      const references = issues(
        await t.as('employee', {
          method: 'POST',
          url: '/api/agents',
          payload: { ...FORM, collection_ids: [personal, theirs], server_ids: ['7d3c5a52-2f1c-4a55-9a57-1d2b3c4d5e6f'], model_id: 'no-such-model' },
        }),
      );
      assert.deepEqual(references, [`body.collection_ids.1: ${UNREADABLE_COLLECTION}`, `body.server_ids.0: ${UNKNOWN_SERVER}`, `body.model_id: ${UNKNOWN_MODEL}`]);
    });

    it("answers 404 for another user's agent on every call, administrators included", async () => {
      const mine = await create('employee');
      const calls = [
        { method: 'GET', url: `/api/agents/${mine.id}` },
        { method: 'GET', url: `/api/agents/${mine.id}/versions` },
        { method: 'PUT', url: `/api/agents/${mine.id}`, payload: { ...form(mine), base_version: 1 } },
        { method: 'DELETE', url: `/api/agents/${mine.id}` },
        { method: 'POST', url: `/api/agents/${mine.id}/duplicate` },
        { method: 'GET', url: `/api/agents/${mine.id}/export` },
      ] as const;
      for (const user of ['other', 'admin'] as const) {
        for (const call of calls) {
          const response = await t.as(user, call);
          assert.equal(response.statusCode, 404, `${user} ${call.method} ${call.url}: ${response.body}`);
          assert.equal(response.json().message, AGENT_ERRORS.agentNotFound.message);
        }
        const list = agentListResponseSchema.parse((await t.as(user, { method: 'GET', url: '/api/agents' })).json());
        assert.ok(!list.agents.some((agent) => agent.id === mine.id));
      }
      assert.equal((await publish(mine.id)).statusCode, 404, "an administrator cannot publish someone's personal agent");
      assert.equal((await t.as('employee', { method: 'GET', url: `/api/agents/${mine.id}` })).json().version, 1, 'unchanged');
    });

    it('lets administrators publish an agent that everyone reads and duplicates, but only administrators change (403)', async () => {
      const draft = await create('admin', { ...FORM, name: 'Policy guide', collection_ids: [company] });
      assert.equal((await t.as('employee', { method: 'PUT', url: `/api/admin/agents/${draft.id}/visibility`, payload: { visibility: 'company' } })).statusCode, 403);
      const published = await publish(draft.id);
      assert.equal(published.statusCode, 200, published.body);
      assert.equal(agentSchema.parse(published.json()).visibility, 'company');

      const seen = agentSchema.parse((await t.as('employee', { method: 'GET', url: `/api/agents/${draft.id}` })).json());
      assert.deepEqual({ visibility: seen.visibility, editable: seen.editable }, { visibility: 'company', editable: false });
      const list = agentListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/agents' })).json());
      assert.ok(list.agents.some((agent) => agent.id === draft.id && !agent.editable));

      for (const call of [
        { method: 'PUT', url: `/api/agents/${draft.id}`, payload: { ...form(seen), name: 'Mine now', base_version: 1 } },
        { method: 'DELETE', url: `/api/agents/${draft.id}` },
      ] as const) {
        const refused = await t.as('employee', call);
        assert.equal(refused.statusCode, 403, `${call.method}: ${refused.body}`);
        assert.equal(refused.json().code, 'forbidden');
      }

      // A personal copy: editable, its own versions.
      const copied = await t.as('employee', { method: 'POST', url: `/api/agents/${draft.id}/duplicate` });
      assert.equal(copied.statusCode, 201, copied.body);
      const copy = agentSchema.parse(copied.json());
      assert.deepEqual(
        { name: copy.name, visibility: copy.visibility, editable: copy.editable, version: copy.version, collection_ids: copy.collection_ids, instructions: copy.instructions },
        { name: 'Policy guide (copy)', visibility: 'personal', editable: true, version: 1, collection_ids: [company], instructions: draft.instructions },
      );
      assert.notEqual(copy.id, draft.id);

      // Administrators save it; unpublished, it is its owner's alone again.
      const saved = await t.as('admin', { method: 'PUT', url: `/api/agents/${draft.id}`, payload: { ...form(seen), description: 'For everyone', base_version: 1 } });
      assert.equal(saved.statusCode, 200, saved.body);
      assert.equal((await publish(draft.id, 'personal')).statusCode, 200);
      assert.equal((await t.as('employee', { method: 'GET', url: `/api/agents/${draft.id}` })).statusCode, 404);
      assert.equal((await t.as('employee', { method: 'GET', url: `/api/agents/${copy.id}` })).statusCode, 200, 'the copy stays');
    });

    it('exports an agent as a versioned document and imports it as a new personal agent, dropping what the importer cannot use', async () => {
      const mine = await create('employee', { ...FORM, collection_ids: [personal, company], tools: ['search_documents', 'read_document_page'], icon: 'globe' });
      const exported = await t.as('employee', { method: 'GET', url: `/api/agents/${mine.id}/export` });
      assert.equal(exported.statusCode, 200, exported.body);
      assert.match(String(exported.headers['content-disposition']), /^attachment;/);
      const document = agentExportSchema.parse(exported.json());
      assert.deepEqual({ format: document.format, format_version: document.format_version }, { format: 'assistant-agent', format_version: 1 });
      assert.deepEqual(document.agent.collections, [
        { id: personal, name: 'Mine' },
        { id: company, name: 'Policies' },
      ]);

      // Another employee imports it: the employee's personal collection is dropped and reported.
      const imported = await t.as('other', { method: 'POST', url: '/api/agents/import', payload: { ...document, agent: { ...document.agent, model_id: 'gone-model' } } });
      assert.equal(imported.statusCode, 201, imported.body);
      const result = agentImportResponseSchema.parse(imported.json());
      assert.deepEqual(result.dropped, { collection_ids: [personal], server_ids: [], model_id: 'gone-model' });
      assert.deepEqual(
        { name: result.agent.name, visibility: result.agent.visibility, editable: result.agent.editable, collection_ids: result.agent.collection_ids, tools: result.agent.tools, icon: result.agent.icon, model_id: result.agent.model_id },
        { name: 'Travel helper', visibility: 'personal', editable: true, collection_ids: [company], tools: ['search_documents', 'read_document_page'], icon: 'globe', model_id: undefined },
      );
      assert.notEqual(result.agent.id, mine.id);
      assert.equal((await t.as('employee', { method: 'GET', url: `/api/agents/${result.agent.id}` })).statusCode, 404, "the import is the importer's");

      // A document of another format, or with a wrong field, is refused with the field named.
      assert.ok(issues(await t.as('other', { method: 'POST', url: '/api/agents/import', payload: { ...document, format_version: 2 } })).some((issue) => issue.startsWith('body.format_version')));
      assert.ok(
        issues(await t.as('other', { method: 'POST', url: '/api/agents/import', payload: { ...document, agent: { ...document.agent, instructions: 'Hi {{boss}}' } } })).some((issue) =>
          issue.startsWith('body.agent.instructions: Unknown variable {{boss}}'),
        ),
      );
    });
  });
}
