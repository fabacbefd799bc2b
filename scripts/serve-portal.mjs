#!/usr/bin/env node
// The portal's web server for the local start (docs/federation.md): the built shell (host/dist)
// with SPA fallback, the runtime files /remotes.json and /portal-config.json generated from the
// environment, a reverse proxy of the API base paths to the server, and the security headers.
// In production any static server or CDN does the same with deployed files.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyHttpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { apiUrlFromEnv, envValue, HOST_DIR, issuerFromEnv, portalPort, registryFromEnv } from './portal-layout.mjs';

/** Paths the server answers itself (the API, its nls and conductor parts): never the SPA. */
export const PROXIED_PREFIXES = ['/api', '/nls'];

/** `name.0123456789.js`, `assets/font.0123456789.woff2`: content-hashed, never changes. */
const HASHED_FILE = /\.[0-9a-f]{10}\.[a-z0-9]+$/i;

/** The suffixes of the precompressed copies (build-portal.mjs precompressDist). */
const ENCODED_SUFFIX = /\.(br|gz)$/i;

/**
 * Cache-Control by file name: hashed files for a year, everything else (index.html,
 * mf-manifest.json, remoteEntry.js, main.js, favicon) revalidated every time. A precompressed copy
 * (`x.0123456789.js.br`) is cached like the file it stands for.
 */
