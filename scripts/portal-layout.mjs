// The local layout of the portal: the remotes, their folders, default ports and registry
// entries (docs/federation.md). Read by the build, the servers, the start command and the bench.
// Nothing in the browser code depends on it: the host only reads /remotes.json.
import { join } from 'node:path';
import { root } from './workspace.mjs';

export const HOST_DIR = join(root, 'host');

/** Registry defaults per remote; navigation label keys are the shell's own (NAVIGATION.*). */
export const REMOTES = [
  {
    name: 'chat',
    port: 8091,
    routeBase: '/chat',
    featureFlag: 'enableChat',
    navigation: { labelKey: 'NAVIGATION.chat', icon: 'chat', order: 10 },
  },
  // Question answering is a use case (SPEC has no /qa route); the apps page links to it.
  { name: 'qa', port: 8092, routeBase: '/usecases/qa' },
  {
    name: 'translate',
    port: 8093,
    routeBase: '/translate',
    featureFlag: 'enableTranslate',
    navigation: { labelKey: 'NAVIGATION.translate', icon: 'translate', order: 30 },
  },
  {
    name: 'agents',
    port: 8094,
    routeBase: '/agents',
    feature: 'personalAgents',
    navigation: { labelKey: 'NAVIGATION.agents', icon: 'agents', order: 20 },
  },
  {
    name: 'collections',
    port: 8095,
    routeBase: '/collections',
    featureFlag: 'enableCollections',
    feature: 'collections',
    navigation: { labelKey: 'NAVIGATION.collections', icon: 'collections', order: 40 },
  },
  // Summarize, generate, transcribe and custom apps: one remote mounted at several route bases
  // (docs/decisions.md); the first mount is the remote's own, `mounts` adds the others. Each
  // names its route table (`mount`): the remote reads nothing from the URL to know its app.
  {
    name: 'usecases',
    port: 8096,
    routeBase: '/usecases/summarize',
    mount: 'summarize',
    featureFlag: 'enableExtensibleSummarize',
    navigation: { labelKey: 'NAVIGATION.summarize', icon: 'summarize', order: 50 },
    mounts: [
      { routeBase: '/usecases/generate', mount: 'generate', featureFlag: 'enableExtensibleGenerate', navigation: { labelKey: 'NAVIGATION.generate', icon: 'generate', order: 60 } },
      // Shown and routed only when the server has a transcription model (GET /api/transcriptions/config).
      { routeBase: '/usecases/transcribe', mount: 'transcribe', requires: 'transcription', navigation: { labelKey: 'NAVIGATION.transcribe', icon: 'transcribe', order: 70 } },
      { routeBase: '/create-your-own', mount: 'create-your-own', navigation: { labelKey: 'NAVIGATION.customApps', icon: 'apps', order: 80 } },
      // A custom app runs at /usecases/{id}; /usecases/qa and the mounts above are more specific.
      { routeBase: '/usecases', mount: 'custom-apps' },
    ],
  },
].map((remote) => ({ ...remote, dir: join(root, 'remotes', remote.name) }));

/** An environment variable, with the project's rule that an empty value means unset. */
export function envValue(env, key) {
  const value = env[key];
  return value === undefined || value === '' ? undefined : value;
}

export function envPort(env, key, fallback) {
  const raw = envValue(env, key);
  if (raw === undefined) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${key}: must be a port number, got "${raw}"`);
  return port;
}

const envKey = (name) => name.toUpperCase().replace(/[^A-Z0-9]/g, '_');

export function remotePort(remote, env = process.env) {
  return envPort(env, `REMOTE_${envKey(remote.name)}_PORT`, remote.port);
}

export function portalPort(env = process.env) {
  return envPort(env, 'PORTAL_PORT', 8080);
}

export function portalOrigin(env = process.env) {
  return (envValue(env, 'PORTAL_ORIGIN') ?? `http://localhost:${portalPort(env)}`).replace(/\/+$/, '');
}

/** Where the browser finds a remote's manifest: REMOTE_<NAME>_URL, else its local port. */
export function remoteManifestUrl(remote, env = process.env) {
  const override = envValue(env, `REMOTE_${envKey(remote.name)}_URL`);
  if (override) return /mf-manifest\.json$/.test(override) ? override : `${override.replace(/\/+$/, '')}/mf-manifest.json`;
  return `http://localhost:${remotePort(remote, env)}/mf-manifest.json`;
}

/** The registry document (`/remotes.json`) of the local layout. */
export function registryFromEnv(env = process.env) {
  return {
    remotes: REMOTES.flatMap(({ name, port, mounts = [], ...first }) =>
      [first, ...mounts].map(({ routeBase, mount, featureFlag, feature, requires, navigation }) => ({
        name,
        manifestUrl: remoteManifestUrl({ name, port }, env),
        routeBase,
        ...(mount ? { mount } : {}),
        ...(featureFlag ? { featureFlag } : {}),
        ...(feature ? { feature } : {}),
        ...(requires ? { requires } : {}),
        ...(navigation ? { navigation } : {}),
      })),
    ),
  };
}

/**
 * The identity provider's issuer as the server takes it (server/src/config.ts): OIDC_ISSUER exactly
 * as given, since a trailing slash may be part of the provider's issuer (oidc-client-ts finds
 * discovery below an authority with or without one); the dev provider's origin otherwise.
 */
export function issuerFromEnv(env = process.env) {
  const configured = envValue(env, 'OIDC_ISSUER');
  if (configured) return configured;
  return (envValue(env, 'IDP_ISSUER') ?? `http://localhost:${envPort(env, 'IDP_PORT', 8082)}`).replace(/\/+$/, '');
}

export function apiUrlFromEnv(env = process.env) {
  const explicit = envValue(env, 'API_URL');
  if (explicit) return explicit.replace(/\/+$/, '');
  const host = envValue(env, 'HOST');
  return `http://${!host || host === '0.0.0.0' ? '127.0.0.1' : host}:${envPort(env, 'PORT', 8081)}`;
}
