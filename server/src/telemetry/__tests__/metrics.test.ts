import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { conversationSchema } from '@assistant/contracts';
import { startScriptedModelServer, type ScriptedModelServer } from '../../../../tests/fixtures/scripted-model-server';
import type { DatabaseHandle } from '../../db/database';
import { openTestPglite } from '../../testing/test-pglite';
import { JobQueue } from '../../jobs/job-queue';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { ServerMetrics } from '../metrics';
import { startMetricsServer } from '../metrics-http';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const CLASSIFY = { system: 'Classify the user', reply: '{"greeting":false,"chitchat":false,"question":true,"clarification":false,"unclear":false,"summary":false}' };
const ROUTE = '/api/conversations/:id/messages/v2';

/** The value of one sample of the exposition text, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => have[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('metrics', () => {
  let handle: DatabaseHandle;
  let model: ScriptedModelServer;
  let metrics: ServerMetrics;
  let t: TestApp;

  before(async () => {
    handle = await openTestPglite();
    model = await startScriptedModelServer({ models: ['scripted-model'] });
    metrics = new ServerMetrics({ db: handle.db });
    t = await startTestApp(handle, { env: { OPENAI_BASE_URL: model.url }, telemetry: { metrics, metricsToken: TOKEN } });
  });
  after(async () => {
    await t.close();
    await model.close();
  });
  beforeEach(() => {
    model.setScript({ rules: [CLASSIFY, { system: 'Write a short title', reply: 'Title' }, { match: /./, reply: 'Spring is mild.', delayMs: 5 }] });
  });

  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(response.statusCode, 200, response.body);
    assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    return response.body;
  };
  const newConversation = async () =>
    conversationSchema.parse((await t.as('employee', { method: 'POST', url: '/api/conversations?name=Metrics' })).json());

  it('counts a chat exchange by route pattern and status, times its first token, and ends with no stream open', async () => {
    const conversation = await newConversation();
    const response = await t.as('employee', { method: 'POST', url: `/api/conversations/${conversation.id}/messages/v2`, payload: { content: 'Spring?' } });
    assert.equal(response.statusCode, 200, response.body);
    const text = await scrape();
    assert.equal(sample(text, 'assistant_http_requests_total', { method: 'POST', route: ROUTE, status_code: '200' }), 1);
    assert.equal(sample(text, 'assistant_http_requests_total', { method: 'POST', route: '/api/conversations', status_code: '201' }) ?? sample(text, 'assistant_http_requests_total', { method: 'POST', route: '/api/conversations', status_code: '200' }), 1);
    assert.equal(sample(text, 'assistant_http_request_duration_seconds_count', { method: 'POST', route: ROUTE }), 1);
    assert.equal(sample(text, 'assistant_model_time_to_first_token_seconds_count', { model: 'scripted-model' }), 1);
    assert.ok((sample(text, 'assistant_model_call_duration_seconds_count', { model: 'scripted-model', streamed: 'false', outcome: 'ok' }) ?? 0) >= 1, 'the side calls (intent, title)');
    assert.equal(sample(text, 'assistant_active_streams'), 0);
    // Never the raw URL: no conversation id and no query string in any label.
    assert.doesNotMatch(text, new RegExp(conversation.id));
    assert.doesNotMatch(text, /name=Metrics/);
  });

  it('shows a stream as active while it is read', async () => {
    model.setScript({ rules: [CLASSIFY, { system: 'Write a short title', reply: 'Title' }, { match: /./, chunks: ['a', 'b', 'c', 'd', 'e'], delayMs: 150 }] });
    const conversation = await newConversation();
    const answer = t.as('employee', { method: 'POST', url: `/api/conversations/${conversation.id}/messages/v2`, payload: { content: 'Slowly?' } });
    let seen = 0;
    for (let i = 0; i < 100 && seen === 0; i++) {
      seen = sample(await scrape(), 'assistant_active_streams') ?? 0;
      if (seen === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(seen, 1, 'one stream open while the answer is read');
    assert.equal((await answer).statusCode, 200);
    assert.equal(sample(await scrape(), 'assistant_active_streams'), 0);
  });

  it('counts model errors by kind', async () => {
    model.setScript({ rules: [CLASSIFY, { system: 'Write a short title', reply: 'Title' }, { match: /./, status: 429, errorMessage: 'slow down' }] });
    const conversation = await newConversation();
    await t.as('employee', { method: 'POST', url: `/api/conversations/${conversation.id}/messages/v2`, payload: { content: 'Again?' } });
    const text = await scrape();
    assert.equal(sample(text, 'assistant_model_errors_total', { kind: 'rate_limited', model: 'scripted-model' }), 1);
    assert.equal(sample(text, 'assistant_active_streams'), 0);
  });

  it('reads the job queue depth when scraped', async () => {
    await new JobQueue(handle.db).enqueue('metrics-test', {}, { key: 'metrics-test-1' });
    const text = await scrape();
    assert.equal(sample(text, 'assistant_job_queue_depth', { kind: 'metrics-test', status: 'pending' }), 1);
    assert.equal(sample(text, 'assistant_ingestion_queue_depth', { status: 'created' }), 0);
    assert.equal(sample(text, 'assistant_stream_slots_taken'), 0);
    assert.notEqual(sample(text, 'process_cpu_user_seconds_total'), undefined, 'the process metrics');
  });

  it('refuses /metrics without the token, or with another one (401)', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      assert.equal(response.statusCode, 401, String(authorization));
      assert.doesNotMatch(response.body, /assistant_/);
    }
  });

  it('serves the metrics on a port of its own (METRICS_PORT), and nothing else there', async () => {
    const server = await startMetricsServer(metrics, { host: '127.0.0.1', port: 0 });
    try {
      const response = await fetch(server.url);
      assert.equal(response.status, 200);
      assert.match(await response.text(), /assistant_http_requests_total/);
      assert.equal((await fetch(server.url.replace('/metrics', '/api/config'))).status, 404);
    } finally {
      await server.close();
    }
  });

  it('keeps each test\'s figures apart: a registry of its own', () => {
    assert.notEqual(new ServerMetrics({ processMetrics: false }).registry, metrics.registry);
  });
});

describe('metrics off', () => {
  it('has no /metrics route without METRICS_TOKEN', async () => {
    const t = await startTestApp(undefined, { telemetry: { metrics: new ServerMetrics({ processMetrics: false }) } });
    try {
      assert.equal((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode, 404);
    } finally {
      await t.close();
    }
  });
});
