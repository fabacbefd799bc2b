#!/usr/bin/env node
// Entry point of the static image (deploy/docker/static.Dockerfile): one app per container, on one
// port, with the repository's own servers, so a container answers exactly as `npm start` does
// (docs/federation.md: cache headers, CSP from the registry, CORS, no source maps):
// - APP=host: the shell (scripts/serve-portal.mjs): its files, /remotes.json and
//   /portal-config.json (REMOTE_REGISTRY_FILE, PORTAL_CONFIG_FILE, e.g. from a ConfigMap),
//   /api and /nls proxied to API_URL;
// - APP=<remote>: that remote's dist (scripts/serve-remotes.mjs), CORS for REMOTES_ALLOWED_ORIGINS
//   (default PORTAL_ORIGIN).
// PORT (default 8080) and HOST (default 0.0.0.0) for both.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { envValue, portalOrigin, REMOTES } from '../../scripts/portal-layout.mjs';
import { createPortalServer, portalOptionsFromEnv, sourceMapsServed } from '../../scripts/serve-portal.mjs';
import { createRemoteServer } from '../../scripts/serve-remotes.mjs';
import { root } from '../../scripts/workspace.mjs';

/** The path the image's HEALTHCHECK and the Kubernetes probes ask: a file the app cannot run without. */
export function healthPath(app) {
  return app === 'host' ? '/portal-config.json' : '/mf-manifest.json';
}

/** Builds the app's server (not listening). `distDir` defaults to the repository layout. */
export async function createStaticServer(env = process.env, { distDir } = {}) {
  const app = envValue(env, 'APP');
  if (app === 'host') {
    const options = portalOptionsFromEnv({ ...env, PORTAL_PORT: envValue(env, 'PORT') ?? '8080' });
    return createPortalServer({ ...options, ...(distDir ? { distDir } : {}), logger: { level: 'warn' } });
  }
  const remote = REMOTES.find((r) => r.name === app);
  if (!remote) throw new Error(`APP: host or one of ${REMOTES.map((r) => r.name).join(', ')}, got ${JSON.stringify(app)}`);
  const allowedOrigins = (envValue(env, 'REMOTES_ALLOWED_ORIGINS') ?? portalOrigin(env)).split(',').map((o) => o.trim().replace(/\/+$/, ''));
  return createRemoteServer({ distDir: distDir ?? join(root, 'remotes', app, 'dist'), allowedOrigins, sourceMaps: sourceMapsServed(env), logger: { level: 'warn' } });
}

async function main() {
  const server = await createStaticServer();
  const port = Number(envValue(process.env, 'PORT') ?? 8080);
  await server.listen({ host: envValue(process.env, 'HOST') ?? '0.0.0.0', port });
  console.log(`[static] ${process.env.APP} on port ${port}`);
  // Kubernetes sends SIGTERM and then stops routing to the pod; close lets requests in flight end.
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`[static] ${error.message}`);
    process.exit(1);
  });
}
