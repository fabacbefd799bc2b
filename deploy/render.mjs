#!/usr/bin/env node
// Kubernetes manifests of the portal (docs/operations.md), rendered from values files into one
// multi-document YAML, in place of a Helm chart: no helm binary is available where this project is
// built and tested, and a template that no test renders is not shipped. Nothing but Node is needed.
//
//   node deploy/render.mjs                                  # deploy/values.json alone
//   node deploy/render.mjs -f my-values.json [-f more.json] # merged over it, in order (like helm -f)
//   node deploy/render.mjs -f my-values.json | kubectl apply -f -
//
// Values: deploy/values.json (every key explained in docs/operations.md). Objects merge key by key,
// arrays and scalars replace. Remotes are a map keyed by name, so a values file overrides one
// remote (its image tag) without repeating the others.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES, registryFromEnv } from '../scripts/portal-layout.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const DEFAULT_VALUES_FILE = join(here, 'values.json');
/** The remotes of the portal (scripts/portal-layout.mjs), in registry order. */
export const REMOTE_NAMES = REMOTES.map((remote) => remote.name);

/** Container ports: the server's API, the static servers (portal and remotes) and the metrics listener. */
export const SERVER_PORT = 8081;
export const STATIC_PORT = 8080;
/** The uid and gid of the `node` user of the official Node images, which both images run as. */
export const RUN_AS = 1000;

/**
 * Server variables that are secrets: only in the Secret, never in the ConfigMap (rendering refuses
 * them in `server.env`). Plus any name ending in _SECRET, _PASSWORD, _TOKEN or _API_KEY.
 */
export const SECRET_ENV = [
  'DATABASE_URL',
  'OIDC_INTROSPECTION_CLIENT_SECRET',
  'OPENAI_API_KEY',
  'TRANSCRIPTION_API_KEY',
  'DEEPL_API_KEY',
  'LIBRETRANSLATE_API_KEY',
  'METRICS_TOKEN',
  'OTEL_EXPORTER_OTLP_HEADERS',
  'OTEL_EXPORTER_OTLP_TRACES_HEADERS',
];
export const isSecretEnv = (key) => SECRET_ENV.includes(key) || /(_SECRET|_PASSWORD|_TOKEN|_API_KEY)$/.test(key);

/** Variables the renderer sets itself (from other values), so `server.env` cannot contradict them. */
const MANAGED_ENV = ['HOST', 'PORT', 'DATA_DIR', 'WEB_CONCURRENCY', 'PORTAL_ORIGIN', 'NODE_ENV', 'SETTINGS_SEED_FILE', 'METRICS_PORT', 'METRICS_HOST'];

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Helm-like merge: objects key by key, everything else (arrays too) replaced; null keeps null. */
export function mergeValues(base, override) {
  if (!isObject(base) || !isObject(override)) return structuredClone(override);
  const out = structuredClone(base);
  for (const [key, value] of Object.entries(override)) out[key] = key in out && isObject(out[key]) && isObject(value) ? mergeValues(out[key], value) : structuredClone(value);
  return out;
}

export function loadValues(files = [], { defaults = DEFAULT_VALUES_FILE } = {}) {
  const read = (file) => {
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new Error(`values file ${file}: ${error.message}`, { cause: error });
    }
  };
  return files.reduce((values, file) => mergeValues(values, read(file)), read(defaults));
}

const envKey = (name) => name.toUpperCase().replace(/[^A-Z0-9]/g, '_');
const sha256 = (text) => createHash('sha256').update(text).digest('hex');
const compact = (object) => Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined && v !== null));

