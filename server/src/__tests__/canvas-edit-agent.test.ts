import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  CANVAS_ERRORS,
  CANVAS_MAX_CHARACTERS,
  STREAM_CONTENT_TYPE,
  STREAM_ERROR_CODES,
  apiErrorSchema,
  canvasDocumentSchema,
  canvasVersionListResponseSchema,
  conversationSchema,
  type CanvasEditEvent,
  type StreamEvent,
} from '@assistant/contracts';
import { startScriptedModelServer, type ScriptRule, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import { CANVAS_EDIT_SYSTEM_PROMPT } from '../canvas/canvas-edit-prompt';
import { EDIT_TOO_LONG } from '../canvas/canvas-edit-stream';
import type { DatabaseHandle } from '../db/database';
import { testDatabaseTargets } from '../testing/test-databases';
import { parseEvents, startChatTestApp, type ChatTestApp } from './support/chat-test-app';

const DOC = [
  '# Quarterly report',
  '',
  'Sales grew by twelve percent in the third quarter, mostly because of the new stores in the north. Costs stayed flat.',
  '',
  '## Outlook',
  '',
  'We expect further growth.',
  '',
].join('\n');
const SENTENCE = 'Sales grew by twelve percent in the third quarter, mostly because of the new stores in the north.';
const rangeOf = (text: string, document = DOC) => ({ start: document.indexOf(text), end: document.indexOf(text) + text.length });

/** The passage of the edit prompt's user message (canvas-edit-prompt.ts), with its markers. */
function passageOf(message: string): string {
  const found = /<<<passage ([0-9a-f]{8})>>>\n([\s\S]*)\n<<<end passage \1>>>/.exec(message);
  assert.ok(found, 'the user message quotes the passage');
  return found[2]!;
}

const EDIT_SYSTEM = 'You edit one passage of a Markdown document';

/** A model that answers the passage changed by `change` (word by word). */
const answering = (change: (passage: string) => string, extra: Partial<ScriptRule> = {}): ScriptRule => ({
  system: EDIT_SYSTEM,
  reply: (message) => change(passageOf(message)),
  ...extra,
});

/** A model that gives the passage back with the marked part rewritten by `rewrite`, the rest as it was. */
const rewriting = (rewrite: (selected: string) => string, extra: Partial<ScriptRule> = {}): ScriptRule =>
  answering((passage) => passage.replace(/⟦([\s\S]*)⟧/, (_, selected: string) => rewrite(selected)), extra);

const kinds = (events: StreamEvent[]) => events.map((event) => (event.kind === 'canvas_edit' ? `canvas_edit:${event.event.type}` : event.kind));
const deltaText = (events: StreamEvent[]) =>
  events.map((event) => (event.kind === 'canvas_edit' && event.event.type === 'delta' ? event.event.text : '')).join('');
function completeOf(events: StreamEvent[]): Extract<CanvasEditEvent, { type: 'complete' }> {
  const complete = events.find((event) => event.kind === 'canvas_edit' && event.event.type === 'complete');
  assert.ok(complete && complete.kind === 'canvas_edit' && complete.event.type === 'complete', 'the stream completes');
  return complete.event;
}
function lastError(events: StreamEvent[]) {
  const last = events.at(-1);
  assert.ok(last && last.kind === 'error', `the stream ends with an error: ${JSON.stringify(last)}`);
  return { code: last.code, message: last.message };
}

for (const target of testDatabaseTargets()) {
  describe(`canvas edit agent on ${target.name}`, () => {
    let handle: DatabaseHandle;
    let model: ScriptedModelServer;
    let t: ChatTestApp;
    before(async () => {
      handle = await target.open();
      model = await startScriptedModelServer();
      t = await startChatTestApp(handle, { OPENAI_BASE_URL: model.url });
    });
    after(async () => {
      await t.close();
      await model.close();
      await handle.close();
    });
    beforeEach(() => {
      model.setScript({ rules: [], defaultReply: '(no rule for this message)' });
      model.requests.length = 0;
    });

    async function canvas(markdown = DOC, user: 'employee' | 'other' = 'employee') {
      const conversation = conversationSchema.parse((await t.as(user, { method: 'POST', url: '/api/conversations?name=Report' })).json());
      const response = await t.as(user, { method: 'POST', url: `/api/conversations/${conversation.id}/canvases`, payload: { title: 'Report', markdown } });
      assert.equal(response.statusCode, 201, response.body);
      return canvasDocumentSchema.parse(response.json());
    }
    const edit = (payload: Record<string, unknown>, user: 'employee' | 'other' = 'employee', app = t) =>
      app.as(user, { method: 'POST', url: '/api/skills/canvas-edit-agent', payload });
    async function streamed(payload: Record<string, unknown>) {
      const response = await edit(payload);
      assert.equal(response.statusCode, 200, response.body);
      assert.equal(response.headers['content-type'], `${STREAM_CONTENT_TYPE}; charset=utf-8`);
      return parseEvents(response.body);
    }
    async function current(id: string) {
      return canvasDocumentSchema.parse((await t.as('employee', { method: 'GET', url: `/api/canvases/${id}` })).json());
    }
    async function versions(id: string) {
      return canvasVersionListResponseSchema.parse((await t.as('employee', { method: 'GET', url: `/api/canvases/${id}/versions` })).json()).versions;
    }
    async function rowCounts() {
      const [canvases, canvasVersions] = await Promise.all([
        t.db.selectFrom('canvases').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
        t.db.selectFrom('canvas_versions').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return [Number(canvases.n), Number(canvasVersions.n)];
    }

    it('replaces the range exactly and nothing else, streams the replacement, and stores it as version 2 by the model', async () => {
      const { id } = await canvas();
      model.setScript({ rules: [rewriting(() => 'Sales grew by 12 % in the third quarter, thanks to the new stores.')] });
      const range = rangeOf(SENTENCE);
      const events = await streamed({ document: DOC, range, instruction: ' kürzer ', canvas_id: id, base_version: 1 });

      const shape = kinds(events);
      assert.deepEqual(shape.slice(-2), ['canvas_edit:complete', 'done']);
      assert.ok(shape.slice(0, -2).every((kind) => kind === 'canvas_edit:delta'));
      assert.ok(shape.length - 2 > 3, `the replacement streams in pieces: ${shape.length - 2}`);
      const complete = completeOf(events);
      assert.equal(complete.replacement, 'Sales grew by 12 % in the third quarter, thanks to the new stores.');
      assert.equal(deltaText(events), complete.replacement, 'the deltas add up to the replacement');
      assert.deepEqual(complete.range, range);
      const expected = DOC.replace(SENTENCE, 'Sales grew by 12 % in the third quarter, thanks to the new stores.');
      assert.deepEqual(complete.version && { ...complete.version, created_at: '' }, {
        version: 2,
        author: 'model',
        instruction: 'kürzer',
        restored_from: null,
        characters: expected.length,
        created_at: '',
      });

      const stored = await current(id);
      assert.equal(stored.markdown, expected, 'the whole document: the range replaced, the rest as it was');
      assert.equal(stored.version, 2);
      assert.deepEqual(
        (await versions(id)).map(({ version, author, instruction }) => [version, author, instruction]),
        [
          [1, 'user', null],
          [2, 'model', 'kürzer'],
        ],
      );
      const first = await t.as('employee', { method: 'GET', url: `/api/canvases/${id}/versions/1` });
      assert.equal(first.json().markdown, DOC, 'version 1 kept its text');

      const [call] = model.chatRequests();
      assert.equal(call!.body.stream, true);
      assert.equal(call!.body.model, 'scripted-model');
      assert.equal(call!.systemMessage, CANVAS_EDIT_SYSTEM_PROMPT);
      assert.equal(passageOf(call!.lastUserMessage!), `⟦${SENTENCE}⟧ Costs stayed flat.`);
      assert.match(call!.lastUserMessage!, /<<<before [0-9a-f]{8}>>>\n# Quarterly report\n\n<<<end before/);
      assert.ok(call!.lastUserMessage!.endsWith('kürzer'), 'the instruction comes last');
    });

    it('rewrites the whole document when there is no range, dropping a code fence around the answer', async () => {
      const { id } = await canvas();
      model.setScript({ rules: [{ system: EDIT_SYSTEM, reply: '```markdown\n# Quartalsbericht\n\nDer Umsatz stieg um 12 %.\n```' }] });
      const events = await streamed({ document: DOC, range: null, instruction: 'Auf Deutsch und kürzer', canvas_id: id, base_version: 1 });
      const complete = completeOf(events);
      assert.deepEqual(complete.range, { start: 0, end: DOC.length });
      assert.equal(complete.replacement, '# Quartalsbericht\n\nDer Umsatz stieg um 12 %.\n', 'the document\'s own final line break kept');
      assert.equal(deltaText(events), complete.replacement);
      assert.equal((await current(id)).markdown, complete.replacement);
      assert.equal(passageOf(model.chatRequests()[0]!.lastUserMessage!), `⟦${DOC}⟧`);
    });

    it('refuses an answer that changes text outside the range at once: error edit_outside_range, the model stopped, nothing stored', async () => {
      const { id } = await canvas();
      const range = rangeOf('twelve percent');
      // The prefix ("Sales grew by ") comes back changed in the first word: refused before the rest.
      model.setScript({ rules: [answering((passage) => passage.replace('Sales', 'Revenue').replace(/[⟦⟧]/g, ''), { delayMs: 40 })] });
      const events = await streamed({ document: DOC, range, instruction: 'Zahl als Ziffer', canvas_id: id, base_version: 1 });
      assert.deepEqual(kinds(events), ['error']);
      assert.deepEqual(lastError(events), { code: 'edit_outside_range', message: STREAM_ERROR_CODES.edit_outside_range });
      await model.waitFor((requests) => requests.some((request) => request.aborted));
      assert.equal(model.chatRequests()[0]!.completed, false, 'the model was stopped');

      // The suffix changed: known only at the end; the deltas sent until then are not kept.
      model.setScript({ rules: [answering((passage) => passage.replace('⟦twelve percent⟧', '12 %').replace('Costs stayed flat.', 'Costs rose.'))] });
      const late = await streamed({ document: DOC, range, instruction: 'Zahl als Ziffer', canvas_id: id, base_version: 1 });
      assert.equal(kinds(late).includes('canvas_edit:complete'), false);
      assert.deepEqual(lastError(late), { code: 'edit_outside_range', message: STREAM_ERROR_CODES.edit_outside_range });

      const stored = await current(id);
      assert.deepEqual([stored.version, stored.markdown], [1, DOC]);
      assert.equal((await versions(id)).length, 1);
    });

    it('keeps the previous version when the client stops the edit mid-stream', async () => {
      const { id } = await canvas();
      const rewrite = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
      model.setScript({ rules: [rewriting(() => rewrite, { delayMs: 60 })] });
      const origin = await t.listen();
      const controller = new AbortController();
      const response = await fetch(`${origin}/api/skills/canvas-edit-agent`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await t.token()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ document: DOC, range: rangeOf(SENTENCE), instruction: 'länger', canvas_id: id, base_version: 1 }),
        signal: controller.signal,
      });
      assert.equal(response.status, 200);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let received = '';
      while (!received.includes('"delta"')) {
        const { value, done } = await reader.read();
        assert.equal(done, false, 'the stream ended early');
        received += decoder.decode(value, { stream: true });
      }
      controller.abort();
      await model.waitFor((requests) => requests.some((request) => request.aborted));
      assert.equal(model.chatRequests()[0]!.completed, false);
      // Longer than the rest of the answer would have taken: still nothing stored.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const stored = await current(id);
      assert.deepEqual([stored.version, stored.markdown], [1, DOC]);
      assert.deepEqual((await versions(id)).map((version) => version.version), [1]);
    });

    it('refuses a stale base_version or a document that is not its stored text with 409, before asking the model', async () => {
      const { id } = await canvas();
      const saved = await t.as('employee', { method: 'PUT', url: `/api/canvases/${id}/document`, payload: { markdown: `${DOC}More.\n`, base_version: 1 } });
      assert.equal(saved.statusCode, 200, saved.body);
      const stale = await edit({ document: DOC, range: rangeOf(SENTENCE), instruction: 'kürzer', canvas_id: id, base_version: 1 });
      assert.equal(stale.statusCode, 409, stale.body);
      assert.deepEqual([stale.json().code, stale.json().message], [CANVAS_ERRORS.staleVersion.code, CANVAS_ERRORS.staleVersion.message]);
      const mismatch = await edit({ document: DOC, range: rangeOf(SENTENCE), instruction: 'kürzer', canvas_id: id, base_version: 2 });
      assert.equal(mismatch.statusCode, 409, mismatch.body);
      assert.equal(mismatch.json().message, CANVAS_ERRORS.documentMismatch.message);
      const missingBase = await edit({ document: DOC, range: null, instruction: 'kürzer', canvas_id: id });
      assert.equal(missingBase.statusCode, 400, missingBase.body);
      assert.equal(model.chatRequests().length, 0, 'nothing reached the model');
      assert.equal((await versions(id)).length, 2);
    });

    it('does not store the edit when someone stored another version while the model wrote (error conflict)', async () => {
      const { id } = await canvas();
      model.setScript({ rules: [rewriting(() => 'Sales grew by 12 % in Q3.', { delayMs: 40 })] });
      const editing = edit({ document: DOC, range: rangeOf(SENTENCE), instruction: 'kürzer', canvas_id: id, base_version: 1 });
      await model.waitFor((requests) => requests.some((request) => request.path.endsWith('/chat/completions')));
      const saved = await t.as('employee', { method: 'PUT', url: `/api/canvases/${id}/document`, payload: { markdown: 'Mine now.', base_version: 1 } });
      assert.equal(saved.statusCode, 200, saved.body);
      const events = parseEvents((await editing).body);
      assert.equal(kinds(events).includes('canvas_edit:complete'), false);
      assert.deepEqual(lastError(events), { code: 'conflict', message: CANVAS_ERRORS.staleVersion.message });
      assert.deepEqual(
        (await versions(id)).map(({ version, author }) => [version, author]),
        [
          [1, 'user'],
          [2, 'user'],
        ],
      );
      assert.equal((await current(id)).markdown, 'Mine now.');
    });

    it('answers 404 for another user\'s canvas, before asking the model', async () => {
      const { id } = await canvas();
      const response = await edit({ document: DOC, range: null, instruction: 'kürzer', canvas_id: id, base_version: 1 }, 'other');
      assert.equal(response.statusCode, 404, response.body);
      assert.deepEqual([response.json().code, response.json().message], ['not_found', CANVAS_ERRORS.canvasNotFound.message]);
      assert.equal(model.chatRequests().length, 0);
      assert.deepEqual([(await current(id)).version, (await versions(id)).length], [1, 1]);
    });

    it('streams an edit of a browser-kept document (no canvas_id) and stores nothing; sign-in is still needed', async () => {
      await canvas();
      const before = await rowCounts();
      model.setScript({ rules: [rewriting((selected) => selected.toUpperCase())] });
      const range = rangeOf('Costs stayed flat.');
      const events = await streamed({ document: DOC, range, instruction: 'in Großbuchstaben' });
      assert.deepEqual(kinds(events).slice(-2), ['canvas_edit:complete', 'done']);
      const complete = completeOf(events);
      assert.deepEqual([complete.replacement, complete.version], ['COSTS STAYED FLAT.', undefined]);
      assert.equal(deltaText(events), 'COSTS STAYED FLAT.');
      assert.deepEqual(await rowCounts(), before, 'nothing stored');

      const anonymous = await t.app.inject({ method: 'POST', url: '/api/skills/canvas-edit-agent', payload: { document: DOC, range: null, instruction: 'kürzer' } });
      assert.equal(anonymous.statusCode, 401);
    });

    it('refuses a document over CANVAS_MAX_CHARACTERS with 413, and an edit whose result would be with error answer_too_long', async () => {
      const tooLong = await edit({ document: 'x'.repeat(CANVAS_MAX_CHARACTERS + 1), range: null, instruction: 'kürzer' });
      assert.equal(tooLong.statusCode, 413, tooLong.body);
      const body = apiErrorSchema.parse(tooLong.json());
      assert.deepEqual([body.code, body.limit], ['payload_too_large', { value: CANVAS_MAX_CHARACTERS, unit: 'characters' }]);
      assert.equal(model.chatRequests().length, 0);

      const document = `${'x'.repeat(CANVAS_MAX_CHARACTERS - 10)}\nword`;
      model.setScript({ rules: [rewriting(() => 'a much longer replacement than there is room for')] });
      const events = await streamed({ document, range: rangeOf('word', document), instruction: 'länger' });
      assert.deepEqual(lastError(events), { code: 'answer_too_long', message: EDIT_TOO_LONG });
      assert.equal(kinds(events).includes('canvas_edit:complete'), false);
    });

    it('answers 400 for an unknown model or a range past the document, 502 when the model refuses, 503 without a model', async () => {
      const unknown = await edit({ document: DOC, range: null, instruction: 'kürzer', model: 'no-such-model' });
      assert.deepEqual([unknown.statusCode, unknown.json().code], [400, 'unknown_model']);
      const past = await edit({ document: 'short', range: { start: 0, end: 6 }, instruction: 'kürzer' });
      assert.deepEqual([past.statusCode, past.json().code], [400, 'validation_failed']);
      const backwards = await edit({ document: 'short', range: { start: 3, end: 2 }, instruction: 'kürzer' });
      assert.equal(backwards.statusCode, 400);

      model.setScript({ rules: [{ status: 500, errorMessage: 'model crashed' }] });
      const refused = await edit({ document: DOC, range: null, instruction: 'kürzer' });
      assert.deepEqual([refused.statusCode, refused.json().code, refused.json().message], [502, 'upstream_failed', 'The canvas edit failed: the language model reported an error']);

      const none = await startChatTestApp(handle);
      try {
        const unavailable = await edit({ document: DOC, range: null, instruction: 'kürzer' }, 'employee', none);
        assert.deepEqual([unavailable.statusCode, unavailable.json().code], [503, 'model_unavailable']);
      } finally {
        await none.close();
      }
    });

    it('counts against the per-user model limits', async () => {
      const limited = await startChatTestApp(handle, { OPENAI_BASE_URL: model.url, MODEL_RATE_LIMIT_PER_MINUTE: '1' });
      try {
        model.setScript({ rules: [rewriting((selected) => selected)] });
        const payload = { document: DOC, range: rangeOf('Costs'), instruction: 'unverändert' };
        assert.equal((await edit(payload, 'employee', limited)).statusCode, 200);
        const second = await edit(payload, 'employee', limited);
        assert.deepEqual([second.statusCode, second.json().code], [429, 'rate_limited']);
      } finally {
        await limited.close();
      }
    });
  });
}
