#!/usr/bin/env node
// Serves each built remote (remotes/<name>/dist) on its own port, as a CDN or nginx would in
// production: CORS for the portal origin (the host fetches mf-manifest.json across origins), long
// caching for hashed files, no-cache for the manifest and remoteEntry.js, and the standalone page
// (index.html) for deep links. `node scripts/serve-remotes.mjs [name ...]` (default: all five).
import { existsSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { envValue, portalOrigin, remotePort, REMOTES } from './portal-layout.mjs';
import { PERMISSIONS_POLICY, sourceMapsServed, staticHeaders, staticPathFilter } from './serve-portal.mjs';

/** The standalone page's policy: everything from the remote itself. */
const STANDALONE_CSP = [
  `default-src 'self'`,
  `img-src 'self' data: blob:`,
  `font-src 'self' data:`,
  `object-src 'none'`,
  `base-uri 'none'`,
  `frame-ancestors 'none'`,
].join('; ');

/**
 * One remote's static server (not listening yet). `sourceMaps`: serve `*.map` files (development
 * builds only, see sourceMapsServed in serve-portal.mjs); by default a `.map` request is a 404.
 * @param {{ distDir: string, allowedOrigins: string[], sourceMaps?: boolean }} options
 */
export async function createRemoteServer({ distDir, allowedOrigins, sourceMaps = false, logger = false }) {
  if (!existsSync(join(distDir, 'mf-manifest.json'))) throw new Error(`no built remote in ${distDir} (build it first)`);
  const app = Fastify({ logger });
  const allowed = new Set(allowedOrigins);

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    reply.header('vary', 'Origin, Accept-Encoding');
    if (origin && allowed.has(origin)) {
      reply.header('access-control-allow-origin', origin);
      if (request.method === 'OPTIONS') {
        reply.header('access-control-allow-methods', 'GET, HEAD');
        reply.header('access-control-allow-headers', request.headers['access-control-request-headers'] ?? '');
        reply.header('access-control-max-age', '600');
        return reply.code(204).send();
      }
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    const type = String(reply.getHeader('content-type') ?? '');
    // Document headers, for the standalone page only: the files the portal loads across origins
    // run under the portal's own policies. The standalone page opens no popups: plain same-origin.
    if (type.startsWith('text/html')) {
      reply.header('content-security-policy', STANDALONE_CSP);
      reply.header('cross-origin-opener-policy', 'same-origin');
      reply.header('permissions-policy', PERMISSIONS_POLICY);
    }
    return payload;
  });

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    index: ['index.html'],
    cacheControl: false,
    dotfiles: 'ignore', // .build-stamp.json, .bundle-graph.json
    allowedPath: staticPathFilter(sourceMaps),
    // `.br`/`.gz` written by build-portal.mjs beside each text file, chosen by accept-encoding.
    preCompressed: true,
    setHeaders: staticHeaders,
  });
  // The standalone page's deep links (/collections/personal) get index.html; missing files stay 404.
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    if ((request.method === 'GET' || request.method === 'HEAD') && extname(path) === '') {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
  return app;
}

async function main() {
  const names = process.argv.slice(2);
  const selected = names.length ? names.map((name) => REMOTES.find((r) => r.name === name) ?? name) : REMOTES;
  const unknown = selected.filter((r) => typeof r === 'string');
  if (unknown.length) {
    console.error(`[remotes] unknown remote(s): ${unknown.join(', ')} (known: ${REMOTES.map((r) => r.name).join(', ')})`);
    process.exit(2);
  }
  const host = envValue(process.env, 'REMOTES_HOST') ?? '127.0.0.1';
  const allowedOrigins = (envValue(process.env, 'REMOTES_ALLOWED_ORIGINS') ?? portalOrigin()).split(',').map((o) => o.trim().replace(/\/+$/, ''));
  const sourceMaps = sourceMapsServed();
  const servers = [];
  for (const remote of selected) {
    const port = remotePort(remote);
    const app = await createRemoteServer({ distDir: join(remote.dir, 'dist'), allowedOrigins, sourceMaps, logger: { level: 'warn' } });
    await app.listen({ host, port });
    servers.push(app);
    console.log(`[remotes] ${remote.name.padEnd(12)} http://localhost:${port}/mf-manifest.json   (standalone: http://localhost:${port}${remote.routeBase})`);
  }
  const stop = async () => {
    await Promise.allSettled(servers.map((app) => app.close()));
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`[remotes] ${error.message}`);
    process.exit(1);
  });
}
