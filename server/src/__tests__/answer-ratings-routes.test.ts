import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  adminRatingsResponseSchema,
  answerRatingSchema,
  apiErrorSchema,
  conversationSchema,
  myAnswerRatingsResponseSchema,
  type AnswerRatingRequest,
} from '@assistant/contracts';
import type { InjectOptions } from 'fastify';
import type { DatabaseHandle } from '../db/database';
import { AnswerRatingsRepository } from '../ratings/answer-ratings-repository';
import { testDatabaseTargets } from '../testing/test-databases';
import { startTestApp, type TestApp } from '../testing/test-app';

/**
 * Answer ratings over HTTP with real tokens (docs/operations.md "Answer ratings"): a user's rating
 * of an answer, changed and taken back; the texts kept only when shared; another user's
 * conversation and answer are 404; the administrators' statistics by day, model, feature, agent
 * and reason.
 */
for (const target of testDatabaseTargets()) {
  describe(`answer ratings on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let t: TestApp;
    before(async () => {
      handle = await target.open();
      t = await startTestApp(handle);
    });
    after(() => t.close());

    type Person = 'employee' | 'colleague' | 'admin';
    async function as(person: Person, options: InjectOptions) {
      if (person !== 'colleague') return t.as(person, options);
      const token = await t.issuer.sign({ sub: 'colleague', email: 'colleague@example.com', roles: [], groups: [] }, { audience: t.config.auth.audience });
      return t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    }
    const rating = (overrides: Partial<AnswerRatingRequest> = {}): AnswerRatingRequest => ({
      target_kind: 'chat_message',
      target_id: randomUUID(),
      feature: 'chat',
      rating: 'up',
      ui_version: '3.250.0',
      ...overrides,
    });
    async function rate(person: Person, body: AnswerRatingRequest | Record<string, unknown>) {
      const response = await as(person, { method: 'PUT', url: '/api/feedback/answers', payload: body });
      assert.equal(response.statusCode, 200, response.body);
      return answerRatingSchema.parse(response.json());
    }
    async function mine(person: Person, query: string) {
      const response = await as(person, { method: 'GET', url: `/api/feedback/answers?${query}` });
      assert.equal(response.statusCode, 200, response.body);
      return myAnswerRatingsResponseSchema.parse(response.json()).ratings;
    }
    const stored = (targetId: string) => handle.db.selectFrom('answer_ratings').selectAll().where('target_id', '=', targetId).executeTakeFirstOrThrow();
    async function statistics(query: string) {
      const response = await t.as('admin', { method: 'GET', url: `/api/admin/ratings?${query}` });
      assert.equal(response.statusCode, 200, response.body);
      return adminRatingsResponseSchema.parse(response.json());
    }
    async function createConversation(person: Person) {
      const response = await as(person, { method: 'POST', url: '/api/conversations?name=Rated' });
      assert.equal(response.statusCode, 201, response.body);
      return conversationSchema.parse(response.json()).id;
    }
    async function addAnswer(conversationId: string, model: string) {
      const messageId = randomUUID();
      await handle.db.insertInto('messages').values({ message_id: messageId, conversation_id: conversationId, parent_message_id: null, role: 'assistant', content: 'An answer', status: 'complete', model, reasoning: null }).execute();
      return messageId;
    }

    it('stores a rating under the token’s user, changes it with a second PUT and takes it back', async () => {
      const conversationId = `local-${randomUUID()}`;
      const answer = rating({ conversation_id: conversationId, reasons: ['helpful', 'correct'], comment: '  Spot on.  ' });
      const first = await rate('employee', answer);
      assert.deepEqual({ ...first, updated_at: undefined }, {
        target_kind: 'chat_message',
        target_id: answer.target_id,
        conversation_id: conversationId,
        rating: 'up',
        reasons: ['helpful', 'correct'],
        comment: 'Spot on.',
        share_with_admins: false,
        updated_at: undefined,
      });

      const changed = await rate('employee', { ...answer, rating: 'down', reasons: ['wrong'], comment: undefined });
      assert.equal(changed.rating, 'down');
      assert.deepEqual(changed.reasons, ['wrong']);
      assert.equal(changed.comment, null);
      assert.deepEqual(await mine('employee', `conversation_id=${conversationId}`), [changed]);
      assert.deepEqual(await mine('employee', `target_kind=chat_message&target_id=${answer.target_id}`), [changed]);
      // One row per user and answer; the colleague's view of the same browser-kept id is their own.
      assert.equal((await handle.db.selectFrom('answer_ratings').select('id').where('target_id', '=', answer.target_id).execute()).length, 1);
      assert.deepEqual(await mine('colleague', `conversation_id=${conversationId}`), []);
      assert.equal((await stored(answer.target_id)).user_sub, 'employee');

      const remove = (person: Person) => as(person, { method: 'DELETE', url: `/api/feedback/answers?target_kind=chat_message&target_id=${answer.target_id}` });
      assert.equal((await remove('colleague')).statusCode, 404, 'only the user’s own rating is taken back');
      assert.equal((await remove('employee')).statusCode, 204);
      assert.equal((await remove('employee')).statusCode, 404);
      assert.deepEqual(await mine('employee', `conversation_id=${conversationId}`), []);
    });

    it('keeps the question and the answer only when the user shares them with the administrators', async () => {
      const texts = { question_text: 'What is our travel policy?', answer_text: 'Economy class below six hours.' };
      const answer = rating({ feature: 'qa', target_kind: 'qa_answer', rating: 'down', reasons: ['incomplete'], ...texts });
      await rate('employee', answer);
      assert.deepEqual([(await stored(answer.target_id)).question_text, (await stored(answer.target_id)).answer_text], [null, null]);

      await rate('employee', { ...answer, share_with_admins: true });
      assert.deepEqual([(await stored(answer.target_id)).question_text, (await stored(answer.target_id)).answer_text], [texts.question_text, texts.answer_text]);
      const today = new Date().toISOString().slice(0, 10);
      const shared = (await statistics(`from=${today}&to=${today}&feature=qa`)).comments;
      assert.equal(shared.length, 1);
      assert.deepEqual({ ...shared[0], at: undefined }, {
        at: undefined,
        rating: 'down',
        reasons: ['incomplete'],
        comment: null,
        feature: 'qa',
        model: null,
        agent_name: null,
        ...texts,
      });

      // Withdrawing the sharing drops the texts again.
      await rate('employee', { ...answer, share_with_admins: false });
      assert.deepEqual([(await stored(answer.target_id)).question_text, (await stored(answer.target_id)).answer_text], [null, null]);
      assert.deepEqual((await statistics(`from=${today}&to=${today}&feature=qa`)).comments, []);
    });

    it('answers 404 for another user’s conversation or answer, and takes the server’s own facts for the user’s', async () => {
      const conversationId = await createConversation('employee');
      const messageId = await addAnswer(conversationId, 'answer-model');
      const trace = randomUUID();
      await handle.db.insertInto('grounding_traces').values({ id: trace, owner_id: 'employee', kind: 'qa', question: 'Q', answer: 'A', model: 'qa-model', windows: '[]', conversation_id: null, message_id: null }).execute();

      const refusals = [
        await as('colleague', { method: 'PUT', url: '/api/feedback/answers', payload: rating({ conversation_id: conversationId }) }),
        await as('colleague', { method: 'PUT', url: '/api/feedback/answers', payload: rating({ target_id: messageId }) }),
        await as('colleague', { method: 'PUT', url: '/api/feedback/answers', payload: rating({ target_kind: 'qa_answer', target_id: trace, feature: 'qa' }) }),
        await as('colleague', { method: 'GET', url: `/api/feedback/answers?conversation_id=${conversationId}` }),
        await as('colleague', { method: 'GET', url: `/api/feedback/answers?target_kind=chat_message&target_id=${messageId}` }),
        // The user's own answer named with a conversation it is not in.
        await as('employee', { method: 'PUT', url: '/api/feedback/answers', payload: rating({ target_id: messageId, conversation_id: randomUUID() }) }),
      ];
      assert.deepEqual(refusals.map((response) => [response.statusCode, apiErrorSchema.parse(response.json()).code]), Array(6).fill([404, 'not_found']));
      assert.equal(await handle.db.selectFrom('answer_ratings').select('id').where('user_sub', '=', 'colleague').executeTakeFirst(), undefined);

      // The owner's rating gets the conversation and model the server kept, whatever the body says.
      const own = await rate('employee', rating({ target_id: messageId, model: 'claimed-model' }));
      assert.equal(own.conversation_id, conversationId);
      assert.equal((await stored(messageId)).model, 'answer-model');
      await rate('employee', rating({ target_kind: 'qa_answer', target_id: trace, feature: 'qa' }));
      assert.equal((await stored(trace)).model, 'qa-model');
      assert.deepEqual((await mine('employee', `conversation_id=${conversationId}`)).map((found) => found.target_id), [messageId]);
    });

    it('refuses reasons of the other rating, unknown fields and a user id in the body, with the issues', async () => {
      const response = await as('employee', {
        method: 'PUT',
        url: '/api/feedback/answers',
        payload: { ...rating({ rating: 'up', reasons: ['wrong'] }), user_sub: 'admin' },
      });
      assert.equal(response.statusCode, 400);
      const paths = (apiErrorSchema.parse(response.json()).issues ?? []).map((issue) => issue.path.join('.'));
      assert.ok(paths.includes('body.reasons'), paths.join(' | '));
      assert.ok(paths.some((path) => path.startsWith('body')) && response.body.includes('user_sub'), response.body);

      const noVersion = await as('employee', { method: 'PUT', url: '/api/feedback/answers', payload: { ...rating(), ui_version: undefined } });
      assert.equal(noVersion.statusCode, 400);
      assert.ok((apiErrorSchema.parse(noVersion.json()).issues ?? []).some((issue) => issue.path.join('.') === 'body.ui_version'));
    });

    it('counts the period’s ratings by day, model, feature, agent and reason, for administrators only', async () => {
      const agentId = randomUUID();
      await handle.db.insertInto('agents').values({ id: agentId, owner_id: 'colleague', visibility: 'personal', name: 'Travel helper', version: 1 }).execute();
      const period = { from: '2020-03-01', to: '2020-03-03' };
      const given: [Person, string, Partial<AnswerRatingRequest>][] = [
        ['employee', '2020-03-01T08:00:00Z', { rating: 'up', model: 'model-a', reasons: ['helpful'] }],
        ['employee', '2020-03-01T23:59:59Z', { rating: 'down', model: 'model-a', reasons: ['wrong', 'too_long'], comment: 'Made up a number.' }],
        ['colleague', '2020-03-03T12:00:00Z', { rating: 'up', model: 'model-b', feature: 'agents', agent_id: agentId, reasons: ['helpful'] }],
        ['colleague', '2020-03-03T13:00:00Z', { rating: 'down', feature: 'agents', agent_id: agentId, reasons: ['wrong'] }],
        // Outside the period: the day before and after.
        ['employee', '2020-02-29T23:59:59Z', { rating: 'down', model: 'model-a', reasons: ['wrong'] }],
        ['employee', '2020-03-04T00:00:00Z', { rating: 'down', model: 'model-a', reasons: ['wrong'] }],
      ];
      for (const [person, at, overrides] of given) {
        const answer = rating({ target_kind: 'app_run', ...overrides });
        await rate(person, answer);
        await handle.db.updateTable('answer_ratings').set({ created_at: new Date(at) } as never).where('target_id', '=', answer.target_id).execute();
      }

      const all = await statistics(`from=${period.from}&to=${period.to}`);
      assert.deepEqual(all.totals, { up: 2, down: 2 });
      assert.deepEqual(all.by_day, [
        { day: '2020-03-01', up: 1, down: 1 },
        { day: '2020-03-02', up: 0, down: 0 },
        { day: '2020-03-03', up: 1, down: 1 },
      ]);
      assert.deepEqual(all.by_model.sort((a, b) => a.model.localeCompare(b.model)), [
        { model: 'model-a', up: 1, down: 1 },
        { model: 'model-b', up: 1, down: 0 },
      ]);
      assert.deepEqual(all.by_feature.sort((a, b) => a.feature.localeCompare(b.feature)), [
        { feature: 'agents', up: 1, down: 1 },
        { feature: 'chat', up: 1, down: 1 },
      ]);
      assert.deepEqual(all.by_agent, [{ agent_id: agentId, agent_name: 'Travel helper', up: 1, down: 1 }]);
      assert.deepEqual(all.reasons, [
        { rating: 'up', reason: 'helpful', count: 2 },
        { rating: 'down', reason: 'wrong', count: 2 },
        { rating: 'down', reason: 'too_long', count: 1 },
      ]);
      assert.deepEqual(all.comments.map((entry) => [entry.comment, entry.model, entry.question_text]), [['Made up a number.', 'model-a', null]]);

      // Filters narrow every figure; a deleted agent keeps its ratings, without a name.
      await handle.db.deleteFrom('agents').where('id', '=', agentId).execute();
      const agents = await statistics(`from=${period.from}&to=${period.to}&agent=${agentId}`);
      assert.deepEqual(agents.totals, { up: 1, down: 1 });
      assert.deepEqual(agents.by_agent, [{ agent_id: agentId, agent_name: null, up: 1, down: 1 }]);
      assert.deepEqual((await statistics(`from=${period.from}&to=${period.to}&model=model-b`)).totals, { up: 1, down: 0 });

      assert.equal((await t.as('employee', { method: 'GET', url: `/api/admin/ratings?from=${period.from}&to=${period.to}` })).statusCode, 403);
      const tooLong = await t.as('admin', { method: 'GET', url: '/api/admin/ratings?from=2000-01-01&to=2020-01-01' });
      assert.equal(tooLong.statusCode, 400);
    });

    it('forgets what the user wrote and shared when the conversation goes, keeping the thumbs', async () => {
      const conversationId = await createConversation('employee');
      const messageId = await addAnswer(conversationId, 'answer-model');
      const shared = { share_with_admins: true, question_text: 'Q?', answer_text: 'A.', comment: 'See the answer.' };
      await rate('employee', rating({ target_id: messageId, rating: 'down', reasons: ['wrong'], ...shared }));
      const elsewhere = rating({ conversation_id: `local-${randomUUID()}`, ...shared });
      await rate('employee', elsewhere);

      assert.equal((await t.as('employee', { method: 'DELETE', url: `/api/conversations/${conversationId}` })).statusCode, 204);
      const kept = await stored(messageId);
      assert.deepEqual(
        [kept.rating, kept.reasons, kept.comment, kept.share_with_admins, kept.question_text, kept.answer_text],
        ['down', ['wrong'], null, false, null, null],
      );
      assert.equal((await stored(elsewhere.target_id)).answer_text, 'A.', 'another conversation’s rating keeps its texts');

      // All of the user's data (retention's "delete all my data"): every rating of theirs.
      const ratings = new AnswerRatingsRepository(handle.db);
      assert.equal(await ratings.forgetSharedTexts('colleague'), 0);
      assert.ok((await ratings.forgetSharedTexts('employee')) >= 1);
      assert.equal((await stored(elsewhere.target_id)).answer_text, null);
      assert.equal((await stored(elsewhere.target_id)).rating, 'up');
    });
  });
}
