// The floor for bench/chat-proxy/run.ts: a bare node:http proxy to the same scripted upstream, in
// its own process like the API server. `POST /chat/completions` is forwarded as it came (body
// bytes, content-type) over a keep-alive agent, and the upstream's status, content-type and SSE
// bytes are piped back untouched: no parsing, no JSON, no storage. Prints
// `listening <origin> <stats port>` (process-stats.ts).
//
//   BENCH_MODEL_URL=http://127.0.0.1:Q/v1 node --import tsx bench/chat-proxy/bare-proxy.ts
import { Agent, createServer, request as httpRequest } from 'node:http';
import { startProcessStats } from './process-stats';

const modelUrl = process.env.BENCH_MODEL_URL;
if (!modelUrl) throw new Error('BENCH_MODEL_URL is required');
const upstream = new URL(`${modelUrl}/chat/completions`);
const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

const server = createServer((request, response) => {
  const forwarded = httpRequest(
    {
      agent,
      host: upstream.hostname,
      port: upstream.port,
      path: upstream.pathname,
      method: 'POST',
      headers: { 'content-type': request.headers['content-type'] ?? 'application/json', ...(request.headers['content-length'] ? { 'content-length': request.headers['content-length'] } : {}) },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'text/event-stream' });
      answer.pipe(response);
    },
  );
  forwarded.on('error', () => response.destroy());
  // The client went away: the upstream request goes too.
  response.on('close', () => {
    if (!response.writableFinished) forwarded.destroy();
  });
  request.pipe(forwarded);
});
server.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const statsPort = await startProcessStats();
console.log(`listening http://127.0.0.1:${(server.address() as { port: number }).port} ${statsPort}`);

const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