/** Every problem of the values at once, as the server's configuration does. */
function check(values) {
  const problems = [];
  const env = values.server?.env ?? {};
  for (const key of Object.keys(env)) {
    if (isSecretEnv(key)) problems.push(`server.env.${key}: a secret; put it in server.secret (stringData or the existing Secret), not in the ConfigMap`);
    if (MANAGED_ENV.includes(key)) problems.push(`server.env.${key}: set by the renderer from other values (see docs/operations.md)`);
    if (key === 'DEV_IDP' || key.startsWith('IDP_') || key.startsWith('DEV_IDP_')) problems.push(`server.env.${key}: the dev identity provider is for local development only`);
  }
  if (!env.OIDC_ISSUER) problems.push('server.env.OIDC_ISSUER: required (the company identity provider; the server refuses to start without it)');
  for (const key of Object.keys(values.server?.secret?.stringData ?? {})) {
    if (key === 'DEV_IDP') problems.push('server.secret.stringData.DEV_IDP: the dev identity provider is for local development only');
  }
  if (!values.server?.secret?.create && Object.keys(values.server?.secret?.stringData ?? {}).length) {
    problems.push('server.secret.stringData: given but server.secret.create is false (the values would be ignored)');
  }
  if (!Number.isInteger(values.server?.replicas) || values.server.replicas < 1) problems.push('server.replicas: a whole number of at least 1');
  if (!Number.isInteger(values.server?.webConcurrency) || values.server.webConcurrency < 1) problems.push('server.webConcurrency: a whole number of at least 1');
  if (values.server?.replicas > 1 && !values.server?.persistence?.enabled) {
    problems.push('server.persistence.enabled: uploaded files live in DATA_DIR, which replicas must share (a ReadWriteMany volume)');
  }
  try {
    new URL(values.portalOrigin);
  } catch {
    problems.push(`portalOrigin: an absolute URL, got ${JSON.stringify(values.portalOrigin)}`);
  }
  for (const [name, remote] of Object.entries(values.remotes ?? {})) {
    if (!REMOTES.some((r) => r.name === name)) problems.push(`remotes.${name}: no such remote (known: ${REMOTES.map((r) => r.name).join(', ')})`);
    const merged = mergeValues(values.remoteDefaults ?? {}, remote ?? {});
    if (merged.publicUrl) {
      try {
        new URL(merged.publicUrl);
      } catch {
        problems.push(`remotes.${name}.publicUrl: an absolute URL, got ${JSON.stringify(merged.publicUrl)}`);
      }
    }
  }
  if (problems.length) throw new Error(`Invalid values:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}

/**
 * The manifests as objects, in apply order (configuration before the workloads that read it).
 * @param {object} values merged values (loadValues)
 */
export function renderManifests(values) {
  check(values);
  const name = values.name;
  const namespace = values.namespace ?? undefined;
  const images = values.images;
  const portalOrigin = values.portalOrigin.replace(/\/+$/, '');
  const serverName = `${name}-server`;
  const portalName = `${name}-portal`;
  const secretName = values.server.secret.name ?? `${serverName}-secrets`;

  const selectorLabels = (component) => ({ 'app.kubernetes.io/name': 'assistant', 'app.kubernetes.io/instance': name, 'app.kubernetes.io/component': component });
  const labels = (component, tag) => ({ ...selectorLabels(component), 'app.kubernetes.io/part-of': 'assistant-portal', 'app.kubernetes.io/managed-by': 'deploy-render', ...(tag ? { 'app.kubernetes.io/version': String(tag) } : {}) });
  const metadata = (resourceName, component, tag, extra = {}) => compact({ name: resourceName, namespace, labels: labels(component, tag), ...extra });
  const image = (own, app) => `${own?.repository ?? `${images.registry}/${app}`}:${own?.tag ?? images.tag}`;
  const tagOf = (own) => own?.tag ?? images.tag;

  const podSecurityContext = { runAsNonRoot: true, runAsUser: RUN_AS, runAsGroup: RUN_AS, fsGroup: RUN_AS, seccompProfile: { type: 'RuntimeDefault' } };
  const containerSecurityContext = { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } };
  const httpProbe = (path, port, timing) => ({ httpGet: { path, port }, timeoutSeconds: 3, ...timing });
  const probes = (path, port) => ({
    // Start: migrations and the first discovery of the identity provider may take a while.
    startupProbe: httpProbe(path, port, { periodSeconds: 5, failureThreshold: 30 }),
    readinessProbe: httpProbe(path, port, { periodSeconds: 10, failureThreshold: 3 }),
    // /health asks the database: a short database outage must not restart every pod at once.
    livenessProbe: httpProbe(path, port, { periodSeconds: 20, failureThreshold: 6 }),
  });
  const pdb = (resourceName, component, tag, budget) =>
    compact({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: metadata(resourceName, component, tag),
      spec: { ...(budget?.minAvailable !== undefined ? { minAvailable: budget.minAvailable } : { maxUnavailable: budget?.maxUnavailable ?? 1 }), selector: { matchLabels: selectorLabels(component) } },
    });
  const service = (resourceName, component, tag, ports) => ({
    apiVersion: 'v1',
    kind: 'Service',
    metadata: metadata(resourceName, component, tag),
    spec: { type: 'ClusterIP', selector: selectorLabels(component), ports },
  });
  const podSpecCommon = (own) =>
    compact({
      securityContext: podSecurityContext,
      automountServiceAccountToken: false,
      imagePullSecrets: images.pullSecrets?.length ? images.pullSecrets.map((secret) => ({ name: secret })) : undefined,
      nodeSelector: own?.nodeSelector && Object.keys(own.nodeSelector).length ? own.nodeSelector : undefined,
      tolerations: own?.tolerations?.length ? own.tolerations : undefined,
      affinity: own?.affinity ?? undefined,
    });
  const deployment = ({ resourceName, component, tag, replicas, annotations, container, volumes, extraPod = {} }) => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: metadata(resourceName, component, tag),
    spec: {
      replicas,
      revisionHistoryLimit: 5,
      selector: { matchLabels: selectorLabels(component) },
      // A new pod is ready before an old one goes: no capacity lost during a rollout.
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: compact({ labels: labels(component, tag), annotations: annotations && Object.keys(annotations).length ? annotations : undefined }),
        spec: { ...extraPod, containers: [container], volumes },
      },
    },
  });

  const documents = [];

  // ---- API server -------------------------------------------------------------------------------
  const server = values.server;
  const serverTag = tagOf(server.image);
  const metricsPort = server.metrics?.port ?? undefined;
  const serverEnv = {
    NODE_ENV: 'production',
    HOST: '0.0.0.0',
    PORT: String(SERVER_PORT),
    DATA_DIR: '/data',
    WEB_CONCURRENCY: String(server.webConcurrency),
    PORTAL_ORIGIN: portalOrigin,
    ...(server.settingsSeed ? { SETTINGS_SEED_FILE: '/etc/assistant/settings.seed.json' } : {}),
    ...(metricsPort ? { METRICS_PORT: String(metricsPort), METRICS_HOST: '0.0.0.0' } : {}),
    ...Object.fromEntries(Object.entries(server.env).filter(([, v]) => v !== null && v !== undefined).map(([k, v]) => [k, String(v)])),
  };
  const serverConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: metadata(`${serverName}-env`, 'server', serverTag), data: serverEnv };
  documents.push(serverConfigMap);
  let seedConfigMap;
  if (server.settingsSeed) {
    seedConfigMap = {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: metadata(`${serverName}-seed`, 'server', serverTag),
      data: { 'settings.seed.json': `${JSON.stringify(server.settingsSeed, null, 2)}\n` },
    };
    documents.push(seedConfigMap);
  }
  if (server.secret.create) {
    documents.push({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: metadata(secretName, 'server', serverTag),
      type: 'Opaque',
      stringData: Object.fromEntries(Object.entries(server.secret.stringData ?? {}).map(([k, v]) => [k, String(v)])),
    });
  }
  const persistence = server.persistence ?? {};
  const claimName = persistence.existingClaim ?? `${serverName}-data`;
  if (persistence.enabled && !persistence.existingClaim) {
    documents.push({
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: metadata(claimName, 'server', undefined),
      spec: compact({ accessModes: persistence.accessModes ?? ['ReadWriteMany'], storageClassName: persistence.storageClassName ?? undefined, resources: { requests: { storage: persistence.size } } }),
    });
  }
  const serverVolumes = [
    { name: 'tmp', emptyDir: {} },
    persistence.enabled ? { name: 'data', persistentVolumeClaim: { claimName } } : { name: 'data', emptyDir: {} },
    ...(seedConfigMap ? [{ name: 'seed', configMap: { name: seedConfigMap.metadata.name } }] : []),
  ];
  documents.push(
    deployment({
      resourceName: serverName,
      component: 'server',
      tag: serverTag,
      replicas: server.replicas,
      // A changed ConfigMap (or seed) rolls the pods: the server reads its environment once at start.
      annotations: compact({
        'checksum/config': sha256(JSON.stringify([serverConfigMap.data, seedConfigMap?.data ?? null])),
        ...(metricsPort ? { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(metricsPort), 'prometheus.io/path': '/metrics' } : {}),
      }),
      extraPod: { ...podSpecCommon(server), terminationGracePeriodSeconds: server.terminationGracePeriodSeconds ?? 45 },
      container: {
        name: 'server',
        image: image(server.image, 'server'),
        imagePullPolicy: images.pullPolicy,
        ports: [{ name: 'http', containerPort: SERVER_PORT, protocol: 'TCP' }, ...(metricsPort ? [{ name: 'metrics', containerPort: metricsPort, protocol: 'TCP' }] : [])],
        envFrom: [{ configMapRef: { name: serverConfigMap.metadata.name } }, { secretRef: { name: secretName } }],
        ...probes('/health', 'http'),
        resources: server.resources,
        securityContext: containerSecurityContext,
        volumeMounts: [
          { name: 'tmp', mountPath: '/tmp' },
          { name: 'data', mountPath: '/data' },
          ...(seedConfigMap ? [{ name: 'seed', mountPath: '/etc/assistant', readOnly: true }] : []),
        ],
      },
      volumes: serverVolumes,
    }),
  );
  documents.push(
    service(serverName, 'server', serverTag, [
      { name: 'http', port: SERVER_PORT, targetPort: 'http', protocol: 'TCP' },
      ...(metricsPort ? [{ name: 'metrics', port: metricsPort, targetPort: 'metrics', protocol: 'TCP' }] : []),
    ]),
  );
  documents.push(pdb(serverName, 'server', serverTag, server.podDisruptionBudget));

  // ---- remotes (resolved first: the portal's registry names their URLs) ---------------------------
  const remotes = REMOTES.map((layout) => ({ layout, own: mergeValues(values.remoteDefaults ?? {}, values.remotes?.[layout.name] ?? {}) })).filter(
    ({ layout, own }) => values.remotes?.[layout.name] !== undefined && own.enabled !== false,
  );
  // Where browsers load a remote: publicUrl (a CDN, another ingress), else its own host name on
  // this ingress, by default <remote>.<portal host> (a path prefix would need a rewriting ingress).
  const portalHost = new URL(portalOrigin).hostname;
  const remoteHost = (layout, own) => own.host ?? `${layout.name}.${portalHost}`;
  const publicUrl = (layout, own) => (own.publicUrl ?? `https://${remoteHost(layout, own)}`).replace(/\/+$/, '');

  // ---- portal shell -------------------------------------------------------------------------------
  const portal = values.portal;
  const portalTag = tagOf(portal.image);
  const registryEnv = Object.fromEntries(remotes.map(({ layout, own }) => [`REMOTE_${envKey(layout.name)}_URL`, publicUrl(layout, own)]));
  const enabledNames = new Set(remotes.map(({ layout }) => layout.name));
  const registry = { remotes: registryFromEnv(registryEnv).remotes.filter((entry) => enabledNames.has(entry.name)) };
  const portalConfig = mergeValues({ oidc: { authority: server.env.OIDC_ISSUER, clientId: server.env.OIDC_CLIENT_ID ?? 'assistant-portal' } }, portal.config ?? {});
  const portalFiles = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: metadata(`${portalName}-files`, 'portal', portalTag),
    data: { 'remotes.json': `${JSON.stringify(registry, null, 2)}\n`, 'portal-config.json': `${JSON.stringify(portalConfig, null, 2)}\n` },
  };
  documents.push(portalFiles);
  documents.push(
    deployment({
      resourceName: portalName,
      component: 'portal',
      tag: portalTag,
      replicas: portal.replicas,
      // No checksum: the portal reads both files on every request, and a mounted ConfigMap (not
      // subPath) is updated in place, so a registry change reaches users without a rollout.
      annotations: undefined,
      extraPod: podSpecCommon(portal),
      container: {
        name: 'portal',
        image: image(portal.image, 'host'),
        imagePullPolicy: images.pullPolicy,
        ports: [{ name: 'http', containerPort: STATIC_PORT, protocol: 'TCP' }],
        env: [
          { name: 'PORT', value: String(STATIC_PORT) },
          { name: 'PORTAL_ORIGIN', value: portalOrigin },
          { name: 'API_URL', value: `http://${serverName}:${SERVER_PORT}` },
          { name: 'REMOTE_REGISTRY_FILE', value: '/etc/assistant/remotes.json' },
          { name: 'PORTAL_CONFIG_FILE', value: '/etc/assistant/portal-config.json' },
        ],
        ...probes('/portal-config.json', 'http'),
        resources: portal.resources,
        securityContext: containerSecurityContext,
        volumeMounts: [
          { name: 'tmp', mountPath: '/tmp' },
          { name: 'files', mountPath: '/etc/assistant', readOnly: true },
        ],
      },
      volumes: [
        { name: 'tmp', emptyDir: {} },
        { name: 'files', configMap: { name: portalFiles.metadata.name } },
      ],
    }),
  );
  documents.push(service(portalName, 'portal', portalTag, [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }]));
  if (portal.replicas > 1) documents.push(pdb(portalName, 'portal', portalTag, portal.podDisruptionBudget));

  // ---- each remote: its own Deployment, Service and budget, its own image tag --------------------
  for (const { layout, own } of remotes) {
    const component = `remote-${layout.name}`;
    const resourceName = `${name}-${component}`;
    const tag = tagOf(own.image);
    documents.push(
      deployment({
        resourceName,
        component,
        tag,
        replicas: own.replicas,
        annotations: undefined,
        extraPod: podSpecCommon(own),
        container: {
          name: 'remote',
          image: image(own.image, layout.name),
          imagePullPolicy: images.pullPolicy,
          ports: [{ name: 'http', containerPort: STATIC_PORT, protocol: 'TCP' }],
          env: [
            { name: 'PORT', value: String(STATIC_PORT) },
            // CORS: the portal's pages load the manifest and chunks from this origin.
            { name: 'REMOTES_ALLOWED_ORIGINS', value: portalOrigin },
          ],
          ...probes('/mf-manifest.json', 'http'),
          resources: own.resources,
          securityContext: containerSecurityContext,
          volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
        },
        volumes: [{ name: 'tmp', emptyDir: {} }],
      }),
    );
    documents.push(service(resourceName, component, tag, [{ name: 'http', port: 80, targetPort: 'http', protocol: 'TCP' }]));
    if (own.replicas > 1) documents.push(pdb(resourceName, component, tag, own.podDisruptionBudget));
  }

  // ---- ingress (optional) -------------------------------------------------------------------------
  const ingress = values.ingress ?? {};
  if (ingress.enabled) {
    const backend = (serviceName, port) => ({ service: { name: serviceName, port: { number: port } } });
    const rules = [
      {
        host: portalHost,
        http: {
          paths: [
            // The API directly to the server (one hop fewer for streamed answers); the portal would
            // proxy them too (API_URL), e.g. when the ingress is not used.
            { path: '/api', pathType: 'Prefix', backend: backend(serverName, SERVER_PORT) },
            { path: '/nls', pathType: 'Prefix', backend: backend(serverName, SERVER_PORT) },
            { path: '/', pathType: 'Prefix', backend: backend(portalName, 80) },
          ],
        },
      },
      ...remotes
        .filter(({ own }) => !own.publicUrl)
        .map(({ layout, own }) => ({ host: remoteHost(layout, own), http: { paths: [{ path: '/', pathType: 'Prefix', backend: backend(`${name}-remote-${layout.name}`, 80) }] } })),
    ];
    documents.push({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: metadata(name, 'ingress', undefined, { annotations: Object.keys(ingress.annotations ?? {}).length ? ingress.annotations : undefined }),
      spec: compact({ ingressClassName: ingress.className ?? undefined, tls: ingress.tls?.length ? ingress.tls : undefined, rules }),
    });
  }
  return documents;
}

