import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { portalRuntimeConfigSchema, remoteRegistryEntrySchema, remoteRegistrySchema } from '@assistant/contracts';
import type { FastifyInstance } from 'fastify';
import webpack from 'webpack';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { precompressDist } from '../../scripts/build-portal.mjs';
import { cacheControlFor, createPortalServer, portalOptionsFromEnv, sourceMapsServed } from '../../scripts/serve-portal.mjs';
import { createRemoteServer } from '../../scripts/serve-remotes.mjs';
import { shellInitialJs } from '../../scripts/shell-size.mjs';

const INDEX_HTML = '<!doctype html><html><head><script defer src="/main.js"></script></head><body><div id="root"></div></body></html>';
/** The shell's page as served: the template with the inlined start-up values before `</head>`. */
function assertShellPage(html: string): { portalConfig?: unknown; registry?: unknown } {
  assert.ok(html.startsWith('<!doctype html><html><head><script defer src="/main.js"></script>'), html.slice(0, 200));
  assert.ok(html.endsWith('</head><body><div id="root"></div></body></html>'), html.slice(-200));
  const tag = /<script type="application\/json" id="portal-startup">(.*?)<\/script>/.exec(html);
  assert.ok(tag, 'the start-up values are inlined');
  return JSON.parse(tag[1]!);
}

const SOURCE_MAP = '{"version":3,"sources":["webpack://host/./src/index.ts"],"mappings":""}';

/** Features the portal never uses: each must be switched off (`feature=()`) on every page. */
const DISABLED_FEATURES = ['camera', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'bluetooth', 'midi', 'display-capture'];

