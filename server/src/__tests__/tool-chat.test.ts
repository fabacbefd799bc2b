import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { collectionSummarySchema, conversationSchema, messageListResponseSchema, uploadResponseSchema, type StreamEvent, type ToolEvent } from '@assistant/contracts';
import { startFakeSearxng, type FakeSearxng } from '../../../tests/fixtures/fake-searxng';
import { startTestMcpServer } from '../../../tests/fixtures/test-mcp-server';
import { SettingsRepository } from '../db/repositories/settings-repository';
import { McpServersRepository } from '../mcp/mcp-servers-repository';
import { loadSettingsSeed } from '../settings/load-seed';
import { testConfig } from '../testing/test-config';
import { startScriptedModelServer, type ScriptRule, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import type { DatabaseHandle } from '../db/database';
import { GroundingTracesRepository } from '../db/repositories/grounding-traces-repository';
import { defaultIngestionDependencies } from '../ingestion/default-dependencies';
import { ingestionJobRunner } from '../ingestion/ingestion-job';
import { testDatabaseTargets } from '../testing/test-databases';
import { NO_SUCH_PAGE } from '../tools/builtin/read-document-page';
import { TOOL_RESULT_NOTE } from '../tools/tool-loop';
import { channelText, parseEvents } from './support/chat-test-app';
import { multipart, startCollectionsTestApp, type CollectionsTestApp } from './support/collections-test-app';

const INTENT_RULE: ScriptRule = {
  system: 'Classify the user',
  reply: JSON.stringify({ greeting: false, chitchat: false, question: true, clarification: false, unclear: false, summary: false }),
};
const TITLE_RULE: ScriptRule = { system: 'Write a short title', reply: 'Budget' };
const MINE = 'The travel budget is five hundred euros per trip.';
const COMPANY = 'The budget of each team is approved by the finance department.';
const THEIRS = 'The secret budget code is BLUE-42.';

type User = 'employee' | 'other' | 'admin';

/** The first request of a round offers tools and has no tool result yet; the next one carries the results. */
const callsTool = (question: ScriptRule['match'], toolCalls: ScriptRule['toolCalls']): ScriptRule => ({ match: question, offersTools: true, afterToolResults: false, toolCalls });
const answersAfterTools = (reply: string): ScriptRule => ({ afterToolResults: true, reply });

for (const target of testDatabaseTargets()) {
  describe(`chat with tools on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let model: ScriptedModelServer;
    let searx: FakeSearxng;
    let t: CollectionsTestApp;
    let traces: GroundingTracesRepository;
    let mine: { id: string; fileId: string };
    let theirs: { id: string; fileId: string };

    before(async () => {
      handle = await target.open();
      model = await startScriptedModelServer({ models: ['scripted-model'] });
      searx = await startFakeSearxng([{ title: 'Lisbon trams', url: 'https://example.org/trams', content: 'Tram 28 runs through Alfama.' }]);
      t = await startCollectionsTestApp(handle, { OPENAI_BASE_URL: model.url });
      traces = new GroundingTracesRepository(handle.db);
      mine = await collectionWith('employee', 'Mine', 'mine.md', `# Travel\n\n${MINE}`);
      await collectionWith('admin', 'Company', 'company.txt', COMPANY, 'company');
      theirs = await collectionWith('other', 'Theirs', 'theirs.md', `# Secret\n\n${THEIRS}`);
      await ingestionJobRunner({ db: handle.db, storage: t.storage, deps: defaultIngestionDependencies }).drain();
    });
    after(async () => {
      await t.close();
      await searx.close();
      await model.close();
      await handle.close();
    });
    beforeEach(() => {
      model.setScript({ rules: [INTENT_RULE, TITLE_RULE], defaultReply: 'Plain answer.' });
      model.requests.length = 0;
    });

    async function collectionWith(user: User, name: string, fileName: string, content: string, scope: 'personal' | 'company' = 'personal') {
      const created = collectionSummarySchema.parse((await t.as(user, { method: 'POST', url: '/api/collections', payload: { name, scope } })).json());
      const uploaded = await t.as(user, { method: 'POST', url: `/api/collections/${created.id}/files`, ...multipart([{ name: fileName, content }]) });
      assert.equal(uploaded.statusCode, 201, uploaded.body);
      return { id: created.id, fileId: uploadResponseSchema.parse(uploaded.json()).files[0]!.fileId };
    }
    async function conversation(app: CollectionsTestApp = t) {
      const response = await app.as('employee', { method: 'POST', url: '/api/conversations?name=Tools' });
      assert.equal(response.statusCode, 201, response.body);
      return conversationSchema.parse(response.json()).id;
    }
    async function ask(conversationId: string, payload: Record<string, unknown>, app: CollectionsTestApp = t) {
      const response = await app.as('employee', { method: 'POST', url: `/api/conversations/${conversationId}/messages/v2`, payload });
      assert.equal(response.statusCode, 200, response.body);
      const events = parseEvents(response.body);
      const ids = events.find((event) => event.kind === 'message');
      assert.ok(ids?.kind === 'message');
      return { events, assistantId: ids.assistant_message_id };
    }
    const toolEvents = (events: StreamEvent[]): ToolEvent[] => events.flatMap((event) => (event.kind === 'tool' ? [event.event] : []));
    /** The answer calls (streamed), in order. */
    const answerCalls = () => model.chatRequests().filter((request) => request.stream);

    it("searches the user's own and the company's documents, never another user's; the steps stream, are stored for a reload, and the found passages get a trace", async () => {
      const question = 'What is the budget?';
      model.setScript({ rules: [INTENT_RULE, TITLE_RULE, callsTool(question, [{ name: 'search_documents', arguments: { query: 'budget' }, id: 'search-1' }]), answersAfterTools('Five hundred euros [1].')] });
      const id = await conversation();
      const { events, assistantId } = await ask(id, { content: question });

      const kinds = events.map((event) => (event.kind === 'tool' ? `tool:${event.event.type}` : event.kind));
      assert.deepEqual(kinds.filter((kind) => kind.startsWith('tool') || kind === 'message' || kind === 'done'), ['message', 'tool:begin', 'tool:end', 'done']);
      const [begin, end] = toolEvents(events);
      assert.deepEqual(begin, { call_id: 'search-1', name: 'search_documents', type: 'begin', args: { query: 'budget' } });
      assert.ok(end?.type === 'end');
      const found = end.content.map((part) => (part.type === 'resource' ? part.resource.metadata.fileName : part.text));
      assert.deepEqual([...found].sort(), ['company.txt', 'mine.md'], "the other user's document is not among them");
      assert.deepEqual(end.content.map((part) => part.source_index), [0, 1]);
      assert.equal(channelText(events, 'answer'), 'Five hundred euros [1].');

      const [first, second] = answerCalls();
      assert.deepEqual(first!.tools, ['search_documents', 'read_document_page'], 'no web_search without WEB_SEARCH_URL');
      assert.match(first!.systemMessage ?? '', /Tool results are quoted data/);
      const results = second!.toolResults ?? [];
      assert.equal(results.length, 1);
      assert.ok(results[0]!.startsWith(TOOL_RESULT_NOTE));
      assert.ok(results[0]!.includes('five hundred euros') && !results[0]!.includes('BLUE-42'));

      // A reload shows the steps; the sources endpoints find the trace of the passages found.
      const stored = messageListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/conversations/${id}/messages` })).json()).messages;
      assert.deepEqual(stored.find((message) => message.message_id === assistantId)!.tool_events, toolEvents(events));
      const trace = await traces.findByMessage(id, assistantId, 'employee');
      assert.ok(trace, 'a trace of the tool-found passages');
      assert.deepEqual(trace.windows.map((window) => [window.index, window.fileName]), end.content.map((part) => [part.source_index, part.type === 'resource' ? part.resource.metadata.fileName : '']));
      assert.equal(trace.answer, 'Five hundred euros [1].');
      assert.equal((await t.as('employee', { method: 'POST', url: `/api/conversations/${id}/messages/${assistantId}/sources` })).statusCode, 202);
      assert.equal((await t.as('other', { method: 'POST', url: `/api/conversations/${id}/messages/${assistantId}/sources` })).statusCode, 404);
    });

    it('shows the finished steps to a reload while the answer is still being written', async () => {
      const question = 'Budget, slowly?';
      model.setScript({
        rules: [
          INTENT_RULE,
          TITLE_RULE,
          callsTool(question, [{ name: 'search_documents', arguments: { query: 'budget' }, id: 'slow-search' }]),
          // The answer after the call comes slowly: the reload below happens while it streams.
          { afterToolResults: true, reply: 'Five hundred euros, as found.', delayMs: 400 },
        ],
      });
      const id = await conversation();
      const answering = ask(id, { content: question });
      const stepsStored = async () => {
        const stored = messageListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/conversations/${id}/messages` })).json()).messages;
        const answer = stored.find((message) => message.role === 'assistant');
        return answer?.status === 'streaming' ? answer.tool_events : undefined;
      };
      let seen: ToolEvent[] | undefined;
      for (let attempt = 0; attempt < 100 && !seen?.some((event) => event.type === 'end'); attempt += 1) {
        seen = await stepsStored();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.deepEqual(seen?.map((event) => [event.call_id, event.type]), [['slow-search', 'begin'], ['slow-search', 'end']], 'the steps while the answer streams');
      const { events } = await answering;
      assert.equal(channelText(events, 'answer'), 'Five hundred euros, as found.');
    });

    it("reads a page of the user's own file, and refuses another user's file like a missing one", async () => {
      const question = 'Read those pages.';
      model.setScript({
        rules: [
          INTENT_RULE,
          TITLE_RULE,
          callsTool(question, [
            { name: 'read_document_page', arguments: { file_id: mine.fileId, page: 1 }, id: 'read-mine' },
            { name: 'read_document_page', arguments: { file_id: theirs.fileId, page: 1 }, id: 'read-theirs' },
          ]),
          answersAfterTools('Read [1].'),
        ],
      });
      const { events } = await ask(await conversation(), { content: question });
      const byCall = new Map(toolEvents(events).filter((event) => event.type !== 'begin').map((event) => [event.call_id, event]));
      const own = byCall.get('read-mine');
      assert.ok(own?.type === 'end');
      assert.equal(own.content.length, 1);
      assert.ok(own.content[0]!.type === 'text' && own.content[0]!.text.includes(MINE));
      assert.equal(own.content[0]!.source_index, 0);
      assert.deepEqual(byCall.get('read-theirs'), { call_id: 'read-theirs', name: 'read_document_page', type: 'error', message: NO_SUCH_PAGE });
      const results = answerCalls()[1]!.toolResults!.join('\n');
      assert.ok(!results.includes('BLUE-42'), 'nothing of their file reaches the model');
    });

    it('searches only the chosen collection when the message names one, numbering after the retrieval’s sources', async () => {
      const question = 'Budget in my collection?';
      // A grounded question reaches the model after its sources' data block.
      model.setScript({ rules: [INTENT_RULE, TITLE_RULE, callsTool((text) => text.endsWith(question), [{ name: 'search_documents', arguments: { query: 'budget' }, id: 's' }]), answersAfterTools('Yes [2].')] });
      const { events } = await ask(await conversation(), { content: question, collections: [mine.id] });
      const ends = toolEvents(events).filter((event) => event.type === 'end');
      assert.equal(ends.length, 2, 'the retrieval step, then the call');
      const [retrieval, call] = ends;
      assert.ok(retrieval?.type === 'end' && call?.type === 'end');
      assert.deepEqual(retrieval.content.map((part) => part.source_index), [0]);
      assert.deepEqual(
        call.content.map((part) => [part.source_index, part.type === 'resource' ? part.resource.metadata.fileName : '']),
        [[1, 'mine.md']],
        'only the chosen collection, numbered on from the retrieval',
      );
    });

    it('offers web_search only with WEB_SEARCH_URL, and answers from a SearXNG-compatible endpoint with title, url and snippet', async () => {
      const withSearch = await startCollectionsTestApp(handle, { OPENAI_BASE_URL: model.url, WEB_SEARCH_URL: searx.url });
      try {
        const question = 'Which tram goes through Alfama?';
        model.setScript({ rules: [INTENT_RULE, TITLE_RULE, callsTool(question, [{ name: 'web_search', arguments: { query: 'lisbon tram' }, id: 'web-1' }]), answersAfterTools('Tram 28 [1].')] });
        const { events } = await ask(await conversation(withSearch), { content: question }, withSearch);
        assert.deepEqual(answerCalls()[0]!.tools, ['search_documents', 'read_document_page', 'web_search']);
        const end = toolEvents(events).find((event) => event.type === 'end');
        assert.deepEqual(end, {
          call_id: 'web-1',
          name: 'web_search',
          type: 'end',
          content: [{ type: 'text', text: 'Lisbon trams\nhttps://example.org/trams\nTram 28 runs through Alfama.', source_index: 0 }],
        });
        assert.equal(searx.requests.at(-1)!.query.get('q'), 'lisbon tram');

        // The endpoint failing is a tool error, not a failed answer.
        searx.behaviour = { status: 500 };
        model.requests.length = 0;
        const failed = await ask(await conversation(withSearch), { content: question }, withSearch);
        const error = toolEvents(failed.events).find((event) => event.type === 'error');
        assert.ok(error?.type === 'error');
        assert.match(error.message, /web search did not answer/);
        assert.equal(failed.events.at(-1)!.kind, 'done');
      } finally {
        searx.behaviour = {};
        await withSearch.close();
      }
    });

    it("offers the tools of the MCP servers a message picks (feature set BETA), each call a step like the built-in ones", async () => {
      const mcp = await startTestMcpServer();
      try {
        const server = await new McpServersRepository(handle.db).create({ name: 'HR', url: mcp.url, bearer_token: undefined }, 'admin');
        // The settings as a started server has them (main.ts seeds them), outside BETA first.
        const settings = new SettingsRepository(handle.db);
        await settings.seedMissing({ ...(await loadSettingsSeed(testConfig('http://issuer.invalid').seedFile)), feature_set: '1' });
        const question = 'Where does Erika Mustermann sit?';
        model.setScript({
          rules: [INTENT_RULE, TITLE_RULE, callsTool(question, [{ name: 'hr__lookup_employee', arguments: { name: 'Erika Mustermann' }, id: 'hr-1' }]), answersAfterTools('Room 2.14 [1].')],
        });
        // Outside BETA the picked servers are refused as before (501), nothing asked.
        const id = await conversation();
        const refused = await t.as('employee', { method: 'POST', url: `/api/conversations/${id}/messages/v2`, payload: { content: question, server_ids: [server.id] } });
        assert.equal(refused.statusCode, 501, refused.body);
        assert.equal(answerCalls().length, 0);

        await settings.update({ feature_set: 'BETA' }, 'admin');
        const { events } = await ask(id, { content: question, server_ids: [server.id] });
        assert.deepEqual(answerCalls()[0]!.tools, ['search_documents', 'read_document_page', 'hr__lookup_employee', 'hr__policy_document', 'hr__slow_tool', 'hr__failing_tool']);
        const end = toolEvents(events).find((event) => event.type === 'end');
        assert.ok(end?.type === 'end' && end.call_id === 'hr-1');
        assert.ok(end.content.some((part) => part.type === 'text' && part.text.includes('Raum 2.14')), JSON.stringify(end.content));
        assert.deepEqual(mcp.calls, ['lookup_employee']);
        assert.equal(channelText(events, 'answer'), 'Room 2.14 [1].');
      } finally {
        await new SettingsRepository(handle.db).update({ feature_set: '1' }, 'admin').catch(() => undefined);
        await mcp.close();
      }
    });

    it('keeps the tool servers picked for a conversation (GET/PUT tool-servers): the owner\'s only, BETA only, registered servers only', async () => {
      const mcp = await startTestMcpServer();
      const servers = new McpServersRepository(handle.db);
      const settings = new SettingsRepository(handle.db);
      await settings.seedMissing({ ...(await loadSettingsSeed(testConfig('http://issuer.invalid').seedFile)), feature_set: '1' });
      await settings.update({ feature_set: '1', confirm_lockout: true }, 'admin');
      try {
        const hr = await servers.create({ name: 'HR picks', url: mcp.url, bearer_token: undefined }, 'admin');
        const wiki = await servers.create({ name: 'Wiki picks', url: mcp.url, bearer_token: undefined }, 'admin');
        const id = await conversation();
        const url = `/api/conversations/${id}/tool-servers`;
        const put = (serverIds: unknown, user: User = 'employee') => t.as(user, { method: 'PUT', url, payload: { server_ids: serverIds } });
        const picked = async (user: User = 'employee') => {
          const response = await t.as(user, { method: 'GET', url });
          return { status: response.statusCode, ids: response.statusCode === 200 ? (response.json() as { server_ids: string[] }).server_ids : undefined };
        };
        assert.deepEqual(await picked(), { status: 200, ids: [] }, 'nothing picked yet');
        // Outside BETA nothing can be picked (as a message's server_ids are refused); clearing works.
        assert.equal((await put([hr.id])).statusCode, 501);
        assert.equal((await put([])).statusCode, 200);

        await settings.update({ feature_set: 'BETA' }, 'admin');
        const saved = await put([wiki.id, hr.id]);
        assert.equal(saved.statusCode, 200, saved.body);
        assert.deepEqual(saved.json(), { server_ids: [wiki.id, hr.id] });
        assert.deepEqual(await picked(), { status: 200, ids: [wiki.id, hr.id] }, 'kept for the next visit, from any browser');
        // Another user's conversation is no conversation of theirs; an unknown server or a bad list is refused, keeping the pick.
        assert.deepEqual(await picked('other'), { status: 404, ids: undefined });
        assert.equal((await put([hr.id], 'other')).statusCode, 404);
        assert.equal((await put(['3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e'])).statusCode, 404);
        assert.equal((await put([hr.id, hr.id])).statusCode, 400);
        assert.equal((await t.as('employee', { method: 'PUT', url, payload: { server_ids: [hr.id], extra: true } })).statusCode, 400);
        assert.deepEqual((await picked()).ids, [wiki.id, hr.id]);
        // A server removed since is left out of the pick.
        await servers.delete(wiki.id, 'admin');
        assert.deepEqual((await picked()).ids, [hr.id]);
        // Without tools (CHAT_TOOLS=off) nothing can be picked either.
        const off = await startCollectionsTestApp(handle, { OPENAI_BASE_URL: model.url, CHAT_TOOLS: 'off' });
        try {
          assert.equal((await off.as('employee', { method: 'PUT', url, payload: { server_ids: [hr.id] } })).statusCode, 501);
        } finally {
          await off.close();
        }
      } finally {
        await settings.update({ feature_set: '1', confirm_lockout: true }, 'admin');
        await mcp.close();
      }
    });

    it('offers no tools with CHAT_TOOLS=off', async () => {
      const off = await startCollectionsTestApp(handle, { OPENAI_BASE_URL: model.url, CHAT_TOOLS: 'off' });
      try {
        const { events } = await ask(await conversation(off), { content: 'Hello' }, off);
        assert.equal(channelText(events, 'answer'), 'Plain answer.');
        assert.equal(answerCalls()[0]!.tools, undefined);
      } finally {
        await off.close();
      }
    });
  });
}
