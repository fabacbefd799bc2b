import { timingSafeEqual, createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { ServerMetrics } from './metrics';

/**
 * Counts every answered request by route pattern and status, and times it (onResponse: a
 * streamed answer counts once its last line went out). Register before the routes.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: ServerMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
}

/**
 * GET /metrics on the API's own port, for Prometheus with `Authorization: Bearer <METRICS_TOKEN>`
 * (compared in constant time); anything else is a 401. Not part of /api: no user token, no CORS.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: ServerMetrics, token: string): void {
  const expected = digest(token);
  app.get('/metrics', { config: { public: true, otel: false } }, async (request, reply) => {
    const match = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
    if (!match || !timingSafeEqual(digest(match[1]!), expected)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ message: 'The metrics need the METRICS_TOKEN as a bearer token' });
    }
    const { contentType, body } = await metrics.scrape();
    return reply.header('content-type', contentType).send(body);
  });
}

/** Equal-length buffers for timingSafeEqual, whatever the lengths of the tokens. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * A listener of its own for Prometheus (METRICS_PORT on METRICS_HOST, 127.0.0.1 by default):
 * GET /metrics, nothing else. No token: keep the port off the public network. With several server
 * processes the primary runs it over the workers' added-up figures (cluster/cluster-metrics.ts).
 */
export async function startMetricsServer(metrics: Pick<ServerMetrics, 'scrape'>, { host, port }: { host: string; port: number }): Promise<{ server: Server; url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(`metrics failed: ${error instanceof Error ? error.message : String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${boundPort}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
