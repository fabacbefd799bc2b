import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { after, before, beforeEach, describe, it } from 'node:test';
import { apiErrorSchema, collectionSummarySchema, uploadResponseSchema } from '@assistant/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { startScriptedModelServer, type ScriptRule, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import type { Database, DatabaseHandle } from '../db/database';
import { testDatabaseTargets } from '../testing/test-databases';
import { startChatTestApp, type ChatTestApp } from './support/chat-test-app';
import { PDF_BYTES, multipart, startCollectionsTestApp, type CollectionsTestApp } from './support/collections-test-app';

const INTENT_RULE: ScriptRule = {
  system: 'Classify the user',
  reply: JSON.stringify({ greeting: false, chitchat: false, question: true, clarification: false, unclear: false, summary: false }),
};
const RULES: ScriptRule[] = [
  INTENT_RULE,
  // An answer that stays open after its first word until the client goes away.
  { match: 'hold', reply: 'one two three', hangAfterChunks: 1 },
  { match: 'slow', reply: 'one two three four', delayMs: 150 },
  { match: 'refuse', status: 500, errorMessage: 'model crashed' },
];

/** A 429 of the per-user limits: retry-after in seconds, the API error body with the same wait. */
function assertRateLimited(response: LightMyRequestResponse, maxSeconds: number): number {
  assert.equal(response.statusCode, 429, response.body);
  const header = Number(response.headers['retry-after']);
  assert.ok(Number.isInteger(header) && header >= 1 && header <= maxSeconds, `retry-after ${response.headers['retry-after']}`);
  const body = apiErrorSchema.parse(response.json());
  assert.equal(body.statusCode, 429);
  assert.equal(body.error, 'Too Many Requests');
  assert.equal(body.code, 'rate_limited');
  assert.equal(body.retry_after_seconds, header);
  return header;
}

async function liveLeases(db: Database, user: string): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from stream_leases where user_id = ${user} and expires_at > now()`.execute(db);
  return result.rows[0]!.n;
}

async function waitUntil(predicate: () => Promise<boolean>, what: string, timeoutMs = 3_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Starts a chat answer over real HTTP and reads until its first answer piece: a stream in progress. */
async function openStream(t: ChatTestApp, user: 'employee' | 'other' = 'employee', content = 'hold') {
  const origin = await t.listen();
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/chat/stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await t.token(user)}`, 'content-type': 'application/json' },
    body: JSON.stringify({ payload: { content } }),
    signal: controller.signal,
  });
  assert.equal(response.status, 200);
  const reader = response.body!.getReader();
  let received = '';
  while (!received.includes('"append"')) {
    const { value, done } = await reader.read();
    assert.equal(done, false, 'the stream ended early');
    received += new TextDecoder().decode(value);
  }
  return { abort: () => controller.abort(), reader };
}

