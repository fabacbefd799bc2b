import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  AGENT_ERRORS,
  agentListResponseSchema,
  agentSchema,
  apiErrorSchema,
  collectionSummarySchema,
  conversationSchema,
  conversationListResponseSchema,
  messageListResponseSchema,
  uploadResponseSchema,
  type Agent,
  type CreateAgentRequestInput,
} from '@assistant/contracts';
import { startTestMcpServer } from '../../../tests/fixtures/test-mcp-server';
import { SettingsRepository } from '../db/repositories/settings-repository';
import { McpServersRepository } from '../mcp/mcp-servers-repository';
import { loadSettingsSeed } from '../settings/load-seed';
import { testConfig } from '../testing/test-config';
import { startScriptedModelServer, type ScriptRule, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import { AGENT_OPEN } from '../agents/agent-instructions';
import type { DatabaseHandle } from '../db/database';
import { defaultIngestionDependencies } from '../ingestion/default-dependencies';
import { ingestionJobRunner } from '../ingestion/ingestion-job';
import { DRAFT_UNREADABLE } from '../routes/generate-agent';
import { LOCAL_AGENT_NEEDS_SERVER } from '../routes/local-chat';
import { testDatabaseTargets } from '../testing/test-databases';
import { channelText, parseEvents } from './support/chat-test-app';
import { multipart } from './support/collections-test-app';
import { startAgentsTestApp, type AgentsTestApp } from './support/agents-test-app';

const INTENT_RULE: ScriptRule = {
  system: 'Classify the user',
  reply: JSON.stringify({ greeting: false, chitchat: false, question: true, clarification: false, unclear: false, summary: false }),
};
const TITLE_RULE: ScriptRule = { system: 'Write a short title', reply: 'Agent chat' };
const MINE = 'The travel budget is five hundred euros per trip.';
const COMPANY = 'The budget of each team is approved by the finance department.';
const ADMINS = 'The board budget code is GREEN-7.';

type User = 'employee' | 'other' | 'admin';

for (const target of testDatabaseTargets()) {
  describe(`chat with an agent, and generate-agent, on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let model: ScriptedModelServer;
    let t: AgentsTestApp;
    let mine: string;
    let company: string;
    let admins: string;

    before(async () => {
      handle = await target.open();
      model = await startScriptedModelServer({ models: ['scripted-model', 'agent-model'] });
      t = await startAgentsTestApp(handle, { OPENAI_BASE_URL: model.url });
      mine = await collectionWith('employee', 'Mine', 'mine.md', `# Travel\n\n${MINE}`);
      company = await collectionWith('admin', 'Company', 'company.txt', COMPANY, 'company');
      admins = await collectionWith('admin', 'Board', 'board.md', `# Board\n\n${ADMINS}`);
      await ingestionJobRunner({ db: handle.db, storage: t.storage, deps: defaultIngestionDependencies }).drain();
    });
    after(async () => {
      await t.close();
      await model.close();
      await handle.close();
    });
    beforeEach(() => {
      model.setScript({ rules: [INTENT_RULE, TITLE_RULE], defaultReply: 'Agent answer.' });
      model.requests.length = 0;
    });

    async function collectionWith(user: User, name: string, fileName: string, content: string, scope: 'personal' | 'company' = 'personal') {
      const created = collectionSummarySchema.parse((await t.as(user, { method: 'POST', url: '/api/collections', payload: { name, scope } })).json());
      const uploaded = await t.as(user, { method: 'POST', url: `/api/collections/${created.id}/files`, ...multipart([{ name: fileName, content }]) });
      assert.equal(uploaded.statusCode, 201, uploaded.body);
      uploadResponseSchema.parse(uploaded.json());
      return created.id;
    }
    async function agent(user: User, form: Partial<CreateAgentRequestInput>): Promise<Agent> {
      const response = await t.as(user, { method: 'POST', url: '/api/agents', payload: { name: 'Helper', instructions: 'Be brief.', ...form } });
      assert.equal(response.statusCode, 201, response.body);
      return agentSchema.parse(response.json());
    }
    async function conversation(user: User = 'employee') {
      const response = await t.as(user, { method: 'POST', url: '/api/conversations?name=Agent' });
      assert.equal(response.statusCode, 201, response.body);
      return conversationSchema.parse(response.json()).id;
    }
    const send = (conversationId: string, payload: Record<string, unknown>, user: User = 'employee') =>
      t.as(user, { method: 'POST', url: `/api/conversations/${conversationId}/messages/v2`, payload });
    async function ask(conversationId: string, payload: Record<string, unknown>, user: User = 'employee') {
      const response = await send(conversationId, payload, user);
      assert.equal(response.statusCode, 200, response.body);
      return parseEvents(response.body);
    }
    /** The answer calls (streamed), in order. */
    const answerCalls = () => model.chatRequests().filter((request) => request.stream);

    it("answers with the agent's instructions (variables filled), model and temperature, and the conversation remembers its agent", async () => {
      const travel = await agent('employee', {
        name: 'Reiseplaner',
        instructions: 'Du hilfst {{user_name}} bei Dienstreisen. Heute ist {{ date }}. Antworte immer mit "Gute Reise!".',
        model_id: 'agent-model',
        temperature: 0.3,
        starter_prompts: ['Wie buche ich einen Zug?'],
      });
      const id = await conversation();
      const events = await ask(id, { content: 'Wie buche ich einen Zug?', personality: travel.id });
      assert.equal(channelText(events, 'answer'), 'Agent answer.');

      const [first] = answerCalls();
      assert.equal(first!.body.model, 'agent-model');
      assert.equal(first!.body.temperature, 0.3);
      assert.equal(first!.tools, undefined, 'an agent without tools is offered none');
      const system = first!.systemMessage ?? '';
      const today = new Intl.DateTimeFormat('de-DE', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date());
      assert.ok(system.includes(`Du hilfst Erika Mustermann bei Dienstreisen. Heute ist ${today}.`), system);
      assert.ok(!system.includes('{{'), 'no variable is left unfilled');
      // The product's rules come first; the agent's instructions are quoted under them.
      assert.ok(system.startsWith('You are a helpful assistant'), system);
      assert.ok(system.indexOf('You are a helpful assistant') < system.indexOf(AGENT_OPEN));
      assert.match(system, /The rules above always take precedence/);

      // The next message leaves personality out: the conversation's agent still answers.
      model.requests.length = 0;
      await ask(id, { content: 'Und ein Hotel?' });
      const [second] = answerCalls();
      assert.equal(second!.body.model, 'agent-model');
      assert.ok((second!.systemMessage ?? '').includes('Du hilfst Erika Mustermann'));

      const listed = messageListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/conversations/${id}/messages` })).json());
      assert.equal(listed.agent_id, travel.id);
      assert.equal(listed.messages.length, 4);
      // The conversation list names the agent too (the chat page shows it when the conversation is reopened).
      const conversations = conversationListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/conversations' })).json()).conversations;
      assert.equal(conversations.find((entry) => entry.id === id)?.agent_id, travel.id);

      // Another agent in the same conversation: 409, nothing asked or stored.
      const other = await agent('employee', { name: 'Other' });
      model.requests.length = 0;
      const refused = await send(id, { content: 'Hi', personality: other.id });
      assert.equal(refused.statusCode, 409, refused.body);
      assert.equal(apiErrorSchema.parse(refused.json()).message, AGENT_ERRORS.otherAgent.message);
      // An agent named in a conversation that already has messages without one: 409 as well.
      const plain = await conversation();
      await ask(plain, { content: 'Hello' });
      assert.equal((await send(plain, { content: 'Hi', personality: other.id })).statusCode, 409);
      assert.equal(answerCalls().length, 1, 'only the plain question reached the model');
      // A plain conversation's messages name no agent.
      assert.equal(messageListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/conversations/${plain}/messages` })).json()).agent_id, undefined);
      const plainListed = conversationListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/conversations' })).json()).conversations;
      assert.equal(plainListed.find((entry) => entry.id === plain)?.agent_id, undefined);
    });

    it("searches the agent's collections the user may read, and never the others", async () => {
      // The administrator's agent knows the company's collection and the administrator's own one;
      // published, an employee chats with it: only the company's collection is searched for them.
      const guide = await agent('admin', { name: 'Budget guide', collection_ids: [company, admins] });
      assert.equal((await t.as('admin', { method: 'PUT', url: `/api/admin/agents/${guide.id}/visibility`, payload: { visibility: 'company' } })).statusCode, 200);

      const id = await conversation();
      const events = await ask(id, { content: 'What is the budget?', personality: guide.id });
      const tool = events.flatMap((event) => (event.kind === 'tool' && event.event.type === 'end' ? [event.event] : []));
      const found = tool.flatMap((event) => (event.type === 'end' ? event.content.map((part) => (part.type === 'resource' ? part.resource.metadata.fileName : part.text)) : []));
      assert.deepEqual(found, ['company.txt']);
      const [call] = answerCalls();
      assert.ok(call!.lastUserMessage?.includes('finance department'), call!.lastUserMessage);
      assert.ok(!call!.lastUserMessage?.includes('GREEN-7'), "the administrator's personal collection is not searched for the employee");
      assert.ok(!call!.lastUserMessage?.includes('five hundred'), "the employee's own collection is not the agent's");
      assert.match(call!.systemMessage ?? '', /from the sources you are given/);
      assert.ok((call!.systemMessage ?? '').includes(AGENT_OPEN));

      // The administrator's own chat with it searches both.
      model.requests.length = 0;
      const theirs = await conversation('admin');
      await ask(theirs, { content: 'What is the budget?', personality: guide.id }, 'admin');
      const [adminCall] = answerCalls();
      assert.ok(adminCall!.lastUserMessage?.includes('GREEN-7') && adminCall!.lastUserMessage.includes('finance department'));
    });

    it('offers only the tools the agent has', async () => {
      const searcher = await agent('employee', { name: 'Searcher', tools: ['search_documents'], collection_ids: [mine] });
      model.setScript({
        rules: [
          INTENT_RULE,
          TITLE_RULE,
          { match: /Find the budget/, offersTools: true, afterToolResults: false, toolCalls: [{ name: 'search_documents', arguments: { query: 'budget' }, id: 's-1' }] },
          { afterToolResults: true, reply: 'Five hundred euros [1].' },
        ],
      });
      const id = await conversation();
      const events = await ask(id, { content: 'Find the budget', personality: searcher.id });
      assert.equal(channelText(events, 'answer'), 'Five hundred euros [1].');
      assert.deepEqual(answerCalls()[0]!.tools, ['search_documents']);
    });

    it("offers the tools of the agent's MCP servers (feature set BETA), without the message naming them", async () => {
      const mcp = await startTestMcpServer();
      const settings = new SettingsRepository(handle.db);
      try {
        const server = await new McpServersRepository(handle.db).create({ name: 'HR', url: mcp.url, bearer_token: undefined }, 'admin');
        await settings.seedMissing({ ...(await loadSettingsSeed(testConfig('http://issuer.invalid').seedFile)), feature_set: 'BETA' });
        await settings.update({ feature_set: 'BETA' }, 'admin');
        const hr = await agent('employee', { name: 'HR helper', server_ids: [server.id] });
        const question = 'Where does Erika Mustermann sit?';
        model.setScript({
          rules: [
            INTENT_RULE,
            TITLE_RULE,
            { match: question, offersTools: true, afterToolResults: false, toolCalls: [{ name: 'hr__lookup_employee', arguments: { name: 'Erika Mustermann' }, id: 'hr-1' }] },
            { afterToolResults: true, reply: 'Room 2.14 [1].' },
          ],
        });
        const id = await conversation();
        const events = await ask(id, { content: question, personality: hr.id });
        assert.equal(channelText(events, 'answer'), 'Room 2.14 [1].');
        assert.deepEqual(answerCalls()[0]!.tools, ['hr__lookup_employee', 'hr__policy_document', 'hr__slow_tool', 'hr__failing_tool'], 'no built-in tools: the agent has none');
        assert.deepEqual(mcp.calls, ['lookup_employee']);
      } finally {
        await settings.update({ feature_set: '1' }, 'admin').catch(() => undefined);
        await mcp.close();
      }
    });

    it('answers as an agent for a conversation kept in the browser, when the agent needs neither knowledge nor tools', async () => {
      const plain = await agent('employee', { name: 'Poet', instructions: 'Answer {{user_name}} in rhymes.', model_id: 'agent-model', temperature: 1.2 });
      const response = await t.as('employee', {
        method: 'POST',
        url: '/api/chat/stream',
        payload: { payload: { content: 'Write about trains', personality: plain.id }, history: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }] },
      });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(channelText(parseEvents(response.body), 'answer'), 'Agent answer.');
      const [call] = answerCalls();
      assert.deepEqual({ model: call!.body.model, temperature: call!.body.temperature }, { model: 'agent-model', temperature: 1.2 });
      assert.ok((call!.systemMessage ?? '').includes('Answer Erika Mustermann in rhymes.'));

      const knowing = await agent('employee', { name: 'Knowing', collection_ids: [mine] });
      model.requests.length = 0;
      const refused = await t.as('employee', { method: 'POST', url: '/api/chat/stream', payload: { payload: { content: 'Hi', personality: knowing.id } } });
      assert.equal(refused.statusCode, 501, refused.body);
      assert.equal(refused.json().message, LOCAL_AGENT_NEEDS_SERVER);
      const theirs = await agent('other', { name: 'Theirs' });
      assert.equal((await t.as('employee', { method: 'POST', url: '/api/chat/stream', payload: { payload: { content: 'Hi', personality: theirs.id } } })).statusCode, 404);
      assert.equal(answerCalls().length, 0);
    });

    it("refuses another user's agent (404) and a deleted one, before anything is asked or stored", async () => {
      const private_ = await agent('other', { name: 'Private' });
      const id = await conversation();
      const refused = await send(id, { content: 'Hi', personality: private_.id });
      assert.equal(refused.statusCode, 404, refused.body);
      assert.equal(refused.json().message, AGENT_ERRORS.agentNotFound.message);
      assert.equal((await send(id, { content: 'Hi', personality: 'not-an-agent' })).statusCode, 404);

      const gone = await agent('employee', { name: 'Soon gone' });
      const withGone = await conversation();
      await ask(withGone, { content: 'Hi', personality: gone.id });
      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/agents/${gone.id}` })).statusCode, 204);
      model.requests.length = 0;
      assert.equal((await send(withGone, { content: 'Still there?' })).statusCode, 404);
      assert.equal(answerCalls().length, 0);
      const stored = messageListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/conversations/${id}/messages` })).json());
      assert.deepEqual(stored.messages, []);
    });

    it('proposes an agent form from a description, with only readable collections and offered tools, and stores nothing', async () => {
      const before = agentListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/agents' })).json()).agents.length;
      model.setScript({
        rules: [
          {
            system: 'You design an assistant',
            reply: JSON.stringify({
              name: '  Travel budget helper ',
              description: 'Answers questions about travel budgets.',
              instructions: 'You help {{user_name}} with travel budgets on {{date}}. Greet {{manager}}.',
              starter_prompts: ['What is my budget?', ' what is my budget? ', '', 'Can I fly business class?'],
              icon: 'airplane',
              temperature: 5,
              needs_knowledge: true,
              suggested_collection_ids: [mine, admins, company, 'made-up'],
              needs_tools: true,
              suggested_tools: ['search_documents', 'send_email'],
              suggested_server_ids: ['9b2f3f0e-0000-4000-8000-000000000000'],
            }),
          },
        ],
      });
      const response = await t.as('employee', { method: 'POST', url: '/api/skills/generate-agent', payload: { description: 'An assistant for travel budget questions', language: 'en' } });
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(response.json(), {
        name: 'Travel budget helper',
        description: 'Answers questions about travel budgets.',
        instructions: 'You help {{user_name}} with travel budgets on {{date}}. Greet manager.',
        starter_prompts: ['What is my budget?', 'Can I fly business class?'],
        icon: 'bot',
        temperature: 2,
        needs_knowledge: true,
        suggested_collection_ids: [mine, company],
        needs_tools: true,
        suggested_tools: ['search_documents'],
        suggested_server_ids: [],
      });
      const [call] = model.chatRequests();
      assert.equal(call!.responseFormat, 'json_schema');
      assert.ok(call!.lastUserMessage?.includes('An assistant for travel budget questions'));
      assert.ok(!call!.lastUserMessage?.includes(admins), "another user's collection is not offered to the model");
      assert.match(call!.systemMessage ?? '', /Write the texts in English/);

      // An answer that cannot be a form: 502 upstream_failed.
      for (const reply of ['not json at all', JSON.stringify({ name: '', instructions: 'x' }), JSON.stringify({ name: 'X', instructions: '   ' })]) {
        model.setScript({ rules: [{ system: 'You design an assistant', reply }] });
        const bad = await t.as('employee', { method: 'POST', url: '/api/skills/generate-agent', payload: { description: 'Something' } });
        assert.equal(bad.statusCode, 502, bad.body);
        assert.deepEqual({ code: bad.json().code, message: bad.json().message }, { code: 'upstream_failed', message: DRAFT_UNREADABLE });
      }
      assert.equal((await t.as('employee', { method: 'POST', url: '/api/skills/generate-agent', payload: { description: '  ' } })).statusCode, 400);
      const after = agentListResponseSchema.parse((await t.as('employee', { method: 'GET', url: '/api/agents' })).json()).agents.length;
      assert.equal(after, before, 'nothing was stored');
    });
  });
}
