// What a bench child process reports about itself, on a port of its own (so the figures need no
// route in the product and no token): CPU used so far and the event loop's delay over a window.
//
//   GET /cpu        {"user": µs, "system": µs}  (process.cpuUsage())
//   GET /eld/start  starts a fresh event-loop delay histogram (monitorEventLoopDelay, Node's
//                   default resolution of 10 ms: each figure includes the 10 ms timer interval)
//   GET /eld/stop   stops it: {"p50": ms, "p99": ms, "max": ms, "count": n}
//   GET /<name>     a process's own figure (`extra`: the API server's database round trip and
//                   statement count)
//
// The histogram only runs between start and stop, so its timer does not count in the CPU figures
// of the other phases.
import { createServer } from 'node:http';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';

export async function startProcessStats(extra: Record<string, () => Promise<unknown>> = {}): Promise<number> {
  let histogram: IntervalHistogram | undefined;
  const server = createServer(async (request, response) => {
    let body: unknown;
    const own = extra[request.url?.slice(1) ?? ''];
    if (own) {
      body = await own();
    } else if (request.url === '/cpu') {
      body = process.cpuUsage();
    } else if (request.url === '/eld/start') {
      histogram?.disable();
      histogram = monitorEventLoopDelay();
      histogram.enable();
      body = { started: true };
    } else if (request.url === '/eld/stop' && histogram) {
      histogram.disable();
      body = { p50: histogram.percentile(50) / 1e6, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6, count: histogram.count };
      histogram = undefined;
    } else {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return (server.address() as { port: number }).port;
}
