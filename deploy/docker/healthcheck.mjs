#!/usr/bin/env node
// The images' HEALTHCHECK: `node healthcheck.mjs [path]` asks http://127.0.0.1:$PORT<path> and
// exits 0 on a 2xx answer within 4 s, 1 otherwise (the slim images have no curl or wget). Without
// a path: the static image's file for its APP (static-server.mjs healthPath), else /health.
const { APP } = process.env;
const path = process.argv[2] ?? (APP ? (APP === 'host' ? '/portal-config.json' : '/mf-manifest.json') : '/health');
const port = process.env.PORT || '8080';
try {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(4000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
