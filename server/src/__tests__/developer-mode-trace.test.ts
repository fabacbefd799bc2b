import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { conversationSchema } from '@assistant/contracts';
import { sideCallRules, startScriptedModelServer, type ScriptedModelServer } from '../../../tests/fixtures/scripted-model-server';
import type { DatabaseHandle } from '../db/database';
import { startTestTelemetry, type TestTelemetry } from '../telemetry/testing';
import { openTestPglite } from '../testing/test-pglite';
import { startTestApp, type TestApp } from '../testing/test-app';
import { parseEvents } from './support/chat-test-app';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

// A process of its own: the test telemetry registers the tracer provider globally.
describe('developer mode with tracing on', () => {
  let handle: DatabaseHandle;
  let model: ScriptedModelServer;
  let telemetry: TestTelemetry;
  let t: TestApp;

  before(async () => {
    handle = await openTestPglite();
    telemetry = startTestTelemetry({ database: handle });
    model = await startScriptedModelServer({ models: ['scripted-model'], rules: [...sideCallRules('Trace'), { match: /./, reply: 'Traced.' }] });
    t = await startTestApp(handle, {
      env: { OPENAI_BASE_URL: model.url, TRACE_VIEWER_URL: 'https://jaeger.example/trace/{traceId}?uiFind=assistant' },
      telemetry: telemetry.app,
    });
  });
  after(async () => {
    await t.close();
    await model.close();
    await telemetry.close();
  });

  it('names the request’s trace in an answer’s details and links it in the configured trace viewer', async () => {
    const conversation = conversationSchema.parse((await t.as('employee', { method: 'POST', url: '/api/conversations?name=Trace' })).json());
    const response = await t.as('employee', {
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages/v2`,
      headers: { traceparent: TRACEPARENT },
      payload: { content: 'Which trace?', developer_mode: true },
    });
    assert.equal(response.statusCode, 200, response.body);
    const details = parseEvents(response.body).find((event) => event.kind === 'details');
    assert.equal(details?.kind === 'details' && details.details.trace_id, TRACE_ID);
    assert.equal(details?.kind === 'details' && details.details.trace_url, `https://jaeger.example/trace/${TRACE_ID}?uiFind=assistant`);
  });
});
