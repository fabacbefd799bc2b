// `npm start`: runs everything a newcomer needs on one machine with embedded defaults. It first
// builds the API server's JavaScript (scripts/build-server.mjs) and the host and the six remotes
// where their sources changed since the last build (scripts/build-portal.mjs), then runs the API
// server from that build (which also starts the dev identity provider and the embedded
// database), the portal and the remotes, and prints where everything is. Ctrl-C stops all of it
// cleanly: the signal reaches every child, and we wait for them before exiting. SKIP_BUILD=1
// serves what is in dist/ as it is (the server is built when it has no build at all).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildPortal, stopBuilds } from './build-portal.mjs';
import { buildServer, SERVER_DIR, SERVER_ENTRY } from './build-server.mjs';
import { apiUrlFromEnv, envValue, issuerFromEnv, portalOrigin, portalPort, remoteManifestUrl, remotePort, REMOTES } from './portal-layout.mjs';
import { root } from './workspace.mjs';

let stopping = false;
let children = [];

function stop(exitCode) {
  stopping = true;
  stopBuilds();
  const alive = children.filter((child) => child.exitCode === null && child.signalCode === null);
  if (alive.length === 0) process.exit(exitCode);
  let left = alive.length;
  for (const child of alive) {
    child.once('exit', () => {
      left -= 1;
      if (left === 0) process.exit(exitCode);
    });
    child.kill('SIGTERM');
  }
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

// One origin for the portal everywhere: the identity provider registers its redirect URIs for it
// and the remotes allow it by CORS.
// The portal's proxy runs on this machine: the API believes its X-Forwarded-For (and no one else's).
const env = { TRUST_PROXY: 'loopback', ...process.env, PORTAL_ORIGIN: portalOrigin(process.env) };
// No company issuer: this command is the local one, so it asks for the embedded dev identity
// provider (the server alone refuses to start without OIDC_ISSUER or DEV_IDP=on).
if (!envValue(env, 'OIDC_ISSUER')) env.DEV_IDP = 'on';

// The server's build takes a second: it comes first, so a broken one stops before the portal's.
if (envValue(env, 'SKIP_BUILD') !== '1' || !existsSync(join(SERVER_DIR, SERVER_ENTRY))) {
  try {
    await buildServer();
  } catch {
    console.error('[start] the build of the server failed (output above); nothing was started');
    process.exit(1);
  }
}
if (envValue(env, 'SKIP_BUILD') !== '1') {
  const result = await buildPortal({ env });
  if (!result.ok) {
    console.error(`[start] the build of ${result.failed.map((f) => f.name).join(', ')} failed (output above); nothing was started`);
    process.exit(1);
  }
}
if (stopping) process.exit(0);

// WEB_CONCURRENCY reaches the server with the rest of the environment: on the embedded PGlite it
// runs as one process whatever it says (the server warns); with DATABASE_URL it forks that many
// (default: one per core) sharing the API port, and stops them all when this script stops it.
const services = [
  { name: 'server', args: [join(SERVER_DIR, SERVER_ENTRY)] },
  { name: 'portal', args: ['scripts/serve-portal.mjs'] },
  { name: 'remotes', args: ['scripts/serve-remotes.mjs'] },
];

children = services.map(({ name, args }) => {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      if (code === 0) return stop(0); // stopped by a signal sent to it directly
      console.error(`[start] ${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the rest`);
      stop(code || 1);
    }
  });
  return child;
});

// When everything answers, one block with every address, the portal first.
const portalUrl = `http://localhost:${portalPort(env)}`;
const apiUrl = apiUrlFromEnv(env);
const issuer = issuerFromEnv(env);
const remoteUrls = REMOTES.map((remote) => ({ remote, url: `http://localhost:${remotePort(remote, env)}` }));
const checks = [
  `${portalUrl}/`,
  `${apiUrl}/health`,
  ...(envValue(env, 'OIDC_ISSUER') ? [] : [`${issuer}/.well-known/openid-configuration`]),
  ...remoteUrls.map(({ url }) => `${url}/mf-manifest.json`),
];
const deadline = Date.now() + 120_000;
while (!stopping) {
  const answers = await Promise.all(checks.map((url) => fetch(url).then((r) => r.ok, () => false)));
  if (answers.every(Boolean)) break;
  if (Date.now() > deadline) {
    console.error(`[start] not answering after 120 s: ${checks.filter((_, i) => !answers[i]).join(', ')}`);
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
}
if (!stopping) {
  const pad = (label) => label.padEnd(20);
  console.log(
    [
      '',
      `  ${pad('Portal')}${portalUrl}   <- open this${envValue(env, 'OIDC_ISSUER') ? '' : '; sign in as employee/employee or admin/admin'}`,
      `  ${pad('API server')}${apiUrl}/api   (health: ${apiUrl}/health)`,
      `  ${pad('Identity provider')}${issuer}${envValue(env, 'OIDC_ISSUER') ? '   (external)' : ''}`,
      ...remoteUrls.map(({ remote, url }) => {
        const registered = remoteManifestUrl(remote, env);
        const local = `${url}/mf-manifest.json`;
        return registered === local
          ? `  ${pad(`Remote ${remote.name}`)}${local}   (alone: ${url}${remote.routeBase})`
          : `  ${pad(`Remote ${remote.name}`)}${registered}   (from REMOTE_${remote.name.toUpperCase()}_URL; the local build is at ${local})`;
      }),
      '',
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
}
