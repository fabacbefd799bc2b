import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { portalRuntimeConfigSchema, remoteRegistryEntrySchema, remoteRegistrySchema } from '@assistant/contracts';
import type { FastifyInstance } from 'fastify';
import { createPortalServer, portalOptionsFromEnv } from '../../scripts/serve-portal.mjs';
import { createRemoteServer } from '../../scripts/serve-remotes.mjs';

const INDEX_HTML = '<!doctype html><html><head><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>';

/** A built shell in miniature: index.html, the plain-named entry and one content-hashed chunk. */
function fakeDist(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

/** The API server stand-in: records what reaches it. */
async function stubUpstream(): Promise<{ url: string; seen: Array<{ method: string; url: string; headers: IncomingHttpHeaders }>; server: Server }> {
  const seen: Array<{ method: string; url: string; headers: IncomingHttpHeaders }> = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/api/version') return res.end(JSON.stringify({ version: '3.244.1-alpha.0' }));
    res.statusCode = 404;
    res.end(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'no route' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, server };
}

describe('serve-portal', () => {
  let portal: FastifyInstance;
  let base: string;
  let upstream: Awaited<ReturnType<typeof stubUpstream>>;
  let dist: string;

  before(async () => {
    upstream = await stubUpstream();
    dist = fakeDist({ 'index.html': INDEX_HTML, 'main.js': 'console.log(1)', 'bootstrap.0123456789.js': 'console.log(2)', 'silent-renew.html': '<!doctype html>' });
    const options = portalOptionsFromEnv({
      PORTAL_DIST: dist,
      API_URL: upstream.url,
      IDP_PORT: '18082',
      REMOTE_QA_URL: 'https://cdn.example.com/qa/v7/',
      REMOTE_CHAT_PORT: '18091',
    });
    portal = await createPortalServer({ ...options, logger: false });
    await portal.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(portal.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await portal?.close();
    upstream?.server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html for a deep link, with the security headers', async () => {
    const response = await fetch(`${base}/collections/company?x=1`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    assert.equal(await response.text(), INDEX_HTML);
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');

    const csp = response.headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    assert.equal(directive('default-src'), "default-src 'self'");
    assert.equal(directive('script-src'), "script-src 'self' http://localhost:18091 https://cdn.example.com http://localhost:8093 http://localhost:8094 http://localhost:8095");
    assert.match(directive('style-src'), /^style-src 'self' http:\/\/localhost:18091 https:\/\/cdn\.example\.com/);
    assert.match(directive('connect-src'), /^connect-src 'self' http:\/\/localhost:18082 http:\/\/localhost:18091 https:\/\/cdn\.example\.com/);
    assert.equal(directive('img-src').split(' ').slice(0, 4).join(' '), "img-src 'self' data: blob:");
    assert.equal(directive('frame-src'), "frame-src 'self' http://localhost:18082");
    assert.equal(directive('object-src'), "object-src 'none'");
    assert.equal(directive('base-uri'), "base-uri 'none'");
    assert.equal(directive('frame-ancestors'), "frame-ancestors 'none'");
  });

  it('lets only the silent-renew page be framed, and only by the portal itself', async () => {
    const response = await fetch(`${base}/silent-renew.html`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-security-policy') ?? '', /frame-ancestors 'self'$/);
  });

  it('answers a missing file with 404, not with the shell; hashed files are cached for a year', async () => {
    const missing = await fetch(`${base}/main.abcdef0123.js`);
    assert.equal(missing.status, 404);
    assert.doesNotMatch(missing.headers.get('content-type') ?? '', /html/);

    const hashed = await fetch(`${base}/bootstrap.0123456789.js`);
    assert.equal(hashed.status, 200);
    assert.equal(hashed.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal((await fetch(`${base}/main.js`)).headers.get('cache-control'), 'no-cache');
  });

  it('proxies /api to the API server with the Authorization header', async () => {
    const response = await fetch(`${base}/api/version`, { headers: { authorization: 'Bearer token-123' } });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { version: '3.244.1-alpha.0' });
    const request = upstream.seen.find((r) => r.url === '/api/version');
    assert.ok(request, 'the request reached the upstream');
    assert.equal(request.headers.authorization, 'Bearer token-123');
  });

  it('proxies /api/conductor and /nls with their headers and bodies, and never answers them with the shell', async () => {
    await fetch(`${base}/nls/search?q=x`, { headers: { authorization: 'Bearer t', 'authorization-type': 'aa_oidc' } });
    const nls = upstream.seen.find((r) => r.url === '/nls/search?q=x');
    assert.equal(nls?.headers['authorization-type'], 'aa_oidc');
    assert.equal(nls?.headers.authorization, 'Bearer t');

    const conductor = await fetch(`${base}/api/conductor/runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    assert.equal(conductor.status, 404);
    assert.deepEqual(await conductor.json(), { statusCode: 404, error: 'Not Found', message: 'no route' });
    assert.ok(upstream.seen.some((r) => r.method === 'POST' && r.url === '/api/conductor/runs'));
  });

  it('serves /remotes.json from the environment, valid against the registry contract', async () => {
    const response = await fetch(`${base}/remotes.json`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    const document = remoteRegistrySchema.parse(await response.json());
    const entries = document.remotes.map((raw) => remoteRegistryEntrySchema.parse(raw));
    assert.deepEqual(
      entries.map((e) => [e.name, e.routeBase, e.manifestUrl]),
      [
        ['chat', '/chat', 'http://localhost:18091/mf-manifest.json'],
        ['qa', '/usecases/qa', 'https://cdn.example.com/qa/v7/mf-manifest.json'],
        ['translate', '/translate', 'http://localhost:8093/mf-manifest.json'],
        ['agents', '/agents', 'http://localhost:8094/mf-manifest.json'],
        ['collections', '/collections', 'http://localhost:8095/mf-manifest.json'],
      ],
    );
    assert.equal(entries.find((e) => e.name === 'qa')?.navigation, undefined, 'QA is a use case, reached from the apps page');
  });

  it('serves /portal-config.json from the environment, valid against its contract', async () => {
    const config = portalRuntimeConfigSchema.parse(await (await fetch(`${base}/portal-config.json`)).json());
    assert.deepEqual(config, { oidc: { authority: 'http://localhost:18082', clientId: 'assistant-portal' } });
  });

  it('answers 502 when the API server is down', async () => {
    const options = portalOptionsFromEnv({ PORTAL_DIST: dist, API_URL: 'http://127.0.0.1:1' });
    const down = await createPortalServer(options);
    try {
      const response = await down.inject({ url: '/api/version' });
      assert.equal(response.statusCode, 502);
      assert.equal(response.json().message, 'The API server did not answer');
    } finally {
      await down.close();
    }
  });
});

describe('serve-portal with REMOTE_REGISTRY_FILE', () => {
  it('serves the file as it is on every request, so a team can move its remote without a restart', async () => {
    const dist = fakeDist({ 'index.html': INDEX_HTML });
    const file = join(dist, 'registry.json');
    writeFileSync(file, JSON.stringify({ remotes: [{ name: 'chat', manifestUrl: 'https://a.example/mf-manifest.json', routeBase: '/chat' }] }));
    const portal = await createPortalServer(portalOptionsFromEnv({ PORTAL_DIST: dist, REMOTE_REGISTRY_FILE: file }));
    try {
      assert.equal((await portal.inject({ url: '/remotes.json' })).json().remotes[0].manifestUrl, 'https://a.example/mf-manifest.json');
      writeFileSync(file, JSON.stringify({ remotes: [{ name: 'chat', manifestUrl: 'https://b.example/v2/mf-manifest.json', routeBase: '/chat' }] }));
      const page = await portal.inject({ url: '/chat' });
      assert.match(String(page.headers['content-security-policy']), /script-src 'self' https:\/\/b\.example;/);
      assert.equal((await portal.inject({ url: '/remotes.json' })).json().remotes[0].manifestUrl, 'https://b.example/v2/mf-manifest.json');

      writeFileSync(file, '{ not json');
      const broken = await portal.inject({ url: '/remotes.json' });
      assert.equal(broken.statusCode, 500);
      assert.equal((await portal.inject({ url: '/chat' })).statusCode, 200, 'a broken registry file does not break the shell');
    } finally {
      await portal.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('refuses to start with a registry file that does not exist', () => {
    assert.throws(() => portalOptionsFromEnv({ REMOTE_REGISTRY_FILE: '/nonexistent/registry.json' }), /REMOTE_REGISTRY_FILE: no file at/);
  });
});

describe('serve-remotes', () => {
  it('serves a remote with CORS for the portal origin only, its manifest uncached, and its standalone page for deep links', async () => {
    const dist = fakeDist({ 'mf-manifest.json': '{"id":"chat"}', 'remoteEntry.js': 'var chat;', '__federation_expose_module.0123456789.js': '1', 'index.html': INDEX_HTML });
    const remote = await createRemoteServer({ distDir: dist, allowedOrigins: ['http://localhost:8080'] });
    try {
      const manifest = await remote.inject({ url: '/mf-manifest.json', headers: { origin: 'http://localhost:8080' } });
      assert.equal(manifest.statusCode, 200);
      assert.equal(manifest.headers['access-control-allow-origin'], 'http://localhost:8080');
      assert.equal(manifest.headers['cache-control'], 'no-cache');
      assert.equal(manifest.headers['x-content-type-options'], 'nosniff');

      const other = await remote.inject({ url: '/mf-manifest.json', headers: { origin: 'https://evil.example' } });
      assert.equal(other.headers['access-control-allow-origin'], undefined);

      const chunk = await remote.inject({ url: '/__federation_expose_module.0123456789.js' });
      assert.equal(chunk.headers['cache-control'], 'public, max-age=31536000, immutable');

      const page = await remote.inject({ url: '/collections/personal' });
      assert.equal(page.statusCode, 200);
      assert.equal(page.body, INDEX_HTML);
      assert.match(String(page.headers['content-security-policy']), /default-src 'self'/);
      assert.equal((await remote.inject({ url: '/missing.js' })).statusCode, 404);
    } finally {
      await remote.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