export function cacheControlFor(path) {
  return HASHED_FILE.test(path.replace(ENCODED_SUFFIX, '')) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * fastify-static's `setHeaders` for the portal and the remotes: Cache-Control by name, and
 * `Vary: Accept-Encoding` on every file (the same URL answers brotli, gzip or plain), so a cache
 * in between keeps one copy per encoding.
 */
export function staticHeaders(res, path) {
  res.setHeader('cache-control', cacheControlFor(path));
  const vary = String(res.getHeader('vary') ?? '');
  if (!/accept-encoding/i.test(vary)) res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** The origin of an absolute URL; undefined for a site path (`/chat/mf-manifest.json` is 'self'). */
const originOf = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * The portal's Content-Security-Policy. Remote origins (from the registry) may serve scripts,
 * styles, fonts, images and the manifest; the identity provider is reached by fetch (token,
 * userinfo) and in the hidden silent-renew frame. `frameAncestors` is 'none' except for the pages
 * that run inside that frame.
 */
export function contentSecurityPolicy({ remoteOrigins = [], idpOrigin, connectOrigins = [], frameAncestors = "'none'" }) {
  const list = (...items) => [...new Set(items.flat().filter(Boolean))].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", remoteOrigins)}`,
    `style-src ${list("'self'", remoteOrigins)}`,
    `font-src ${list("'self'", 'data:', remoteOrigins)}`,
    `img-src ${list("'self'", 'data:', 'blob:', remoteOrigins)}`,
    // Sign-language videos and their captions come from wherever the company hosts video; read
    // aloud plays the speech the server made as a blob: URL of the page's own.
    `media-src 'self' https: blob:`,
    `connect-src ${list("'self'", idpOrigin, remoteOrigins, connectOrigins)}`,
    `frame-src ${list("'self'", idpOrigin)}`,
    `form-action 'self'`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** Pages that the identity provider's silent renew loads into a hidden frame of the portal itself. */
const FRAMEABLE_PATHS = new Set(['/silent-renew.html', '/callback']);

/**
 * Browser features the portal and its remotes never use, switched off for the page and every frame
 * in it (a remote or a rendered answer cannot ask for them). The one list, also sent by
 * serve-remotes.mjs. Left on: clipboard-write (copy buttons), fullscreen and picture-in-picture
 * (the sign-language video player). The microphone only for the portal's own origin
 * (SELF_FEATURES): the chat's dictation records in the page; no frame of another origin may.
 */
export const DISABLED_FEATURES = [
  'accelerometer',
  'ambient-light-sensor',
  'bluetooth',
  'browsing-topics',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'midi',
  'otp-credentials',
  'payment',
  'screen-wake-lock',
  'serial',
  'usb',
  'window-management',
  'xr-spatial-tracking',
];
/** Features only the portal's own pages may use (the chat's microphone button), never a frame of another origin. */
export const SELF_FEATURES = ['microphone'];
export const PERMISSIONS_POLICY = [...DISABLED_FEATURES.map((feature) => `${feature}=()`), ...SELF_FEATURES.map((feature) => `${feature}=(self)`)].join(', ');

/**
 * Cross-Origin-Opener-Policy of a portal page: no cross-origin page that opens the portal (or that
 * the portal is navigated from) keeps a handle on its window.
 * - `same-origin-allow-popups`, not `same-origin`, for the shell: it is one document for every
 *   route (the SPA navigates without loading a page), so whichever page was loaded first may open
 *   the connector's OAuth popup, and that popup must keep `window.opener` while it visits the
 *   provider's origin. The sign-in redirect (/callback) and the silent-renew frame do not care:
 *   COOP applies to top-level windows only, and the redirect flow keeps its state in localStorage.
 * - none (unsafe-none) for /oauth/callback: the popup arrives there from the provider's page, which
 *   sends no COOP; a page with any COOP would move the popup to a new browsing context group and
 *   cut `window.opener`, so the page could not post its result to the portal. It posts with the
 *   portal's origin as target, so a foreign opener receives nothing.
 */
export function openerPolicyFor(path) {
  return path === '/oauth/callback' ? undefined : 'same-origin-allow-popups';
}

/**
 * Whether the servers hand out `*.map` files: only for a development build (`NODE_ENV=development`,
 * e.g. `pnpm --filter <remote> dev` and `serve`). Anything else is production: `npm start` and
 * build-portal.mjs build production only, and production maps are for error reporting, read from
 * the build output on disk, never from a browser.
 */
export function sourceMapsServed(env = process.env) {
  return envValue(env, 'NODE_ENV') === 'development';
}

/** fastify-static's `allowedPath`: a `.map` request becomes a 404 unless maps are served. */
export const staticPathFilter = (sourceMaps) => (sourceMaps ? undefined : (pathname) => !/\.map$/i.test(pathname));

/** `/portal-config.json` (shared/contracts portal-runtime-config.ts) from the environment. */
export function portalConfigFromEnv(env = process.env) {
  const config = {
    oidc: { authority: issuerFromEnv(env), clientId: envValue(env, 'OIDC_CLIENT_ID') ?? 'assistant-portal' },
  };
  const collectorUrl = envValue(env, 'ANALYTICS_COLLECTOR_URL');
  const apiKey = envValue(env, 'ANALYTICS_API_KEY');
  const salt = envValue(env, 'ANALYTICS_SALT');
  if (collectorUrl && apiKey && salt) config.analytics = { collectorUrl, apiKey, salt };
  const endpoints = (envValue(env, 'TRACING_ENDPOINTS') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (endpoints.length > 0) config.tracing = { endpoints };
  const faroUrl = envValue(env, 'FARO_URL');
  const faroAppName = envValue(env, 'FARO_APP_NAME');
  if (faroUrl) config.observability = { faroUrl, ...(faroAppName ? { appName: faroAppName } : {}) };
  return config;
}

/**
 * The host's initial files: the scripts `index.html` loads, the chunks of the entry's
 * `import('./bootstrap')` and, for every shared module those consume, the chunks of the host's own
 * copy, transitively (no remote is loaded at start); read from `dist/.bundle-graph.json`, which
 * webpack.shared.js writes at each build. bench/bundle-size counts the `.js` ones.
 * @returns {string[]} file names, sorted (JavaScript and CSS)
 */
export function initialFiles(distDir) {
  const graph = JSON.parse(readFileSync(join(distDir, '.bundle-graph.json'), 'utf8'));
  const chunkById = new Map(graph.chunks.map((chunk) => [chunk.id, chunk]));
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const scripts = new Set([...html.matchAll(/<script\b[^>]*\bsrc=["']?([^"' >]+)/g)].map((m) => basename(m[1].split('?')[0])));
  const included = new Set(graph.chunks.filter((chunk) => chunk.files.some((f) => scripts.has(f))).map((chunk) => chunk.id));
  const entryModules = new Set([...included].flatMap((id) => chunkById.get(id).entryModules));
  for (let changed = true; changed; ) {
    changed = false;
    const modules = new Set([...included].flatMap((id) => chunkById.get(id).modules));
    const consumed = new Set([...included].flatMap((id) => chunkById.get(id).consumesShared));
    for (const group of graph.groups) {
      if (group.entrypoint || group.chunks.every((id) => included.has(id))) continue;
      const needed = group.origins.some(
        (origin) => (entryModules.has(origin.module) && modules.has(origin.module)) || (origin.provides && consumed.has(origin.provides)),
      );
      if (!needed) continue;
      for (const id of group.chunks) included.add(id);
      changed = true;
    }
  }
  const files = [...included].flatMap((id) => chunkById.get(id).files).filter((file) => /\.(js|css)$/.test(file));
  return [...new Set(files)].sort();
}

/** The registry entry whose route base holds the path (the longest wins); the shell's logic (host/src/federation/preload-remote.ts). */
export function remoteForPath(remotes, pathname) {
  let found;
  let length = -1;
  for (const entry of Array.isArray(remotes) ? remotes : []) {
    if (typeof entry?.routeBase !== 'string' || typeof entry?.manifestUrl !== 'string') continue;
    const base = entry.routeBase.replace(/\/+$/, '');
    if ((pathname === base || pathname.startsWith(`${base}/`)) && base.length > length) {
      found = entry;
      length = base.length;
    }
  }
  return found;
}

/**
 * What the browser can fetch for a remote before the federation runtime asks: its manifest
 * (`fetch`, CORS, as the runtime fetches it), `remoteEntry.js` and the exposed module's own
 * files (scripts without `crossorigin`, as the runtime and webpack add them), from the manifest
 * (public path `auto`: files are relative to the manifest). Lazy pages are not listed; the shell
 * starts the current page's chunk as soon as the module is there (preload-remote.ts).
 */
export function remotePreloads(manifestUrl, manifest) {
  const links = [{ href: manifestUrl, as: 'fetch', crossorigin: true }];
  if (!manifest || typeof manifest !== 'object') return links;
  let base;
  try {
    base = new URL('.', new URL(manifestUrl, 'http://portal.invalid/'));
  } catch {
    return links;
  }
  const href = (file) => {
    const url = new URL(file, base);
    return url.origin === 'http://portal.invalid' ? url.pathname : url.href;
  };
  const entry = manifest.metaData?.remoteEntry;
  if (typeof entry?.name === 'string') links.push({ href: href(`${entry.path ? `${entry.path.replace(/\/+$/, '')}/` : ''}${entry.name}`), as: 'script' });
  const expose = (manifest.exposes ?? []).find((e) => e?.path === './module') ?? manifest.exposes?.[0];
  for (const file of expose?.assets?.js?.sync ?? []) links.push({ href: href(file), as: 'script' });
  for (const file of [...(expose?.assets?.css?.sync ?? []), ...(expose?.assets?.css?.async ?? [])]) links.push({ href: href(file), as: 'style' });
  return links;
}

const escapeAttribute = (value) => String(value).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside `<script type="application/json">`: `<` escaped, so no `</script>` can end it early. */
const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/**
 * The shell's page with what the start-up needs inlined: the runtime config and the
 * registry as one JSON data tag (not script: CSP does not apply; host/src/app/inline-startup.ts),
 * and `<link rel="preload">` for the shell's initial files and the current route's remote, so all
 * of them come in the first round trip after the HTML instead of one after another.
 */
export function renderShellPage(template, { portalConfig, registry, shellFiles = [], remoteLinks = [], publicPath = '/' }) {
  const startup = {};
  if (portalConfig !== undefined) startup.portalConfig = portalConfig;
  if (registry !== undefined) startup.registry = registry;
  const preload = (link) => `<link rel="preload" href="${escapeAttribute(link.href)}" as="${link.as}"${link.crossorigin ? ' crossorigin' : ''}>`;
  const head = [
    `<script type="application/json" id="portal-startup">${scriptJson(startup)}</script>`,
    ...shellFiles.filter((file) => file !== 'main.js').map((file) => preload({ href: `${publicPath}${file}`, as: file.endsWith('.css') ? 'style' : 'script' })),
    ...remoteLinks.map(preload),
  ].join('');
  return template.includes('</head>') ? template.replace('</head>', `${head}</head>`) : `${head}${template}`;
}

/** Compresses a generated page by accept-encoding (brotli, then gzip), as the static files are. */
export function encodeForClient(body, acceptEncoding = '') {
  const accepts = (name) => new RegExp(`(^|[\\s,])${name}(?!;q=0(\\.0*)?([\\s,]|$))`, 'i').test(acceptEncoding);
  if (accepts('br')) return { encoding: 'br', body: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) };
  if (accepts('gzip')) return { encoding: 'gzip', body: gzipSync(body, { level: 6 }) };
  return { encoding: undefined, body: Buffer.from(body) };
}

/** Reads a JSON file on every call (cheap; lets a team change it without a restart). */
function jsonFile(path, what) {
  return () => {
    try {
      return JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new Error(`${what} ${path}: ${error.message}`, { cause: error });
    }
  };
}

/**
 * Options from the environment (docs/federation.md lists them). Checked here, once, so that a
 * wrong value stops the start with a readable message.
 */
export function portalOptionsFromEnv(env = process.env) {
  const registryFile = envValue(env, 'REMOTE_REGISTRY_FILE');
  const portalConfigFile = envValue(env, 'PORTAL_CONFIG_FILE');
  const problems = [];
  if (registryFile && !existsSync(registryFile)) problems.push(`REMOTE_REGISTRY_FILE: no file at ${registryFile}`);
  if (portalConfigFile && !existsSync(portalConfigFile)) problems.push(`PORTAL_CONFIG_FILE: no file at ${portalConfigFile}`);
  let port;
  try {
    port = portalPort(env);
  } catch (error) {
    problems.push(error.message);
  }
  if (problems.length) throw new Error(`Invalid portal configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return {
    host: envValue(env, 'PORTAL_HOST') ?? '127.0.0.1',
    port,
    distDir: resolve(envValue(env, 'PORTAL_DIST') ?? join(HOST_DIR, 'dist')),
    apiUrl: apiUrlFromEnv(env),
    registry: registryFile ? jsonFile(resolve(registryFile), 'REMOTE_REGISTRY_FILE') : () => registryFromEnv(env),
    portalConfig: portalConfigFile ? jsonFile(resolve(portalConfigFile), 'PORTAL_CONFIG_FILE') : () => portalConfigFromEnv(env),
    proxyTimeoutMs: Number(envValue(env, 'PROXY_TIMEOUT_MS') ?? 600_000),
    sourceMaps: sourceMapsServed(env),
  };
}

/**
 * Builds the portal server (not listening yet).
 * @param {object} options
 * @param {string} options.distDir the built shell (index.html and its files)
 * @param {string} options.apiUrl upstream of /api, /api/conductor and /nls
 * @param {() => {remotes: unknown[]}} options.registry the registry document, read per request
 * @param {() => object} options.portalConfig the runtime config document, read per request
 * @param {boolean} [options.sourceMaps] serve `*.map` files (development builds only; default no)
 */
export async function createPortalServer({ distDir, apiUrl, registry, portalConfig, proxyTimeoutMs = 600_000, sourceMaps = false, logger = false }) {
  if (!existsSync(join(distDir, 'index.html'))) throw new Error(`no built shell in ${distDir} (build the host first)`);
  const app = Fastify({ logger });

  // The policy depends on the registry and the runtime config (remote and IdP origins); both are
  // small files that may change while the server runs, so it is computed per page.
  // A broken registry or config file must not break every page: /remotes.json answers 500 with
  // the reason, the policy falls back to no remote origins.
  const attempt = (read) => {
    try {
      return read();
    } catch (error) {
      app.log.error(error.message);
      return undefined;
    }
  };
  const policy = (frameAncestors) => {
    const config = attempt(portalConfig);
    const document = attempt(registry);
    const remotes = Array.isArray(document?.remotes) ? document.remotes : [];
    const remoteOrigins = remotes.map((entry) => (typeof entry?.manifestUrl === 'string' ? originOf(entry.manifestUrl) : undefined));
    const connectOrigins = [config?.analytics?.collectorUrl, ...(config?.tracing?.endpoints ?? []), config?.observability?.faroUrl].map((url) => url && originOf(url));
    return contentSecurityPolicy({ remoteOrigins, idpOrigin: originOf(config?.oidc?.authority), connectOrigins, frameAncestors });
  };

  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0];
    if (!PROXIED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
      reply.header('content-security-policy', policy(FRAMEABLE_PATHS.has(path) ? "'self'" : "'none'"));
      reply.header('referrer-policy', 'same-origin');
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      const openerPolicy = openerPolicyFor(path);
      if (openerPolicy) reply.header('cross-origin-opener-policy', openerPolicy);
    }
    reply.header('x-content-type-options', 'nosniff');
    return payload;
  });

  for (const prefix of PROXIED_PREFIXES) {
    // The Authorization header (bearer token) and the aa_oidc authorization-type header pass as
    // they are; bodies and streamed answers are piped through.
    await app.register(fastifyHttpProxy, {
      upstream: apiUrl,
      prefix,
      rewritePrefix: prefix,
      http2: false,
      undici: { headersTimeout: proxyTimeoutMs, bodyTimeout: proxyTimeoutMs },
      replyOptions: {
        // The API's error body shape (apiErrorSchema), and a 502/504 instead of a generic 500.
        onError: (reply, { error }) => {
          const timedOut = /timeout/i.test(error?.code ?? '') || error?.statusCode === 504;
          reply.log.warn(`proxy ${prefix}: ${error?.message}`);
          return reply
            .code(timedOut ? 504 : 502)
            .send({ statusCode: timedOut ? 504 : 502, error: timedOut ? 'Gateway Timeout' : 'Bad Gateway', message: 'The API server did not answer' });
        },
      },
    });
  }

  const sendJson = (reply, produce) => {
    let document;
    try {
      document = produce();
    } catch (error) {
      reply.log.error(error.message);
      return reply.code(500).header('cache-control', 'no-store').send({ statusCode: 500, error: 'Internal Server Error', message: error.message });
    }
    return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(JSON.stringify(document));
  };
  app.get('/remotes.json', (request, reply) => sendJson(reply, registry));
  app.get('/portal-config.json', (request, reply) => sendJson(reply, portalConfig));

  // The shell's page, generated per request (the registry and config may change while the server
  // runs): the template and its initial files are read again when the build changes.
  let shellBuild = { mtimeMs: -1, template: '', files: [] };
  const currentShellBuild = () => {
    const mtimeMs = statSync(join(distDir, 'index.html')).mtimeMs;
    if (mtimeMs !== shellBuild.mtimeMs) {
      const template = readFileSync(join(distDir, 'index.html'), 'utf8');
      let files = [];
      try {
        files = initialFiles(distDir);
      } catch {
        // No chunk graph (a build from elsewhere): no preloads for the shell's files.
      }
      const main = /<script\b[^>]*\bsrc=["']?([^"' >]*?)main\.js/.exec(template);
      shellBuild = { mtimeMs, template, files, publicPath: main ? main[1] : '/' };
    }
    return shellBuild;
  };
  // Remote manifests for the preload links: fetched by the server, kept 10 s; a slow or missing
  // one costs the page at most 300 ms once and only its preload links.
  const manifests = new Map();
  const manifestFor = async (url) => {
    const cached = manifests.get(url);
    if (cached && Date.now() - cached.at < 10_000) return cached.manifest;
    const pending = (async () => {
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(300) });
        return response.ok ? await response.json() : undefined;
      } catch {
        return undefined;
      }
    })();
    const manifest = await pending;
    manifests.set(url, { at: Date.now(), manifest });
    return manifest;
  };
  const sendShellPage = async (request, reply) => {
    const path = request.url.split('?')[0];
    const build = currentShellBuild();
    const config = attempt(portalConfig);
    const document = attempt(registry);
    const remote = remoteForPath(document?.remotes, path);
    let remoteLinks = [];
    if (remote) {
      const absolute = /^https?:\/\//i.test(remote.manifestUrl);
      remoteLinks = remotePreloads(remote.manifestUrl, absolute ? await manifestFor(remote.manifestUrl) : undefined);
    }
    const html = renderShellPage(build.template, { portalConfig: config, registry: document, shellFiles: build.files, publicPath: build.publicPath, remoteLinks });
    const { encoding, body } = encodeForClient(html, String(request.headers['accept-encoding'] ?? ''));
    if (encoding) reply.header('content-encoding', encoding);
    return reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').type('text/html; charset=utf-8').send(body);
  };
  app.get('/', sendShellPage);
  app.get('/index.html', sendShellPage);

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: true,
    index: false,
    cacheControl: false,
    dotfiles: 'ignore', // .build-stamp.json, .bundle-graph.json
    allowedPath: staticPathFilter(sourceMaps),
    // `.br`/`.gz` written by build-portal.mjs beside each text file, chosen by accept-encoding.
    preCompressed: true,
    setHeaders: staticHeaders,
  });

  // SPA fallback: a deep link (/collections/company) gets the shell, which routes it; a missing
  // file (/main.0123456789.js, /favicon.ico) or a held-back source map stays a 404 so it is not
  // mistaken for HTML.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isFile = extname(path) !== '';
    if ((request.method === 'GET' || request.method === 'HEAD') && !isFile) return sendShellPage(request, reply);
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  return app;
}

async function main() {
  let options;
  try {
    options = portalOptionsFromEnv();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  const app = await createPortalServer({ ...options, logger: { level: envValue(process.env, 'LOG_LEVEL') === 'debug' ? 'debug' : 'warn' } });
  await app.listen({ host: options.host, port: options.port });
  console.log(
    `[portal] http://localhost:${options.port} (shell from ${options.distDir}; API proxied to ${options.apiUrl}${options.sourceMaps ? '; source maps served' : ''})`,
  );
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`[portal] ${error.message}`);
    process.exit(1);
  });
}