function assertPermissionsPolicy(value: unknown) {
  const directives = String(value ?? '').split(/,\s*/);
  for (const feature of DISABLED_FEATURES) assert.ok(directives.includes(`${feature}=()`), `Permissions-Policy turns off ${feature}: ${value}`);
  // The chat's dictation records on the portal's own page; no frame of another origin may.
  assert.ok(directives.includes('microphone=(self)'), `the microphone only for the portal itself: ${value}`);
  // Used by the portal: the copy buttons, the sign-language video player's controls.
  for (const feature of ['clipboard-write', 'fullscreen', 'picture-in-picture']) assert.ok(!directives.some((d) => d.startsWith(`${feature}=`)), `${feature} stays on`);
}

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
    dist = fakeDist({
      'index.html': INDEX_HTML,
      'main.js': 'console.log(1)',
      'main.js.map': SOURCE_MAP,
      'bootstrap.0123456789.js': 'console.log(2)',
      'bootstrap.0123456789.js.map': SOURCE_MAP,
      'silent-renew.html': '<!doctype html>',
    });
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
    assertShellPage(await response.text());
    assert.equal(response.headers.get('cache-control'), 'no-cache');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');

    const csp = response.headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';
    assert.equal(directive('default-src'), "default-src 'self'");
    assert.equal(directive('script-src'), "script-src 'self' http://localhost:18091 https://cdn.example.com http://localhost:8093 http://localhost:8094 http://localhost:8095 http://localhost:8096");
    assert.match(directive('style-src'), /^style-src 'self' http:\/\/localhost:18091 https:\/\/cdn\.example\.com/);
    assert.match(directive('connect-src'), /^connect-src 'self' http:\/\/localhost:18082 http:\/\/localhost:18091 https:\/\/cdn\.example\.com/);
    assert.equal(directive('img-src').split(' ').slice(0, 4).join(' '), "img-src 'self' data: blob:");
    assert.equal(directive('frame-src'), "frame-src 'self' http://localhost:18082");
    assert.equal(directive('object-src'), "object-src 'none'");
    assert.equal(directive('base-uri'), "base-uri 'none'");
    assert.equal(directive('frame-ancestors'), "frame-ancestors 'none'");
  });

  it('sends Cross-Origin-Opener-Policy and Permissions-Policy with the index page and deep links', async () => {
    for (const path of ['/', '/collections/company?x=1', '/chat/abc', '/callback?code=c&state=s', '/silent-renew.html']) {
      const response = await fetch(`${base}${path}`);
      assert.equal(response.status, 200, path);
      // Not plain same-origin: the shell is one document for every route, and any of them may open
      // the connector's OAuth popup, which comes back to /oauth/callback and needs window.opener.
      assert.equal(response.headers.get('cross-origin-opener-policy'), 'same-origin-allow-popups', path);
      assertPermissionsPolicy(response.headers.get('permissions-policy'));
    }
  });

  it('sends no Cross-Origin-Opener-Policy with /oauth/callback, so the popup keeps its opener', async () => {
    const response = await fetch(`${base}/oauth/callback?code=c&state=s`);
    assert.equal(response.status, 200);
    assertShellPage(await response.text());
    assert.equal(response.headers.get('cross-origin-opener-policy'), null);
    assertPermissionsPolicy(response.headers.get('permissions-policy'));
    assert.match(response.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'$/);
  });

  it('never serves source maps in production, and does not answer them with the shell', async () => {
    for (const path of ['/main.js.map', '/bootstrap.0123456789.js.map', '/main.js.MAP', '/main.js.%6dap', '/main.js.map?v=1']) {
      const response = await fetch(`${base}${path}`);
      assert.equal(response.status, 404, path);
      assert.doesNotMatch(response.headers.get('content-type') ?? '', /html|json/, path);
      assert.doesNotMatch(await response.text(), /mappings/, path);
    }
    assert.equal((await fetch(`${base}/main.js`)).status, 200, 'the scripts themselves are served');
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
        // One remote, mounted once per use case (docs/federation.md): each mount its own entry.
        ['usecases', '/usecases/summarize', 'http://localhost:8096/mf-manifest.json'],
        ['usecases', '/usecases/generate', 'http://localhost:8096/mf-manifest.json'],
        ['usecases', '/usecases/transcribe', 'http://localhost:8096/mf-manifest.json'],
        ['usecases', '/create-your-own', 'http://localhost:8096/mf-manifest.json'],
        ['usecases', '/usecases', 'http://localhost:8096/mf-manifest.json'],
      ],
    );
    assert.equal(entries.find((e) => e.routeBase === '/usecases/transcribe')?.requires, 'transcription', 'transcribe exists only with a transcription model');
    assert.deepEqual(
      entries.filter((e) => e.name === 'usecases').map((e) => e.mount),
      ['summarize', 'generate', 'transcribe', 'create-your-own', 'custom-apps'],
      'each mount of the use-case remote names its route table',
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

describe('serve-portal source maps', () => {
  it('are production (not served) unless NODE_ENV=development', () => {
    assert.equal(portalOptionsFromEnv({}).sourceMaps, false);
    assert.equal(portalOptionsFromEnv({ NODE_ENV: 'production' }).sourceMaps, false);
    assert.equal(portalOptionsFromEnv({ NODE_ENV: 'test' }).sourceMaps, false);
    assert.equal(portalOptionsFromEnv({ NODE_ENV: 'development' }).sourceMaps, true);
    assert.equal(sourceMapsServed({}), false);
    assert.equal(sourceMapsServed({ NODE_ENV: 'development' }), true);
  });

  it('are served to a development build (NODE_ENV=development) for the browser debugger', async () => {
    const dist = fakeDist({ 'index.html': INDEX_HTML, 'main.js': 'console.log(1)\n//# sourceMappingURL=main.js.map', 'main.js.map': SOURCE_MAP });
    const portal = await createPortalServer({ ...portalOptionsFromEnv({ PORTAL_DIST: dist, NODE_ENV: 'development' }) });
    try {
      const map = await portal.inject({ url: '/main.js.map' });
      assert.equal(map.statusCode, 200);
      assert.equal(map.body, SOURCE_MAP);
    } finally {
      await portal.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('production source maps (webpack.shared.js)', () => {
  type ConfigFunction = (options: { packageDir: string; mode: string; name?: string }) => { devtool: string };
  const root = join(import.meta.dirname, '..', '..');
  const shared = async () => (await import(pathToFileURL(join(root, 'webpack.shared.js')).href)) as { hostConfig: ConfigFunction; remoteConfig: ConfigFunction };

  it('are written without a sourceMappingURL comment (hidden-source-map); development builds keep it', async () => {
    const { hostConfig, remoteConfig } = await shared();
    assert.equal(hostConfig({ packageDir: join(root, 'host'), mode: 'production' }).devtool, 'hidden-source-map');
    assert.equal(remoteConfig({ packageDir: join(root, 'remotes', 'chat'), mode: 'production', name: 'chat' }).devtool, 'hidden-source-map');
    // No eval in development either (the portal's CSP has no 'unsafe-eval').
    assert.equal(remoteConfig({ packageDir: join(root, 'remotes', 'chat'), mode: 'development', name: 'chat' }).devtool, 'cheap-module-source-map');
  });

  it('a tiny production build with that devtool: the map is on disk, the script does not point to it', async () => {
    const { remoteConfig } = await shared();
    const { devtool } = remoteConfig({ packageDir: join(root, 'remotes', 'chat'), mode: 'production', name: 'chat' });
    const dir = mkdtempSync(join(tmpdir(), 'portal-devtool-'));
    try {
      writeFileSync(join(dir, 'index.js'), 'export const answer = () => 42;\nconsole.log(answer());\n');
      const stats = await new Promise<webpack.Stats | undefined>((resolve, reject) =>
        webpack({ mode: 'production', context: dir, entry: './index.js', devtool, output: { path: join(dir, 'dist'), filename: 'main.js' } }, (error, result) =>
          error ? reject(error) : resolve(result),
        ),
      );
      assert.equal(stats?.hasErrors(), false, stats?.toString());
      assert.ok(existsSync(join(dir, 'dist', 'main.js.map')), 'the map is kept in the build output for error reporting');
      assert.doesNotMatch(readFileSync(join(dir, 'dist', 'main.js'), 'utf8'), /sourceMappingURL/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
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

describe('precompressed static files', () => {
  const BIG_JS = `console.log(${JSON.stringify('assistant '.repeat(400))});`;

  it('build-portal writes .br and .gz beside text files, not beside maps, dot files or incompressible files', () => {
    const dist = fakeDist({ 'chunk.0123456789.js': BIG_JS, 'chunk.0123456789.js.map': SOURCE_MAP, 'index.html': INDEX_HTML, '.bundle-graph.json': '{}', 'font.0123456789.woff2': 'x', 'tiny.json': '1' });
    try {
      precompressDist(dist);
      assert.equal(brotliDecompressSync(readFileSync(join(dist, 'chunk.0123456789.js.br'))).toString(), BIG_JS);
      assert.equal(gunzipSync(readFileSync(join(dist, 'chunk.0123456789.js.gz'))).toString(), BIG_JS);
      assert.ok(existsSync(join(dist, 'index.html.br')));
      for (const absent of ['chunk.0123456789.js.map.br', '.bundle-graph.json.br', 'font.0123456789.woff2.br', 'tiny.json.br', 'tiny.json.gz']) {
        assert.ok(!existsSync(join(dist, absent)), absent);
      }
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('the test run\'s fast compression writes the same content, and no smaller than best', () => {
    const dist = fakeDist({ 'chunk.0123456789.js': BIG_JS });
    try {
      const fast = precompressDist(dist, 'fast');
      assert.equal(brotliDecompressSync(readFileSync(join(dist, 'chunk.0123456789.js.br'))).toString(), BIG_JS);
      assert.equal(gunzipSync(readFileSync(join(dist, 'chunk.0123456789.js.gz'))).toString(), BIG_JS);
      const best = precompressDist(dist, 'best');
      assert.ok(best.br <= fast.br && best.gz <= fast.gz, JSON.stringify({ fast, best }));
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('cacheControlFor: hashed names (also their .br/.gz) for a year; index, manifest, remoteEntry, main.js revalidated', () => {
    for (const name of ['/a/chunk.0123456789.js', 'chunk.0123456789.js.br', 'x/171.9b9290963e.css.gz']) assert.equal(cacheControlFor(name), 'public, max-age=31536000, immutable', name);
    for (const name of ['/index.html', 'index.html.br', 'mf-manifest.json', 'mf-manifest.json.gz', 'remoteEntry.js', 'remoteEntry.js.br', 'main.js', 'favicon.svg']) assert.equal(cacheControlFor(name), 'no-cache', name);
  });

  it('the portal and a remote answer brotli, gzip or plain by accept-encoding, with Vary: Accept-Encoding', async () => {
    const files = { 'index.html': INDEX_HTML, 'mf-manifest.json': JSON.stringify({ id: 'chat', pad: 'x'.repeat(2000) }), 'remoteEntry.js': BIG_JS, 'bootstrap.0123456789.js': BIG_JS };
    const dist = fakeDist(files);
    precompressDist(dist);
    const portal = await createPortalServer({ distDir: dist, apiUrl: 'http://127.0.0.1:9', registry: () => ({ remotes: [] }), portalConfig: () => ({ oidc: { authority: 'http://localhost:18082', clientId: 'x' } }) });
    const remote = await createRemoteServer({ distDir: dist, allowedOrigins: ['http://localhost:8080'] });
    try {
      for (const app of [portal, remote]) {
        for (const url of ['/bootstrap.0123456789.js', '/remoteEntry.js', '/mf-manifest.json']) {
          const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
          assert.equal(br.statusCode, 200, url);
          assert.equal(br.headers['content-encoding'], 'br', url);
          assert.match(String(br.headers.vary), /accept-encoding/i, url);
          assert.match(String(br.headers['content-type']), url.endsWith('.json') ? /json/ : /javascript/, url);
          assert.equal(brotliDecompressSync(br.rawPayload).toString(), files[url.slice(1) as keyof typeof files], url);
          assert.equal(br.headers['cache-control'], cacheControlFor(url), url);

          const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
          assert.equal(gz.headers['content-encoding'], 'gzip', url);
          assert.equal(gunzipSync(gz.rawPayload).toString(), files[url.slice(1) as keyof typeof files], url);

          const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
          assert.equal(plain.headers['content-encoding'], undefined, url);
          assert.equal(plain.body, files[url.slice(1) as keyof typeof files], url);
        }
      }
      const remoteVary = (await remote.inject({ url: '/remoteEntry.js', headers: { origin: 'http://localhost:8080', 'accept-encoding': 'br' } })).headers.vary;
      assert.match(String(remoteVary), /origin/i);
      assert.match(String(remoteVary), /accept-encoding/i);
    } finally {
      await portal.close();
      await remote.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('the shell page: start-up values inlined, the route remote preloaded', () => {
  it('inlines config and registry (valid against their contracts), preloads the shell files and the route remote, compressed', async () => {
    const manifest = {
      id: 'translate',
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
      exposes: [{ path: './module', assets: { js: { sync: ['__federation_expose_module.0123456789.js'], async: ['page.0123456789.js'] }, css: { sync: [], async: ['672.0123456789.css'] } } }],
    };
    const remoteDist = fakeDist({ 'mf-manifest.json': JSON.stringify(manifest), 'remoteEntry.js': 'var translate;' });
    const remote = await createRemoteServer({ distDir: remoteDist, allowedOrigins: [] });
    await remote.listen({ host: '127.0.0.1', port: 0 });
    const remoteBase = `http://127.0.0.1:${(remote.server.address() as AddressInfo).port}`;
    const graph = {
      groups: [
        { name: 'main', entrypoint: true, origins: [], chunks: [1] },
        { name: 'bootstrap', entrypoint: false, origins: [{ module: 'index.ts', request: './bootstrap' }], chunks: [2] },
        { name: 'page-home', entrypoint: false, origins: [{ module: 'routes.tsx', request: './home' }], chunks: [3] },
      ],
      chunks: [
        { id: 1, files: ['main.js'], entryModules: ['index.ts'], modules: ['index.ts'], consumesShared: [] },
        { id: 2, files: ['bootstrap.0123456789.js', 'bootstrap.0123456789.css'], entryModules: [], modules: ['routes.tsx'], consumesShared: [] },
        { id: 3, files: ['page-home.0123456789.js'], entryModules: [], modules: [], consumesShared: [] },
      ],
    };
    const dist = fakeDist({ 'index.html': INDEX_HTML, '.bundle-graph.json': JSON.stringify(graph) });
    const registry = { remotes: [{ name: 'translate', manifestUrl: `${remoteBase}/mf-manifest.json`, routeBase: '/translate' }, { name: 'chat', manifestUrl: '/chat/mf-manifest.json', routeBase: '/chat' }] };
    const portalConfig = { oidc: { authority: 'http://localhost:18082', clientId: 'assistant-portal' } };
    const portal = await createPortalServer({ distDir: dist, apiUrl: 'http://127.0.0.1:9', registry: () => registry, portalConfig: () => portalConfig });
    try {
      const page = await portal.inject({ url: '/translate', headers: { 'accept-encoding': 'br' } });
      assert.equal(page.statusCode, 200);
      assert.equal(page.headers['content-encoding'], 'br');
      assert.equal(page.headers['cache-control'], 'no-cache');
      assert.match(String(page.headers.vary), /accept-encoding/i);
      assert.match(String(page.headers['content-security-policy']), /script-src 'self'/);
      const html = brotliDecompressSync(page.rawPayload).toString();
      const inlined = assertShellPage(html);
      assert.deepEqual(remoteRegistrySchema.parse(inlined.registry), registry);
      assert.deepEqual(portalRuntimeConfigSchema.parse(inlined.portalConfig), portalConfig);
      const links = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(\w+)"( crossorigin)?>/g)].map((m) => `${m[2]} ${m[1]}${m[3] ?? ''}`);
      assert.deepEqual(links, [
        'style /bootstrap.0123456789.css',
        'script /bootstrap.0123456789.js',
        `fetch ${remoteBase}/mf-manifest.json crossorigin`,
        `script ${remoteBase}/remoteEntry.js`,
        `script ${remoteBase}/__federation_expose_module.0123456789.js`,
        `style ${remoteBase}/672.0123456789.css`,
      ]);

      // Another route: its own remote (a site path: only its manifest), no translate files; a shell page: none.
      const chat = assertShellPage((await portal.inject({ url: '/chat/abc' })).body);
      assert.ok(chat.registry);
      const chatHtml = (await portal.inject({ url: '/chat/abc' })).body;
      assert.match(chatHtml, /<link rel="preload" href="\/chat\/mf-manifest.json" as="fetch" crossorigin>/);
      assert.doesNotMatch(chatHtml, /remoteEntry/);
      const home = (await portal.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } }));
      assert.equal(home.headers['content-encoding'], 'gzip');
      assert.doesNotMatch(gunzipSync(home.rawPayload).toString(), /rel="preload" href="[^"]*mf-manifest/);
    } finally {
      await portal.close();
      await remote.close();
      rmSync(dist, { recursive: true, force: true });
      rmSync(remoteDist, { recursive: true, force: true });
    }
  });

  it('a registry value cannot end the data tag early', async () => {
    const dist = fakeDist({ 'index.html': INDEX_HTML });
    const portal = await createPortalServer({
      distDir: dist,
      apiUrl: 'http://127.0.0.1:9',
      registry: () => ({ remotes: [{ name: '</script><script>alert(1)</script>' }] }),
      portalConfig: () => ({ oidc: { authority: 'http://localhost:18082', clientId: 'x' } }),
    });
    try {
      const html = (await portal.inject({ url: '/' })).body;
      assert.doesNotMatch(html, /<script>alert/);
      assert.deepEqual((assertShellPage(html).registry as { remotes: Array<{ name: string }> }).remotes[0]!.name, '</script><script>alert(1)</script>');
    } finally {
      await portal.close();
      rmSync(dist, { recursive: true, force: true });
    }
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

  it('sends Cross-Origin-Opener-Policy and Permissions-Policy with its standalone page, not with the files the portal loads', async () => {
    const dist = fakeDist({ 'mf-manifest.json': '{"id":"chat"}', 'remoteEntry.js': 'var chat;', 'index.html': INDEX_HTML });
    const remote = await createRemoteServer({ distDir: dist, allowedOrigins: ['http://localhost:8080'] });
    try {
      for (const url of ['/', '/collections/personal']) {
        const page = await remote.inject({ url });
        assert.equal(page.statusCode, 200, url);
        // The standalone page opens no popups: the strict value.
        assert.equal(page.headers['cross-origin-opener-policy'], 'same-origin', url);
        assertPermissionsPolicy(page.headers['permissions-policy']);
      }
      const entry = await remote.inject({ url: '/remoteEntry.js', headers: { origin: 'http://localhost:8080' } });
      assert.equal(entry.headers['cross-origin-opener-policy'], undefined);
    } finally {
      await remote.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('never serves source maps in production; serves them with sourceMaps (development builds)', async () => {
    const files = { 'mf-manifest.json': '{"id":"chat"}', 'remoteEntry.js': 'var chat;', 'remoteEntry.js.map': SOURCE_MAP, 'expose.0123456789.js.map': SOURCE_MAP, 'index.html': INDEX_HTML };
    const dist = fakeDist(files);
    const production = await createRemoteServer({ distDir: dist, allowedOrigins: ['http://localhost:8080'] });
    const development = await createRemoteServer({ distDir: dist, allowedOrigins: ['http://localhost:8080'], sourceMaps: true });
    try {
      for (const url of ['/remoteEntry.js.map', '/expose.0123456789.js.map', '/remoteEntry.js.%6Dap']) {
        const response = await production.inject({ url, headers: { origin: 'http://localhost:8080' } });
        assert.equal(response.statusCode, 404, url);
        assert.doesNotMatch(response.body, /mappings/, url);
      }
      assert.equal((await production.inject({ url: '/remoteEntry.js' })).statusCode, 200);
      const map = await development.inject({ url: '/remoteEntry.js.map' });
      assert.equal(map.statusCode, 200);
      assert.equal(map.body, SOURCE_MAP);
    } finally {
      await production.close();
      await development.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe("the shell's initial JavaScript figure (scripts/shell-size.mjs)", () => {
  const graph = {
    groups: [{ name: 'main', entrypoint: true, origins: [], chunks: [1] }],
    chunks: [
      { id: 1, files: ['main.js'], entryModules: ['index.ts'], modules: ['index.ts'], consumesShared: [] },
      { id: 2, files: [], entryModules: [], modules: [], consumesShared: [] },
    ],
  };
  // The start-up script names its lazy chunks by their content hashes, as webpack's runtime does.
  const distWithLazyChunk = (hash: string) =>
    fakeDist({
      'index.html': INDEX_HTML,
      '.bundle-graph.json': JSON.stringify(graph),
      'main.js': `var chunks={2:"${hash}",3:"${hash}"};console.log(${JSON.stringify('shell '.repeat(200))});`,
      [`2.${hash}.js`]: 'lazy',
    });

  it('is the same whatever the lazy chunks are named (their hashes vary with the build machine), and counts real growth', () => {
    const dists = [distWithLazyChunk('aaaaaaaaaa'), distWithLazyChunk('9f3c1e7a2b')];
    try {
      const gzipAsItIs = dists.map((dist) => gzipSync(readFileSync(join(dist, 'main.js')), { level: 9 }).length);
      assert.notEqual(gzipAsItIs[0], gzipAsItIs[1], 'as they are, the two start-up scripts compress to different sizes');
      const [here, elsewhere] = dists.map((dist) => shellInitialJs(dist));
      assert.deepEqual(here!.files.map((f) => f.file), ['main.js']);
      assert.equal(here!.gzip, elsewhere!.gzip);
      writeFileSync(join(dists[1]!, 'main.js'), `${readFileSync(join(dists[1]!, 'main.js'), 'utf8')}console.log(${JSON.stringify(randomBytes(200).toString('hex'))});`);
      assert.ok(shellInitialJs(dists[1]).gzip > here!.gzip + 200, 'new code in the shell raises the figure');
    } finally {
      for (const dist of dists) rmSync(dist, { recursive: true, force: true });
    }
  });
});
