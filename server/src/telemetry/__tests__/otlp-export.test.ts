import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { SpanKind, context, propagation, trace } from '@opentelemetry/api';
import { loadConfig } from '../../config';
import { startTracing, type Tracing } from '../tracing';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: {
    resourceSpans: Array<{
      resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
      scopeSpans: Array<{ spans: Array<{ traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes: Array<{ key: string; value: Record<string, unknown> }> }> }>;
    }>;
  };
}

/** A small OTLP/HTTP receiver: what a Collector's otlphttp receiver takes at POST /v1/traces. */
async function startReceiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const bytes = req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      if (req.method === 'POST' && req.url === '/v1/traces' && String(req.headers['content-type']).includes('json')) {
        received.push({ path: req.url, headers: req.headers, body: JSON.parse(bytes.toString('utf8')) as Received['body'] });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"partialSuccess":{}}');
      } else {
        res.writeHead(415).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { origin: `http://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** The real exporter (exporter-trace-otlp-http, JSON) against a receiver, configured as main.ts does from the environment. */
describe('OTLP export', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let tracing: Tracing;
  before(async () => {
    receiver = await startReceiver();
    const config = loadConfig({
      OIDC_ISSUER: 'http://127.0.0.1:1',
      OTEL_EXPORTER_OTLP_ENDPOINT: `${receiver.origin}/`,
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20collector-key,x-scope-orgid=tenant-1',
      OTEL_SERVICE_NAME: 'assistant-server-export-test',
    });
    assert.deepEqual(config.telemetry.tracing, {
      serviceName: 'assistant-server-export-test',
      tracesUrl: `${receiver.origin}/v1/traces`,
      headers: { authorization: 'Bearer collector-key', 'x-scope-orgid': 'tenant-1' },
    });
    tracing = startTracing(config.telemetry.tracing!);
  });
  after(async () => {
    await tracing.shutdown();
    await receiver.close();
  });

  it('sends spans as OTLP/HTTP JSON to <endpoint>/v1/traces with the configured headers and service name, continuing a traceparent', async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const parent = propagation.extract(context.active(), { traceparent: `00-${traceId}-b7ad6b7169203331-01` });
    const span = trace.getTracer('test').startSpan('exported', { kind: SpanKind.SERVER, attributes: { 'http.route': '/api/test' } }, parent);
    span.end();
    await tracing.forceFlush();

    assert.equal(receiver.received.length, 1);
    const [post] = receiver.received;
    assert.equal(post!.headers.authorization, 'Bearer collector-key');
    assert.equal(post!.headers['x-scope-orgid'], 'tenant-1');
    const resource = post!.body.resourceSpans[0]!;
    assert.equal(resource.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue, 'assistant-server-export-test');
    const exported = resource.scopeSpans.flatMap((scope) => scope.spans);
    assert.equal(exported.length, 1);
    assert.equal(exported[0]!.name, 'exported');
    assert.equal(exported[0]!.traceId, traceId);
    assert.equal(exported[0]!.parentSpanId, 'b7ad6b7169203331');
    assert.equal(exported[0]!.kind, 2);
  });
});

describe('tracing configuration', () => {
  it('is off without an endpoint, and with OTEL_SDK_DISABLED=true', () => {
    assert.equal(loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:1' }).telemetry.tracing, undefined);
    assert.equal(loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:1', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }).telemetry.tracing, undefined);
  });

  it('takes the traces endpoint as given, and the service name default', () => {
    const tracing = loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:1', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://tempo:4318/custom/traces' }).telemetry.tracing;
    assert.deepEqual(tracing, { serviceName: 'assistant-server', tracesUrl: 'http://tempo:4318/custom/traces', headers: {} });
  });

  it('refuses a short METRICS_TOKEN and bad OTLP headers', () => {
    assert.throws(() => loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:1', METRICS_TOKEN: 'short' }), /METRICS_TOKEN/);
    assert.throws(() => loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:1', OTEL_EXPORTER_OTLP_HEADERS: '=value' }), /OTEL_EXPORTER_OTLP_HEADERS/);
  });

  it('reads the metrics listener and token', () => {
    const { metrics } = loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:1', METRICS_PORT: '9464', METRICS_TOKEN: 'a-long-enough-secret-token' }).telemetry;
    assert.deepEqual(metrics, { port: 9464, host: '127.0.0.1', token: 'a-long-enough-secret-token' });
  });
});

describe('tracing off', () => {
  it('loads no OpenTelemetry SDK and no prom-client with the app, the database and the model provider', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'telemetry-off-'));
    writeFileSync(
      join(dir, 'hook.mjs'),
      `export async function resolve(specifier, context, next) {
        const result = await next(specifier, context);
        if (/sdk-trace|prom-client|@fastify\\/otel|exporter-trace|instrumentation-/.test(result.url)) process.stderr.write('LOADED ' + result.url + '\\n');
        return result;
      }\n`,
    );
    writeFileSync(join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hook.mjs')).href)});\n`);
    const src = resolve(import.meta.dirname, '../..');
    const script = ['app.ts', 'db/database.ts', 'inference/model-provider.ts', 'inference/embeddings.ts']
      .map((file) => `await import(${JSON.stringify(pathToFileURL(join(src, file)).href)});`)
      .join(' ');
    const { stderr, stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--import', join(dir, 'register.mjs'), '--input-type=module', '-e', `${script} console.log('ok')`], {
      cwd: resolve(src, '../..'),
    });
    assert.equal(stdout.trim(), 'ok');
    assert.doesNotMatch(stderr, /LOADED/);
  });
});