// ---- YAML output ----------------------------------------------------------------------------------

const PLAIN = /^[A-Za-z_/][A-Za-z0-9_./-]*$/;
const RESERVED = /^(true|false|yes|no|on|off|y|n|null|~)$/i;

function scalar(value) {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  const text = String(value);
  // A JSON string is a valid YAML double-quoted scalar.
  return PLAIN.test(text) && !RESERVED.test(text) ? text : JSON.stringify(text);
}

/** Multi-line text as a literal block when it can be one exactly; else null (quoted instead). */
function literalBlock(text, indent) {
  if (!text.includes('\n') || /[\r\t]/.test(text) || /^\s/.test(text) || /[ ]\n|[ ]$/.test(text) || /\n\n+$/.test(text)) return null;
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  const pad = ' '.repeat(indent);
  return `${text.endsWith('\n') ? '|' : '|-'}\n${body
    .split('\n')
    .map((line) => (line ? pad + line : ''))
    .join('\n')}`;
}

function emit(value, indent) {
  const pad = ' '.repeat(indent);
  if (Array.isArray(value)) {
    if (value.length === 0) return ' []';
    return `\n${value
      .map((item) => {
        if (isObject(item) && Object.keys(item).length) return `${pad}- ${emit(item, indent + 2).replace(/^\n\s*/, '')}`;
        return `${pad}-${emit(item, indent + 2)}`;
      })
      .join('\n')}`;
  }
  if (isObject(value)) {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return ' {}';
    return `\n${entries.map(([key, v]) => `${pad}${scalar(key)}:${emit(v, indent + 2)}`).join('\n')}`;
  }
  if (typeof value === 'string') {
    const block = literalBlock(value, indent);
    if (block) return ` ${block}`;
  }
  return ` ${scalar(value)}`;
}

export function toYaml(documents) {
  return documents.map((document) => `---\n${emit(document, 0).replace(/^\n/, '')}\n`).join('');
}

function parseArgs(argv) {
  const files = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '-f' || argv[i] === '--values') files.push(resolve(argv[++i] ?? ''));
    else if (argv[i].startsWith('--values=')) files.push(resolve(argv[i].slice('--values='.length)));
    else throw new Error(`unknown argument ${argv[i]} (usage: node deploy/render.mjs [-f values.json ...])`);
  }
  return files;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.stdout.write(toYaml(renderManifests(loadValues(parseArgs(process.argv.slice(2))))));
  } catch (error) {
    console.error(`[render] ${error.message}`);
    process.exit(1);
  }
}