for (const target of testDatabaseTargets()) {
  describe(`per-user model rate limit on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let model: ScriptedModelServer;
    let replicaA: ChatTestApp;
    let replicaB: ChatTestApp;
    const env = { MODEL_RATE_LIMIT_PER_MINUTE: '3' };
    before(async () => {
      handle = await target.open();
      model = await startScriptedModelServer({ models: ['scripted-model'], rules: RULES, defaultReply: 'Fine.' });
      replicaA = await startChatTestApp(handle, { ...env, OPENAI_BASE_URL: model.url });
      replicaB = await startChatTestApp(handle, { ...env, OPENAI_BASE_URL: model.url });
    });
    after(async () => {
      await replicaA.close();
      await replicaB.close();
      await model.close();
      await handle.close();
    });
    beforeEach(async () => {
      await sql`delete from rate_limits`.execute(handle.db);
    });

    const chat = (t: ChatTestApp, user: 'employee' | 'other' = 'employee') =>
      t.as(user, { method: 'POST', url: '/api/chat/stream', payload: { payload: { content: 'Hi?' } } });

    it('answers the (limit+1)-th model call of a user 429 with retry-after, while another user is still served', async () => {
      for (let i = 0; i < 3; i++) {
        const response = await chat(replicaA);
        assert.equal(response.statusCode, 200, response.body);
        assert.equal(response.headers['x-ratelimit-limit'], '3');
        assert.equal(response.headers['x-ratelimit-remaining'], String(2 - i));
      }
      const calls = model.chatRequests().length;
      assertRateLimited(await chat(replicaA), 60);
      assert.equal(model.chatRequests().length, calls, 'the refused call never reached the model');
      assert.equal((await chat(replicaA, 'other')).statusCode, 200, 'another user is served');
    });

    it('counts the calls of one user on two server replicas together', async () => {
      assert.equal((await chat(replicaA)).statusCode, 200);
      assert.equal((await chat(replicaB)).statusCode, 200);
      assert.equal((await chat(replicaA)).statusCode, 200);
      assertRateLimited(await chat(replicaB), 60);
      assertRateLimited(await chat(replicaA), 60);
    });

    it('limits every model-backed route with one budget, and no other route', async () => {
      const created = await replicaA.as('employee', { method: 'POST', url: '/api/conversations?name=Limits' });
      assert.equal(created.statusCode, 201);
      const conversationId = created.json().id as string;
      for (let i = 0; i < 3; i++) assert.equal((await chat(replicaA)).statusCode, 200);

      const modelRoutes = [
        { method: 'POST' as const, url: '/api/chat/stream', payload: { payload: { content: 'Hi?' } } },
        { method: 'POST' as const, url: `/api/conversations/${conversationId}/messages/v2`, payload: { content: 'Hi?' } },
        { method: 'POST' as const, url: '/api/easy-language', payload: { text: 'Ein Satz.', locale: 'de' } },
        { method: 'POST' as const, url: '/api/translate', payload: { text: 'Hallo', source_language: 'de', target_language: 'en', engine_id: 'llm' } },
        // The use cases (docs/use-cases.md): refused before their body is read.
        { method: 'POST' as const, url: '/api/summarize', payload: { text: 'Ein Satz.' } },
        { method: 'POST' as const, url: '/api/summarize/file', payload: {} },
        { method: 'POST' as const, url: '/api/generate', payload: { template: 'email', fields: { recipient: 'Team', purpose: 'Gruß' } } },
        { method: 'POST' as const, url: '/api/transcriptions', payload: {} },
      ];
      for (const route of modelRoutes) assertRateLimited(await replicaA.as('employee', route), 60);
      assert.equal((await replicaA.as('employee', { method: 'GET', url: '/api/conversations' })).statusCode, 200);
      assert.equal((await replicaA.as('employee', { method: 'GET', url: '/api/qa/resources' })).statusCode, 200);
    });

    it('serves the user again once the window is over', async () => {
      for (let i = 0; i < 3; i++) await chat(replicaA);
      assertRateLimited(await chat(replicaA), 60);
      await sql`update rate_limits set expires_at = now() - interval '1 second'`.execute(handle.db);
      assert.equal((await chat(replicaB)).statusCode, 200);
    });
  });

  describe(`per-user cap on concurrent model streams on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let model: ScriptedModelServer;
    let t: ChatTestApp;
    let replica: ChatTestApp;
    before(async () => {
      handle = await target.open();
      model = await startScriptedModelServer({ models: ['scripted-model'], rules: RULES, defaultReply: 'Fine.' });
      const env = { MAX_CONCURRENT_STREAMS_PER_USER: '2', OPENAI_BASE_URL: model.url };
      t = await startChatTestApp(handle, env);
      replica = await startChatTestApp(handle, env);
    });
    after(async () => {
      await t.close();
      await replica.close();
      await model.close();
      await handle.close();
    });

    const chat = (app: ChatTestApp, content = 'Hi?', user: 'employee' | 'other' = 'employee') =>
      app.as(user, { method: 'POST', url: '/api/chat/stream', payload: { payload: { content } } });

    it('refuses the (N+1)-th stream of a user with 429 and a short retry-after, and accepts one again after a stream ends', async () => {
      const first = await openStream(t);
      const slow = chat(t, 'slow'); // ends by itself
      await waitUntil(async () => (await liveLeases(handle.db, 'employee')) === 2, 'two streams');
      assertRateLimited(await chat(t), 5);
      assert.equal((await chat(t, 'Hi?', 'other')).statusCode, 200, 'another user is served');

      assert.equal((await slow).statusCode, 200);
      await waitUntil(async () => (await liveLeases(handle.db, 'employee')) === 1, 'the ended stream to free its slot');
      assert.equal((await chat(t)).statusCode, 200, 'accepted after a stream ended');
      first.abort();
      await waitUntil(async () => (await liveLeases(handle.db, 'employee')) === 0, 'every slot freed');
    });

    it('frees the slot when the client goes away mid-stream', async () => {
      const first = await openStream(t);
      const second = await openStream(t);
      assert.equal(await liveLeases(handle.db, 'employee'), 2);
      assertRateLimited(await chat(t), 5);
      first.abort();
      await waitUntil(async () => (await liveLeases(handle.db, 'employee')) === 1, 'the aborted stream to free its slot');
      assert.equal((await chat(t)).statusCode, 200);
      second.abort();
      await waitUntil(async () => (await liveLeases(handle.db, 'employee')) === 0, 'every slot freed');
    });

    it('frees the slot of a call refused before streaming, and of a bad request', async () => {
      assert.equal((await chat(t, 'refuse')).statusCode, 502);
      const bad = await t.as('employee', { method: 'POST', url: '/api/chat/stream', payload: { payload: { content: '' } } });
      assert.equal(bad.statusCode, 400);
      await waitUntil(async () => (await liveLeases(handle.db, 'employee')) === 0, 'both slots freed');
    });

    it('holds across two replicas', async () => {
      const onA = await openStream(t);
      const onB = await openStream(replica);
      assertRateLimited(await chat(t), 5);
      assertRateLimited(await chat(replica), 5);
      onB.abort();
      await waitUntil(async () => (await liveLeases(handle.db, 'employee')) === 1, 'the aborted stream to free its slot');
      assert.equal((await chat(t)).statusCode, 200);
      onA.abort();
      await waitUntil(async () => (await liveLeases(handle.db, 'employee')) === 0, 'every slot freed');
    });

    it('does not count the lease of a crashed replica once it expired', async () => {
      const first = await openStream(t);
      const second = await openStream(t);
      assertRateLimited(await chat(t), 5);
      // As if the replica serving them died: nobody refreshes the leases any more.
      await sql`update stream_leases set expires_at = now() - interval '1 second' where user_id = 'employee'`.execute(handle.db);
      assert.equal((await chat(replica)).statusCode, 200);
      first.abort();
      second.abort();
    });
  });

  describe(`per-user cap on pending ingestion jobs on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let t: CollectionsTestApp;
    let collectionId: string;
    before(async () => {
      handle = await target.open();
      t = await startCollectionsTestApp(handle, { MAX_PENDING_JOBS_PER_USER: '2' });
      const created = await t.as('employee', { method: 'POST', url: '/api/collections', payload: { name: 'Reports' } });
      collectionId = collectionSummarySchema.parse(created.json()).id;
    });
    after(async () => {
      await t.close();
      await handle.close();
    });

    const upload = (user: 'employee' | 'other', id: string, names: string[]) =>
      t.as(user, { method: 'POST', url: `/api/collections/${id}/files`, ...multipart(names.map((name) => ({ name, content: PDF_BYTES }))) });

    it('refuses the next upload of a user with too many unfinished jobs, before reading its body', async () => {
      assert.equal((await upload('employee', collectionId, ['a.pdf', 'b.pdf'])).statusCode, 201);
      const stored = await t.storedFiles();
      const refused = await upload('employee', collectionId, ['c.pdf']);
      const seconds = assertRateLimited(refused, 120);
      assert.match(apiErrorSchema.parse(refused.json()).message, /2 uploaded files are still being processed/);
      assert.deepEqual(await t.storedFiles(), stored, 'nothing of the refused upload is on disk');

      // Over HTTP: the answer comes while most of the body has not been sent.
      const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const token = await t.token('employee');
      const early = await new Promise<{ status: number; retryAfter: string | undefined }>((resolve, reject) => {
        const req = httpRequest(`${origin}/api/collections/${collectionId}/files`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'multipart/form-data; boundary=x',
            'content-length': String(10 * 1024 * 1024),
          },
        });
        req.on('response', (res) => {
          res.resume();
          resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'] });
          req.destroy();
        });
        req.on('error', reject);
        req.write(Buffer.alloc(1024));
      });
      assert.equal(early.status, 429);
      assert.equal(early.retryAfter, String(seconds));

      const own = await t.as('other', { method: 'POST', url: '/api/collections', payload: { name: 'Mine' } });
      assert.equal((await upload('other', collectionSummarySchema.parse(own.json()).id, ['d.pdf'])).statusCode, 201, 'another user uploads');
    });

    it('takes uploads again once jobs finished (completed or failed)', async () => {
      await sql`update ingestion_runs set status = 'completed' where id = (select id from ingestion_runs order by created_at limit 1)`.execute(handle.db);
      assert.equal((await upload('employee', collectionId, ['e.pdf'])).statusCode, 201);
      assertRateLimited(await upload('employee', collectionId, ['f.pdf']), 120);
      await sql`update ingestion_runs set status = 'failed'`.execute(handle.db);
      assert.equal((await upload('employee', collectionId, ['g.pdf'])).statusCode, 201);
    });

    it('does not count what a library sync of the user brought in', async () => {
      // g.pdf waits; make two more waiting files a library folder's sync imported (libraries/sync/).
      const connectionId = randomUUID();
      const bindingId = randomUUID();
      await handle.db
        .insertInto('library_connections')
        .values({ id: connectionId, owner_id: 'employee', scope: 'personal', kind: 'webdav', name: 'Cloud', url: 'https://cloud.example.com/', account: 'e', credentials: 'sealed', state: 'connected' })
        .execute();
      await handle.db
        .insertInto('library_bindings')
        .values({ id: bindingId, connection_id: connectionId, collection_id: collectionId, folder_id: '/Team', folder_path: 'Team', state: 'idle', created_by: 'employee' })
        .execute();
      const synced = await upload('employee', collectionId, ['h.pdf']);
      assert.equal(synced.statusCode, 201);
      const [file] = uploadResponseSchema.parse(synced.json()).files;
      await handle.db
        .insertInto('library_items')
        .values({ binding_id: bindingId, entry_id: 'h', path: 'h.pdf', version: 'v1', size: 1, state: 'importing', file_id: file!.fileId, generation: 1 })
        .execute();
      assert.equal((await upload('employee', collectionId, ['i.pdf'])).statusCode, 201, 'one upload and one synced file wait: under the cap of 2');
      assertRateLimited(await upload('employee', collectionId, ['j.pdf']), 120);
    });
  });
}
