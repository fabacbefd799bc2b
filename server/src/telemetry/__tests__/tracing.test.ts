import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, beforeEach, describe, it } from 'node:test';
import { conversationSchema } from '@assistant/contracts';
import { pino } from 'pino';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../../tests/fixtures/scripted-model-server';
import type { DatabaseHandle } from '../../db/database';
import { openTestPglite } from '../../testing/test-pglite';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { serverLoggerOptions } from '../log-trace-context';
import { startTestTelemetry, type TestTelemetry } from '../testing';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const BROWSER_SPAN_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${BROWSER_SPAN_ID}-01`;
const CLASSIFY = { system: 'Classify the user', reply: '{"greeting":false,"chitchat":false,"question":true,"clarification":false,"unclear":false,"summary":false}' };

/** One trace from the browser's click through the API to the model and the database (docs/observability.md). */
describe('server traces', () => {
  let handle: DatabaseHandle;
  let model: ScriptedModelServer;
  let telemetry: TestTelemetry;
  let t: TestApp;
  const lines: Array<Record<string, unknown>> = [];

  before(async () => {
    handle = await openTestPglite({ traceQueries: true });
    telemetry = startTestTelemetry({ database: handle });
    model = await startScriptedModelServer({
      models: ['scripted-model'],
      rules: [CLASSIFY, { system: 'Write a short title', reply: 'Lisbon' }, { match: /./, reply: 'Lisbon is lovely in spring.', delayMs: 5 }],
    });
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const logger = pino(serverLoggerOptions('info', { traceContext: true }), sink);
    t = await startTestApp(handle, { env: { OPENAI_BASE_URL: model.url }, telemetry: telemetry.app, logger });
  });
  after(async () => {
    await t.close();
    await model.close();
    await telemetry.close();
  });
  beforeEach(() => {
    telemetry.reset();
    lines.length = 0;
  });

  it('continues the browser trace: request span, model call span with the HTTP call under it, database spans', async () => {
    const conversation = conversationSchema.parse((await t.as('employee', { method: 'POST', url: '/api/conversations?name=Spring%20trip' })).json());
    telemetry.reset();
    const response = await t.as('employee', {
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages/v2`,
      headers: { traceparent: TRACEPARENT },
      payload: { content: 'Where in Lisbon in spring?' },
    });
    assert.equal(response.statusCode, 200, response.body);
    await telemetry.tracing.forceFlush();
    const spans = await eventually(() => {
      const found = telemetry.spans().filter((span) => span.spanContext().traceId === TRACE_ID);
      return found.some((span) => span.attributes['gen_ai.operation.name'] === 'chat' && span.attributes['assistant.model.streamed'] === true) ? found : undefined;
    });

    const request = spans.find((span) => span.name === 'POST /api/conversations/:id/messages/v2');
    assert.ok(request, `a request span with the route: ${spans.map((s) => s.name).join(', ')}`);
    assert.equal(request.parentSpanContext?.spanId, BROWSER_SPAN_ID, 'the browser span is the parent');
    assert.equal(request.name, 'POST /api/conversations/:id/messages/v2');
    assert.equal(request.attributes['http.response.status_code'], 200);

    const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
    const descendsFromRequest = (span: (typeof spans)[number]) => {
      for (let parent = span.parentSpanContext?.spanId; parent; parent = byId.get(parent)?.parentSpanContext?.spanId) {
        if (parent === request.spanContext().spanId) return true;
      }
      return false;
    };

    const answer = spans.find((span) => span.attributes['gen_ai.operation.name'] === 'chat' && span.attributes['assistant.model.streamed'] === true)!;
    assert.ok(descendsFromRequest(answer), 'the model call is part of the request');
    assert.equal(answer.name, 'chat scripted-model');
    assert.equal(answer.attributes['gen_ai.request.model'], 'scripted-model');
    assert.equal(typeof answer.attributes['assistant.model.time_to_first_token_ms'], 'number');
    assert.ok(answer.events.some((event) => event.name === 'gen_ai.first_token'));
    const http = spans.find((span) => span.parentSpanContext?.spanId === answer.spanContext().spanId);
    assert.ok(http, 'the SDK fetch is a child span of the model call (undici instrumentation)');
    assert.equal(http.attributes['http.request.method'], 'POST');

    const queries = spans.filter((span) => span.attributes['db.system'] === 'postgresql');
    assert.ok(queries.length > 0, 'database spans');
    assert.ok(queries.every(descendsFromRequest), 'every query span belongs to the request');
    assert.ok(queries.some((span) => /insert into "messages"/.test(String(span.attributes['db.query.text']))), 'the stored message');
    // A first exchange stores its answer and title in one statement (`with "finished" as (update "messages" ...)`).
    assert.ok(queries.some((span) => /\bupdate "messages"/.test(String(span.attributes['db.query.text']))), 'the stored answer');
    assert.ok(queries.every((span) => !/Lisbon/.test(String(span.attributes['db.query.text']))), 'statements carry placeholders, not values');

    // Nothing of the conversation on any span: no prompt, no answer, no conversation name.
    const everything = JSON.stringify(spans.map((span) => ({ name: span.name, attributes: span.attributes, events: span.events })));
    assert.doesNotMatch(everything, /Lisbon|Spring trip|Spring%20trip/);
  });

  it('puts the trace id on the request\'s log lines, and no query string', async () => {
    const response = await t.as('employee', { method: 'GET', url: '/api/conversations?q=secret%20plans', headers: { traceparent: TRACEPARENT } });
    assert.equal(response.statusCode, 200, response.body);
    const own = lines.filter((line) => line.reqId !== undefined);
    assert.ok(own.length >= 2, `incoming request and request completed: ${JSON.stringify(lines)}`);
    for (const line of own) assert.equal(line.trace_id, TRACE_ID, JSON.stringify(line));
    const incoming = own.find((line) => line.msg === 'incoming request')!;
    assert.deepEqual((incoming.req as { url: string }).url, '/api/conversations');
    assert.doesNotMatch(JSON.stringify(lines), /secret|Bearer/);
  });

  it('starts a trace of its own without traceparent, and makes no query spans outside a trace', async () => {
    const response = await t.as('employee', { method: 'GET', url: '/api/conversations' });
    assert.equal(response.statusCode, 200);
    const request = await eventually(() => telemetry.spans().find((span) => span.name === 'GET /api/conversations'));
    assert.equal(request.parentSpanContext, undefined);
    telemetry.reset();
    await handle.db.selectFrom('conversations').select('id').execute();
    assert.equal(telemetry.spans().length, 0);
  });
});

async function eventually<T>(probe: () => T | undefined, timeoutMs = 3000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
