import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  apiErrorSchema,
  inContextSourcesResponseSchema,
  originalOfSourceUrl,
  pageRangesOf,
  parseSourceUrl,
  qaSourcesResponseSchema,
} from '@assistant/contracts';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import type { DatabaseHandle } from '../db/database';
import { ConversationsRepository } from '../db/repositories/conversations-repository';
import { GroundingTracesRepository } from '../db/repositories/grounding-traces-repository';
import { GROUNDED_SYSTEM_PROMPT, SOURCES_CLOSE, SOURCES_OPEN } from '../grounding/grounded-prompt';
import { JUDGE_SYSTEM_PROMPT } from '../grounding/judge-sources';
import { retrieveWindows } from '../grounding/retrieve-windows';
import { SOURCES_FAILURES } from '../grounding/sources-job';
import { seedCollection, seedDocument } from '../grounding/__tests__/seed-documents';
import { startQaTestApp, type QaTestApp } from '../grounding/__tests__/qa-test-app';
import { testDatabaseTargets } from '../testing/test-databases';
import { parseEvents } from './support/chat-test-app';

const CONTRACT_PAGES = [
  'Allgemeine Regeln gelten für alle Beschäftigten.\nDie Kündigungsfrist des Arbeitsvertrages\nbeträgt drei Monate zum',
  'Ende eines Quartals. Urlaub wird schriftlich beantragt.',
];
const POLICY = 'Die Kündigungsfrist beträgt laut Richtlinie einen Monat. Das gilt für neue Verträge.';
const POLICY_ORIGINAL = 'https://contoso.sharepoint.com/sites/hr/Shared%20Documents/Richtlinie.docx';

/** The grounded model: cites the window that says "drei Monate" and the one that says "einen Monat". */
function groundedReply(message: string): string {
  const entries = JSON.parse(message.slice(message.indexOf(SOURCES_OPEN) + SOURCES_OPEN.length, message.lastIndexOf(SOURCES_CLOSE))) as Array<{
    n: number;
    text: string;
  }>;
  const backing = entries.find((entry) => entry.text.includes('drei Monate'))!;
  const other = entries.find((entry) => entry.text.includes('einen Monat'))!;
  return `Die Kündigungsfrist beträgt drei Monate zum Quartalsende [${backing.n}]; eine Richtlinie nennt einen Monat [${other.n}].`;
}

/** A judge that reads its sentences: "drei Monate" supports, "einen Monat" contradicts, the rest is unrelated. */
function fairJudge(message: string): string {
  const input = JSON.parse(message) as { sources: Array<{ n: number; sentences: Array<{ s: number; text: string }> }> };
  return JSON.stringify({
    sources: input.sources.map((source) => ({
      n: source.n,
      sentences: source.sentences.map((sentence) => {
        if (/drei Monate/.test(sentence.text)) return { s: sentence.s, label: 'supports', strength: 0.9 };
        if (/einen Monat/.test(sentence.text)) return { s: sentence.s, label: 'contradicts', strength: 0.75 };
        return { s: sentence.s, label: 'unrelated', strength: 0 };
      }),
    })),
  });
}

const RULES = [
  { system: JUDGE_SYSTEM_PROMPT, reply: fairJudge },
  { system: GROUNDED_SYSTEM_PROMPT, reply: groundedReply },
];

for (const target of testDatabaseTargets().slice(0, 1)) {
  describe(`QA and message sources on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let model: ScriptedModelServer;
    let t: QaTestApp;
    let collections: string[];
    let contractFile: string;
    let policyFile: string;

    const ask = async (question = 'Wie lang ist die Kündigungsfrist?') => {
      const response = await t.as('employee', { method: 'POST', url: '/api/qa/chat', payload: { question, collections } });
      assert.equal(response.statusCode, 200, response.body);
      const first = parseEvents(response.body)[0]!;
      assert.ok(first.kind === 'intent');
      return first.event.payload.trace_id;
    };
    const trigger = (traceId: string, user: 'employee' | 'other' = 'employee') => t.as(user, { method: 'POST', url: `/api/qa/sources/${traceId}` });
    const sources = (traceId: string, user: 'employee' | 'other' = 'employee') => t.as(user, { method: 'GET', url: `/api/qa/sources/${traceId}` });
    const judgeCalls = () => model.chatRequests().filter((call) => call.systemMessage === JUDGE_SYSTEM_PROMPT);

    before(async () => {
      handle = await target.open();
      model = await startScriptedModelServer({ rules: RULES });
      t = await startQaTestApp(handle, { OPENAI_BASE_URL: model.url });
      const mine = await seedCollection(handle.db, 'employee', 'Verträge');
      const company = await seedCollection(handle.db, null, 'Richtlinien');
      collections = [mine, company];
      contractFile = await seedDocument(handle.db, { collectionId: mine, name: 'Arbeitsvertrag.pdf', pages: CONTRACT_PAGES });
      policyFile = await seedDocument(handle.db, { collectionId: company, name: 'Richtlinie.docx', pages: [POLICY], mediaType: 'text/plain' });
      // Synced from a document library (libraries/sync/): the file keeps its original's address.
      await handle.db.updateTable('files').set({ source_url: POLICY_ORIGINAL }).where('id', '=', policyFile).execute();
    });
    after(async () => {
      await t.close();
      await model.close();
      await handle.close();
    });

    it('is not ready until the job ran, then answers the judged sources: supporting and conflicting, exact highlights', async () => {
      const traceId = await ask();
      const early = await sources(traceId);
      assert.equal(early.statusCode, 409);
      assert.equal(apiErrorSchema.parse(early.json()).code, 'sources_not_ready');

      const nudged = t.nudges();
      const started = await trigger(traceId);
      assert.equal(started.statusCode, 202);
      assert.equal(started.json().status, 'pending');
      assert.equal(t.nudges(), nudged + 1);
      // Asking twice is one job.
      assert.equal((await trigger(traceId)).statusCode, 202);
      const pending = await sources(traceId);
      assert.equal(pending.statusCode, 409);
      assert.equal(apiErrorSchema.parse(pending.json()).code, 'sources_not_ready');

      model.requests.length = 0;
      await t.drainJobs();
      assert.equal(judgeCalls().length, 1);
      const ready = await sources(traceId);
      assert.equal(ready.statusCode, 200, ready.body);
      const body = qaSourcesResponseSchema.parse(ready.json());
      assert.equal(body.trace_id, traceId);

      const contract = body.qa_sources.find((source) => source.source_name === 'Arbeitsvertrag.pdf')!;
      assert.equal(contract.supporting, true);
      assert.equal(contract.highlights.length, 1);
      const [highlight] = contract.highlights;
      assert.equal(highlight!.score, 0.9);
      assert.equal(contract.source_text.slice(highlight!.start, highlight!.end), 'Die Kündigungsfrist des Arbeitsvertrages\nbeträgt drei Monate zum\nEnde eines Quartals.');
      // The highlight's place in the document: the end of page 1 and the start of page 2, exactly.
      const location = parseSourceUrl(contract.source_url)!;
      assert.equal(location.fileId, contractFile);
      assert.equal(new URL(contract.source_url!).origin, 'http://portal.example');
      const ranges = pageRangesOf(location.segments, highlight!.start, highlight!.end);
      assert.deepEqual(
        ranges.map((range) => CONTRACT_PAGES[range.page - 1]!.slice(range.start, range.end)),
        ['Die Kündigungsfrist des Arbeitsvertrages\nbeträgt drei Monate zum', 'Ende eines Quartals.'],
      );

      const policy = body.qa_sources.find((source) => source.source_name === 'Richtlinie.docx')!;
      assert.equal(policy.supporting, false);
      assert.deepEqual(
        policy.highlights.map((h) => [policy.source_text.slice(h.start, h.end), h.score]),
        [['Die Kündigungsfrist beträgt laut Richtlinie einen Monat.', -0.75]],
      );
      // The synced file's source links to its original; the passage's location rides in the fragment.
      assert.equal(originalOfSourceUrl(policy.source_url), POLICY_ORIGINAL);
      assert.equal(parseSourceUrl(policy.source_url)?.fileId, policyFile);
      assert.equal(originalOfSourceUrl(contract.source_url), null, 'an uploaded file stays a portal source');

      // Asking again once they are there changes nothing.
      const again = await trigger(traceId);
      assert.equal(again.json().status, 'completed');
      model.requests.length = 0;
      await t.drainJobs();
      assert.equal(judgeCalls().length, 0);
    });

    it('answers 404 for another user\'s trace and for one that does not exist', async () => {
      const traceId = await ask();
      for (const response of [await trigger(traceId, 'other'), await sources(traceId, 'other'), await sources(randomUUID()), await trigger(randomUUID())]) {
        assert.equal(response.statusCode, 404);
        assert.equal(apiErrorSchema.parse(response.json()).code, 'not_found');
      }
      assert.equal((await sources('not-a-uuid')).statusCode, 400);
    });

    it('fails with sources_failed when the judgement does not hold twice, inventing nothing', async () => {
      const traceId = await ask();
      model.setScript({ rules: [{ system: JUDGE_SYSTEM_PROMPT, reply: '{"sources":[{"n":1,"sentences":[{"s":99,"label":"supports","strength":1}]}]}' }, ...RULES] });
      model.requests.length = 0;
      await trigger(traceId);
      await t.drainJobs();
      assert.equal(judgeCalls().length, 2);
      const failed = await sources(traceId);
      assert.equal(failed.statusCode, 422);
      const error = apiErrorSchema.parse(failed.json());
      assert.equal(error.code, 'sources_failed');
      assert.equal(error.message, SOURCES_FAILURES.judge);
      assert.equal((await new GroundingTracesRepository(handle.db).find(traceId, 'employee'))?.sources, null);

      // Triggered again once the model judges properly: computed.
      model.setScript({ rules: RULES });
      assert.equal((await trigger(traceId)).json().status, 'pending');
      assert.equal((await sources(traceId)).statusCode, 409);
      await t.drainJobs();
      assert.equal((await sources(traceId)).statusCode, 200);
    });

    it('fails with sources_failed when no model is reachable', async () => {
      const traceId = await ask();
      const offline = await startQaTestApp(handle, { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
      try {
        assert.equal((await offline.as('employee', { method: 'POST', url: `/api/qa/sources/${traceId}` })).statusCode, 202);
        await offline.drainJobs();
        const failed = await offline.as('employee', { method: 'GET', url: `/api/qa/sources/${traceId}` });
        assert.equal(failed.statusCode, 422);
        assert.equal(apiErrorSchema.parse(failed.json()).code, 'sources_failed');
        assert.equal((await new GroundingTracesRepository(handle.db).find(traceId, 'employee'))?.sources, null);
      } finally {
        await offline.close();
      }
    });

    it('fails with sources_failed for an answer that had no passages', async () => {
      const traceId = await ask('Wann öffnet die Kantine?');
      await trigger(traceId);
      await t.drainJobs();
      const failed = await sources(traceId);
      assert.equal(failed.statusCode, 422);
      assert.equal(apiErrorSchema.parse(failed.json()).message, SOURCES_FAILURES.noPassages);
    });

    it('computes a chat message\'s in-context sources through the same job, for its owner only', async () => {
      const conversations = new ConversationsRepository(handle.db);
      const conversation = await conversations.create('employee', 'Verträge');
      const messageId = randomUUID();
      const traces = new GroundingTracesRepository(handle.db);
      const question = 'Wie lang ist die Kündigungsfrist?';
      const windows = await retrieveWindows({ db: handle.db, retriever: t.retriever, question, collectionIds: collections, maxCharacters: 24_000 });
      const traceId = await traces.create({ owner: 'employee', kind: 'chat', question, windows, model: 'scripted-model', conversationId: conversation.id, messageId });
      await traces.complete(traceId, groundedReply(`${SOURCES_OPEN}${JSON.stringify(windows.map((w) => ({ n: w.index + 1, text: w.text })))}${SOURCES_CLOSE}`));
      const url = `/api/conversations/${conversation.id}/messages/${messageId}/sources`;

      assert.equal((await t.as('employee', { method: 'GET', url })).statusCode, 409);
      assert.equal((await t.as('other', { method: 'POST', url })).statusCode, 404);
      assert.equal((await t.as('employee', { method: 'POST', url })).statusCode, 202);
      assert.equal((await t.as('employee', { method: 'GET', url })).json().code, 'sources_not_ready');
      await t.drainJobs();

      const ready = await t.as('employee', { method: 'GET', url });
      assert.equal(ready.statusCode, 200, ready.body);
      const body = inContextSourcesResponseSchema.parse(ready.json());
      assert.equal(body.trace_id, traceId);
      assert.equal(body.highlighted_sources.length, 1);
      const { supporting, conflicting } = body.highlighted_sources[0]!;
      assert.deepEqual(
        supporting.map((s) => [s.source_name, s.source_label, s.highlights.map((h) => h.relevancy)]),
        [['Arbeitsvertrag.pdf', 'S. 1–2', [0.9]]],
      );
      assert.equal(supporting[0]!.source_index, windows.find((w) => w.fileId === contractFile)!.index);
      assert.deepEqual(
        conflicting.map((s) => [s.source_name, s.source_label, s.text.slice(s.highlights[0]!.start, s.highlights[0]!.end)]),
        [['Richtlinie.docx', 'S. 1', 'Die Kündigungsfrist beträgt laut Richtlinie einen Monat.']],
      );

      // Another user, an unknown message, a QA trace id as a message: 404; the QA endpoint does not serve chat traces.
      assert.equal((await t.as('other', { method: 'GET', url })).statusCode, 404);
      assert.equal((await t.as('employee', { method: 'GET', url: `/api/conversations/${conversation.id}/messages/${randomUUID()}/sources` })).statusCode, 404);
      assert.equal((await sources(traceId)).statusCode, 404);

      // The trace goes with its conversation.
      await conversations.delete('employee', conversation.id);
      assert.equal((await t.as('employee', { method: 'GET', url })).statusCode, 404);
    });
  });
}
