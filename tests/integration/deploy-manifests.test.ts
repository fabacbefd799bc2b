// The deployment files (docs/operations.md), checked where no cluster and no Docker daemon run:
// the Kubernetes manifests that deploy/render.mjs renders from the default values and from the
// production example are valid YAML, valid against the Kubernetes OpenAPI schemas
// (kubernetes-models' validators, plus TypeScript's excess-property check against the same
// models' types, which catches misspelt or misplaced fields the validators let through), and say
// what matters; the Dockerfiles have their stages, a non-root user and a health check.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { adminSettingsSchema, portalRuntimeConfigSchema, remoteRegistryEntrySchema, remoteRegistrySchema } from '@assistant/contracts';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';
import { createStaticServer, healthPath } from '../../deploy/docker/static-server.mjs';
import { SERVER_ENTRY } from '../../scripts/build-server.mjs';
import { isSecretEnv, loadValues, mergeValues, REMOTE_NAMES, renderManifests, RUN_AS, SERVER_PORT, toYaml, type Manifest, type Values } from '../../deploy/render.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PRODUCTION_VALUES = join(root, 'deploy/examples/values.production.json');
const ALL_REMOTES = REMOTE_NAMES;

/** Secret values that must reach the Secret and nothing else. */
const SENTINELS = {
  DATABASE_URL: 'postgres://assistant:sentinel-db-password@postgres:5432/assistant',
  OPENAI_API_KEY: 'sentinel-openai-key-0123456789',
  METRICS_TOKEN: 'sentinel-metrics-token-0123456789',
  OIDC_INTROSPECTION_CLIENT_SECRET: 'sentinel-introspection-secret',
};

/** The production example, with the Secret rendered from values so the sentinels are in play. */
function productionValues(extra: Values = {}): Values {
  return mergeValues(loadValues([PRODUCTION_VALUES]), mergeValues({ server: { secret: { create: true, stringData: SENTINELS } } }, extra));
}

const VALIDATORS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': Service,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': Ingress,
};
const TYPES: Record<string, [string, string]> = {
  'apps/v1/Deployment': ['IDeployment', 'kubernetes-models/apps/v1/Deployment'],
  'v1/Service': ['IService', 'kubernetes-models/v1/Service'],
  'v1/ConfigMap': ['IConfigMap', 'kubernetes-models/v1/ConfigMap'],
  'v1/Secret': ['ISecret', 'kubernetes-models/v1/Secret'],
  'v1/PersistentVolumeClaim': ['IPersistentVolumeClaim', 'kubernetes-models/v1/PersistentVolumeClaim'],
  'policy/v1/PodDisruptionBudget': ['IPodDisruptionBudget', 'kubernetes-models/policy/v1/PodDisruptionBudget'],
  'networking.k8s.io/v1/Ingress': ['IIngress', 'kubernetes-models/networking.k8s.io/v1/Ingress'],
};
const typeKey = (doc: Manifest) => `${doc.apiVersion}/${doc.kind}`;

/** The YAML as kubectl would read it: every document parsed, no errors or warnings. */
function parseYaml(text: string): unknown[] {
  return parseAllDocuments(text).map((document, index) => {
    assert.deepEqual(document.errors, [], `document ${index}: YAML errors`);
    assert.deepEqual(document.warnings, [], `document ${index}: YAML warnings`);
    return document.toJS();
  });
}

function validateSchemas(documents: Manifest[]) {
  for (const doc of documents) {
    const Model = VALIDATORS[typeKey(doc)];
    assert.ok(Model, `no schema for ${typeKey(doc)} (${doc.metadata.name})`);
    assert.doesNotThrow(() => new Model(doc as never).validate(), `${doc.kind} ${doc.metadata.name} against the Kubernetes schema`);
    assert.match(doc.metadata.name, /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, `${doc.metadata.name}: a DNS-1123 label`);
    assert.ok(doc.metadata.name.length <= 63, `${doc.metadata.name}: at most 63 characters`);
  }
}

/**
 * Every document as an object literal typed with kubernetes-models' interface of its kind, compiled
 * in memory: an unknown field anywhere (a typo, a field one level too deep) is an excess-property
 * error, which the schema validators (additional properties allowed) do not report.
 */
function typeCheck(sets: Manifest[][]): string[] {
  const fileName = join(root, 'tests/integration/__rendered-manifests__.ts');
  const used = new Set(sets.flat().map(typeKey));
  const source = [
    ...[...used].map((key) => `import type { ${TYPES[key]![0]} } from '${TYPES[key]![1]}';`),
    ...sets.flatMap((documents, set) => documents.map((doc, i) => `export const d${set}_${i}: ${TYPES[typeKey(doc)]![0]} = ${JSON.stringify(doc)};`)),
  ].join('\n');
  const options: ts.CompilerOptions = { strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, types: [] };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, languageVersion, ...rest) => (resolve(name) === fileName ? ts.createSourceFile(name, source, languageVersion, true) : getSourceFile(name, languageVersion, ...rest));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => resolve(name) === fileName || fileExists(name);
  const program = ts.createProgram([fileName], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const byKind = (documents: Manifest[], kind: string) => documents.filter((d) => d.kind === kind);
const find = (documents: Manifest[], kind: string, name: string) => {
  const doc = documents.find((d) => d.kind === kind && d.metadata.name === name);
  assert.ok(doc, `${kind} ${name} rendered`);
  return doc;
};
const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) => Object.entries(selector).every(([k, v]) => labels[k] === v);

/** What every workload must have, whatever the values. */
function checkWorkloads(documents: Manifest[]) {
  const deployments = byKind(documents, 'Deployment');
  for (const deployment of deployments) {
    const name = deployment.metadata.name;
    const pod = deployment.spec.template;
    assert.ok(matches(deployment.spec.selector.matchLabels, pod.metadata.labels), `${name}: its selector matches its pods`);
    const others = deployments.filter((d) => d !== deployment);
    assert.ok(others.every((d) => !matches(deployment.spec.selector.matchLabels, d.spec.template.metadata.labels)), `${name}: its selector matches no other Deployment's pods`);

    const podSecurity = pod.spec.securityContext;
    assert.equal(podSecurity.runAsNonRoot, true, `${name}: runAsNonRoot`);
    assert.ok(podSecurity.runAsUser > 0, `${name}: a non-root uid`);
    assert.equal(podSecurity.runAsUser, RUN_AS, `${name}: the images' user`);
    assert.equal(podSecurity.seccompProfile.type, 'RuntimeDefault');
    assert.equal(pod.spec.automountServiceAccountToken, false, `${name}: no API token in the pod`);
    for (const container of pod.spec.containers) {
      const security = container.securityContext;
      assert.equal(security.allowPrivilegeEscalation, false, `${name}: no privilege escalation`);
      assert.equal(security.readOnlyRootFilesystem, true, `${name}: read-only root file system`);
      assert.deepEqual(security.capabilities.drop, ['ALL'], `${name}: every capability dropped`);
      assert.notEqual(security.privileged, true);
      for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) assert.ok(container[probe]?.httpGet, `${name}: ${probe}`);
      assert.ok(container.resources?.requests?.cpu && container.resources?.limits?.memory, `${name}: resource requests and limits`);
      const portNames = (container.ports ?? []).map((p: { name: string }) => p.name);
      for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) assert.ok(portNames.includes(container[probe].httpGet.port), `${name}: ${probe} on a declared port`);
      const volumes = new Set(pod.spec.volumes.map((v: { name: string }) => v.name));
      for (const mount of container.volumeMounts ?? []) assert.ok(volumes.has(mount.name), `${name}: volume ${mount.name} declared`);
      assert.ok(container.volumeMounts.some((m: { mountPath: string }) => m.mountPath === '/tmp'), `${name}: a writable /tmp beside the read-only root`);
      assert.ok(!/:latest$|^[^:]+$/.test(container.image), `${name}: a pinned image tag (${container.image})`);
    }
    assert.equal(deployment.spec.strategy.rollingUpdate.maxUnavailable, 0, `${name}: rollouts keep capacity`);
  }
  for (const service of byKind(documents, 'Service')) {
    const pods = deployments.filter((d) => matches(service.spec.selector, d.spec.template.metadata.labels));
    assert.equal(pods.length, 1, `Service ${service.metadata.name} selects the pods of exactly one Deployment`);
    const portNames = pods[0]!.spec.template.spec.containers.flatMap((c: { ports: { name: string }[] }) => c.ports.map((p) => p.name));
    for (const port of service.spec.ports) assert.ok(portNames.includes(port.targetPort), `Service ${service.metadata.name}: target port ${port.targetPort} exists`);
  }
  for (const pdb of byKind(documents, 'PodDisruptionBudget')) {
    const pods = deployments.filter((d) => matches(pdb.spec.selector.matchLabels, d.spec.template.metadata.labels));
    assert.equal(pods.length, 1, `PodDisruptionBudget ${pdb.metadata.name} covers exactly one Deployment`);
    assert.ok(pods[0]!.spec.replicas > 1, `PodDisruptionBudget ${pdb.metadata.name}: only where there is more than one replica`);
  }
  // What every workload reads exists in this render (the server's Secret may be created outside it).
  const names = (kind: string) => new Set(byKind(documents, kind).map((d) => d.metadata.name));
  for (const deployment of deployments) {
    for (const volume of deployment.spec.template.spec.volumes) {
      if (volume.configMap) assert.ok(names('ConfigMap').has(volume.configMap.name), `${deployment.metadata.name}: ConfigMap ${volume.configMap.name} rendered`);
      if (volume.persistentVolumeClaim) assert.ok(names('PersistentVolumeClaim').has(volume.persistentVolumeClaim.claimName) || volume.persistentVolumeClaim.claimName);
    }
  }
}

function checkServer(documents: Manifest[], { replicas, webConcurrency }: { replicas: number; webConcurrency: number }) {
  const server = find(documents, 'Deployment', 'assistant-server');
  assert.equal(server.spec.replicas, replicas);
  const container = server.spec.template.spec.containers[0];
  const http = container.ports.find((p: { name: string }) => p.name === 'http');
  assert.equal(http.containerPort, SERVER_PORT);
  for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) {
    assert.equal(container[probe].httpGet.path, '/health', `server ${probe} on /health`);
    assert.equal(container[probe].httpGet.port, 'http');
  }
  // Configuration from the ConfigMap, secrets from the Secret.
  const configMapName = container.envFrom.find((e: { configMapRef?: unknown }) => e.configMapRef).configMapRef.name;
  const secretName = container.envFrom.find((e: { secretRef?: unknown }) => e.secretRef).secretRef.name;
  const env = find(documents, 'ConfigMap', configMapName).data;
  assert.equal(env.WEB_CONCURRENCY, String(webConcurrency));
  assert.equal(env.HOST, '0.0.0.0');
  assert.equal(env.PORT, String(SERVER_PORT));
  assert.equal(env.NODE_ENV, 'production');
  assert.ok(env.OIDC_ISSUER, 'OIDC_ISSUER configured');
  assert.equal(env.DEV_IDP, undefined, 'no dev identity provider in production');
  assert.ok(!Object.keys(env).some(isSecretEnv), `no secret in the server's ConfigMap: ${Object.keys(env).join(', ')}`);
  const annotations = server.spec.template.metadata.annotations;
  assert.match(annotations['checksum/config'], /^[0-9a-f]{64}$/, 'a ConfigMap change rolls the pods');
  // Uploaded files in DATA_DIR, shared by every replica.
  const data = server.spec.template.spec.volumes.find((v: { name: string }) => v.name === 'data');
  assert.ok(data.persistentVolumeClaim, 'DATA_DIR on a persistent volume');
  const pvc = byKind(documents, 'PersistentVolumeClaim').find((p) => p.metadata.name === data.persistentVolumeClaim.claimName);
  if (pvc) assert.ok(pvc.spec.accessModes.includes('ReadWriteMany'), 'replicas on several nodes share it');
  // The budget selects the server pods.
  const pdb = find(documents, 'PodDisruptionBudget', 'assistant-server');
  assert.ok(matches(pdb.spec.selector.matchLabels, server.spec.template.metadata.labels), 'the PodDisruptionBudget selects the server pods');
  return { secretName };
}

function checkPortal(documents: Manifest[], remotes: string[]) {
  const files = find(documents, 'ConfigMap', 'assistant-portal-files').data;
  const document = remoteRegistrySchema.parse(JSON.parse(files['remotes.json']));
  // The host checks each entry on its own and skips a bad one: here every entry must be good.
  const registry = { remotes: document.remotes.map((entry) => remoteRegistryEntrySchema.parse(entry)) };
  assert.deepEqual([...new Set(registry.remotes.map((r) => r.name))], remotes, 'the registry names every enabled remote, in order');
  for (const entry of registry.remotes) assert.match(entry.manifestUrl, /^https:\/\/.+\/mf-manifest\.json$/);
  const config = portalRuntimeConfigSchema.parse(JSON.parse(files['portal-config.json']));
  const serverEnv = find(documents, 'ConfigMap', 'assistant-server-env').data;
  assert.equal(config.oidc.authority, serverEnv.OIDC_ISSUER, 'the browser signs in at the issuer the server trusts');
  const portal = find(documents, 'Deployment', 'assistant-portal');
  const container = portal.spec.template.spec.containers[0];
  const env = Object.fromEntries(container.env.map((e: { name: string; value: string }) => [e.name, e.value]));
  assert.equal(env.API_URL, `http://assistant-server:${SERVER_PORT}`, 'the portal proxies /api to the server Service');
  assert.ok(find(documents, 'Service', 'assistant-server'));
  const mount = container.volumeMounts.find((m: { name: string }) => m.name === 'files');
  assert.equal(env.REMOTE_REGISTRY_FILE, `${mount.mountPath}/remotes.json`);
  assert.equal(env.PORTAL_CONFIG_FILE, `${mount.mountPath}/portal-config.json`);
  assert.equal(mount.subPath, undefined, 'mounted whole (not subPath), so a registry change arrives without a restart');
  assert.equal(container.readinessProbe.httpGet.path, healthPath('host'));
  // Each remote its own Deployment and Service.
  for (const name of remotes) {
    const remote = find(documents, 'Deployment', `assistant-remote-${name}`);
    assert.equal(remote.spec.template.spec.containers.length, 1);
    assert.equal(remote.spec.template.spec.containers[0].readinessProbe.httpGet.path, healthPath(name));
    find(documents, 'Service', `assistant-remote-${name}`);
  }
  const remoteDeployments = byKind(documents, 'Deployment').filter((d) => d.metadata.name.startsWith('assistant-remote-'));
  assert.equal(remoteDeployments.length, remotes.length, 'no Deployment of a disabled remote');
  return registry;
}

describe('deploy/render.mjs: default values', () => {
  const documents = renderManifests(loadValues());

  it('renders YAML that parses back to the same documents', () => {
    const text = toYaml(documents);
    assert.deepEqual(parseYaml(text), JSON.parse(JSON.stringify(documents)));
  });

  it('validates every document against the Kubernetes OpenAPI schemas', () => {
    validateSchemas(documents);
    assert.deepEqual(
      [...new Set(documents.map(typeKey))].sort(),
      ['apps/v1/Deployment', 'policy/v1/PodDisruptionBudget', 'v1/ConfigMap', 'v1/PersistentVolumeClaim', 'v1/Service'].sort(),
      'the default values create no Secret and no Ingress',
    );
  });

  it('server: two replicas, probes on /health, ConfigMap and Secret, budget on its pods', () => {
    const { secretName } = checkServer(documents, { replicas: 2, webConcurrency: 2 });
    assert.equal(secretName, 'assistant-server-secrets', 'the Secret is created outside the manifests by default');
  });

  it('portal and each of the six remotes as its own Deployment', () => {
    checkPortal(documents, ALL_REMOTES);
  });

  it('every workload: non-root, read-only, probes, resources, selectors that match', () => {
    checkWorkloads(documents);
  });
});

describe('deploy/render.mjs: production example (three replicas, two remotes on their own tags)', () => {
  const values = productionValues({ server: { settingsSeed: JSON.parse(readFileSync(join(root, 'server/seed/settings.demo.json'), 'utf8')) } });
  const documents = renderManifests(values);
  const defaults = renderManifests(loadValues());
  const enabled = ALL_REMOTES.filter((name) => name !== 'agents');

  it('renders YAML that parses back to the same documents and validates against the schemas', () => {
    assert.deepEqual(parseYaml(toYaml(documents)), JSON.parse(JSON.stringify(documents)));
    validateSchemas(documents);
    for (const kind of ['Secret', 'Ingress']) assert.equal(byKind(documents, kind).length, 1, `one ${kind}`);
  });

  it('has no field the Kubernetes types do not know (TypeScript excess-property check)', () => {
    const diagnostics = typeCheck([defaults, documents]);
    assert.deepEqual(diagnostics, []);
    // The check bites: a misspelt field is reported.
    const broken = structuredClone(documents);
    find(broken, 'Deployment', 'assistant-server').spec.template.spec.containers[0].readinessprobe = { httpGet: { path: '/health', port: 'http' } };
    assert.ok(typeCheck([broken]).some((message) => /readinessprobe/.test(message)), 'a misspelt field is caught');
  });

  it('server: three replicas, WEB_CONCURRENCY, metrics, the seed validated by the contracts', () => {
    const { secretName } = checkServer(documents, { replicas: 3, webConcurrency: 4 });
    const secret = find(documents, 'Secret', secretName);
    assert.deepEqual(secret.stringData, SENTINELS);
    const server = find(documents, 'Deployment', 'assistant-server');
    assert.ok(server.spec.template.spec.containers[0].ports.some((p: { name: string; containerPort: number }) => p.name === 'metrics' && p.containerPort === 9464));
    assert.equal(find(documents, 'PodDisruptionBudget', 'assistant-server').spec.minAvailable, 2);
    const seed = JSON.parse(find(documents, 'ConfigMap', 'assistant-server-seed').data['settings.seed.json']);
    assert.doesNotThrow(() => adminSettingsSchema.parse(seed));
    assert.equal(find(documents, 'ConfigMap', 'assistant-server-env').data.SETTINGS_SEED_FILE, '/etc/assistant/settings.seed.json');
  });

  it('no secret value anywhere but in the Secret', () => {
    const outside = JSON.stringify(documents.filter((d) => d.kind !== 'Secret'));
    for (const [key, value] of Object.entries(SENTINELS)) assert.ok(!outside.includes(value), `${key}'s value only in the Secret`);
    for (const configMap of byKind(documents, 'ConfigMap')) assert.ok(!Object.keys(configMap.data).some(isSecretEnv), `${configMap.metadata.name}: no secret key`);
  });

  it('the remotes: agents disabled, chat and collections on their own tags, the others on the release tag', () => {
    const registry = checkPortal(documents, enabled);
    const image = (name: string) => find(documents, 'Deployment', `assistant-remote-${name}`).spec.template.spec.containers[0].image;
    assert.equal(image('chat'), 'registry.corp.example/assistant/chat:3.245.0');
    assert.equal(image('collections'), 'registry.corp.example/assistant/collections:3.244.2');
    for (const name of ['qa', 'translate', 'usecases']) assert.equal(image(name), `registry.corp.example/assistant/${name}:3.244.1`);
    assert.equal(find(documents, 'Deployment', 'assistant-remote-chat').spec.replicas, 3);
    assert.ok(registry.remotes.filter((r) => r.name === 'chat').every((r) => r.manifestUrl === 'https://cdn.corp.example/assistant/chat/mf-manifest.json'));
    assert.ok(registry.remotes.filter((r) => r.name === 'usecases').length >= 2, 'usecases keeps its several mounts');
  });

  it('ingress: /api and /nls to the server, the rest to the portal, each remote on its own host', () => {
    const ingress = byKind(documents, 'Ingress')[0]!;
    const portalRule = ingress.spec.rules.find((r: { host: string }) => r.host === 'assistant.corp.example');
    const backendOf = (path: string) => portalRule.http.paths.find((p: { path: string }) => p.path === path).backend.service.name;
    assert.equal(backendOf('/api'), 'assistant-server');
    assert.equal(backendOf('/nls'), 'assistant-server');
    assert.equal(backendOf('/'), 'assistant-portal');
    const hosts = ingress.spec.rules.map((r: { host: string }) => r.host);
    assert.ok(hosts.includes('qa.assistant.corp.example'));
    assert.ok(!hosts.some((h: string) => h.startsWith('chat.')), 'chat is served from its publicUrl, not this ingress');
  });

  it('every workload: non-root, read-only, probes, resources, selectors that match', () => {
    checkWorkloads(documents);
  });

  it('a new remote tag changes that remote\'s documents only (a team rolls out alone)', () => {
    const base = loadValues();
    const changed = renderManifests(mergeValues(base, { remotes: { translate: { image: { tag: '3.250.0' } } } }));
    const before = renderManifests(base);
    const differing = changed.filter((doc, i) => JSON.stringify(doc) !== JSON.stringify(before[i])).map((d) => `${d.kind}/${d.metadata.name}`);
    assert.deepEqual(differing, ['Deployment/assistant-remote-translate', 'Service/assistant-remote-translate', 'PodDisruptionBudget/assistant-remote-translate']);
  });
});

describe('deploy/render.mjs refuses values that would be unsafe', () => {
  const refuse = (extra: Values, pattern: RegExp) => assert.throws(() => renderManifests(mergeValues(loadValues(), extra)), pattern);

  it('a secret in the ConfigMap', () => {
    refuse({ server: { env: { OPENAI_API_KEY: 'sk-123' } } }, /server\.env\.OPENAI_API_KEY: a secret/);
    refuse({ server: { env: { DATABASE_URL: 'postgres://u:p@h/d' } } }, /server\.env\.DATABASE_URL: a secret/);
    refuse({ server: { env: { SOME_CLIENT_SECRET: 'x' } } }, /SOME_CLIENT_SECRET: a secret/);
  });

  it('the dev identity provider, or no issuer', () => {
    refuse({ server: { env: { DEV_IDP: 'on' } } }, /DEV_IDP: the dev identity provider/);
    refuse({ server: { env: { OIDC_ISSUER: null } } }, /OIDC_ISSUER: required/);
  });

  it('several replicas without a shared volume, an unknown remote, a value the renderer owns', () => {
    refuse({ server: { persistence: { enabled: false } } }, /persistence\.enabled/);
    refuse({ remotes: { chatt: {} } }, /remotes\.chatt: no such remote/);
    refuse({ server: { env: { WEB_CONCURRENCY: '8' } } }, /server\.env\.WEB_CONCURRENCY: set by the renderer/);
  });

  it('the command line prints every problem and exits 1', async () => {
    const { spawnSync } = await import('node:child_process');
    const dir = mkdtempSync(join(tmpdir(), 'deploy-values-'));
    try {
      writeFileSync(join(dir, 'bad.json'), JSON.stringify({ server: { env: { DEV_IDP: 'on', METRICS_TOKEN: 'x'.repeat(20) } } }));
      const result = spawnSync(process.execPath, [join(root, 'deploy/render.mjs'), '-f', join(dir, 'bad.json')], { encoding: 'utf8' });
      assert.equal(result.status, 1);
      assert.match(result.stderr, /DEV_IDP/);
      assert.match(result.stderr, /METRICS_TOKEN/);
      assert.equal(result.stdout, '');
      const good = spawnSync(process.execPath, [join(root, 'deploy/render.mjs'), '-f', PRODUCTION_VALUES], { encoding: 'utf8' });
      assert.equal(good.status, 0, good.stderr);
      assert.equal(parseYaml(good.stdout).length, renderManifests(loadValues([PRODUCTION_VALUES])).length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// ---- Dockerfiles ------------------------------------------------------------------------------------

interface Stage {
  from: string;
  name?: string;
  instructions: Array<{ op: string; args: string }>;
}

/** Instructions (continuation lines joined, comments dropped) grouped into stages. */
function parseDockerfile(path: string): { args: Array<{ op: string; args: string }>; stages: Stage[] } {
  const text = readFileSync(path, 'utf8').replace(/\\\r?\n/g, ' ');
  const preamble: Array<{ op: string; args: string }> = [];
  const stages: Stage[] = [];
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const match = /^([A-Za-z]+)\s+(.*)$/.exec(trimmed);
    assert.ok(match, `${relative(root, path)}: cannot read "${trimmed}"`);
    const op = match[1]!.toUpperCase();
    const args = match[2]!.trim();
    assert.ok(['FROM', 'ARG', 'ENV', 'WORKDIR', 'COPY', 'RUN', 'USER', 'EXPOSE', 'VOLUME', 'HEALTHCHECK', 'CMD', 'ENTRYPOINT', 'LABEL'].includes(op), `${relative(root, path)}: unknown instruction ${op}`);
    if (op === 'FROM') {
      const from = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      assert.ok(from, `FROM ${args}`);
      stages.push({ from: from[1]!, name: from[2], instructions: [] });
    } else if (stages.length === 0) {
      assert.equal(op, 'ARG', `${relative(root, path)}: only ARG before the first FROM`);
      preamble.push({ op, args });
    } else {
      stages.at(-1)!.instructions.push({ op, args });
    }
  }
  return { args: preamble, stages };
}

/** A path of the build context that .dockerignore does not exclude (the patterns used there). */
function dockerignored(path: string): boolean {
  const patterns = readFileSync(join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  return patterns.some((pattern) => {
    const source = pattern
      .replace(/[.+^${}()|[\]]/g, '\\$&')
      .split('**/')
      .map((part) => part.replace(/\*/g, '[^/]*'))
      .join('(?:.*/)?');
    return new RegExp(`^${source}(?:/.*)?$`).test(path);
  });
}

function checkImage(file: string) {
  const path = join(root, 'deploy/docker', file);
  const { args, stages } = parseDockerfile(path);
  assert.ok(stages.length >= 2, `${file}: multi-stage`);
  assert.deepEqual(stages.map((s) => s.name), ['build', 'runtime']);
  const nodeImage = args.find((a) => a.args.startsWith('NODE_IMAGE='))?.args.split('=')[1];
  assert.match(nodeImage ?? '', /^node:(22|24)(\.\d+)*-bookworm-slim$/, `${file}: on a Node 22 or 24 slim image`);
  for (const stage of stages) assert.equal(stage.from, '${NODE_IMAGE}');
  const build = stages[0]!;
  const runtime = stages.at(-1)!;
  const ops = (stage: Stage, op: string) => stage.instructions.filter((i) => i.op === op);
  // The pinned pnpm: the version of package.json's packageManager, read in the image.
  assert.ok(ops(build, 'RUN').some((i) => /npm install --global .*pnpm@\$\(node -p .*packageManager/.test(i.args)), `${file}: installs package.json's pnpm`);
  assert.ok(ops(build, 'RUN').some((i) => /pnpm (fetch|install)/.test(i.args)), `${file}: installs from the lockfile`);
  const users = ops(runtime, 'USER');
  assert.equal(users.length, 1, `${file}: one USER in the runtime stage`);
  const user = users[0]!.args.split(':')[0]!;
  assert.ok(!['root', '0'].includes(user), `${file}: not root`);
  assert.equal(Number(user), RUN_AS, `${file}: the uid the manifests run as`);
  const userIndex = runtime.instructions.indexOf(users[0]!);
  assert.ok(runtime.instructions.slice(userIndex + 1).every((i) => i.op !== 'RUN'), `${file}: nothing runs as root after USER`);
  const health = ops(runtime, 'HEALTHCHECK');
  assert.equal(health.length, 1, `${file}: a HEALTHCHECK`);
  assert.match(health[0]!.args, /CMD \["node", "\/app\/(deploy\/docker\/)?healthcheck\.mjs"/);
  assert.equal(ops(runtime, 'EXPOSE').length, 1, `${file}: EXPOSE`);
  const cmd = ops(runtime, 'CMD');
  assert.equal(cmd.length, 1);
  assert.doesNotThrow(() => JSON.parse(cmd[0]!.args), `${file}: CMD in exec form (signals reach node)`);
  assert.ok(!runtime.instructions.some((i) => i.op === 'ENV' && /DEV_IDP/.test(i.args)), `${file}: no DEV_IDP`);
  assert.ok(ops(runtime, 'COPY').some((i) => i.args.startsWith('--from=build ')), `${file}: the runtime takes the build's output`);
  // Every COPY from the context names files that exist and that .dockerignore lets through.
  for (const copy of stages.flatMap((s) => ops(s, 'COPY')).filter((i) => !i.args.startsWith('--from='))) {
    const sources = copy.args.split(/\s+/).slice(0, -1);
    for (const source of sources.filter((s) => s !== '.')) {
      assert.ok(existsSync(join(root, source)), `${file}: COPY ${source} exists`);
      assert.ok(!dockerignored(source), `${file}: COPY ${source} is not excluded by .dockerignore`);
    }
  }
  return { build, runtime, ops };
}

describe('Dockerfiles', () => {
  it('server.Dockerfile: the server built to JavaScript, pnpm deploy of it, non-root, /health', () => {
    const { build, runtime, ops } = checkImage('server.Dockerfile');
    const runs = ops(build, 'RUN').map((i) => i.args).join('\n');
    assert.match(runs, /node scripts\/build-server\.mjs/);
    assert.match(runs, /pnpm --filter @assistant\/server .*deploy --prod \/out\/server/);
    assert.match(runs, /cp -r server\/dist \/out\/server\/dist/);
    // The build output, as `npm start` runs it; no TypeScript loader in the image.
    assert.deepEqual(JSON.parse(ops(runtime, 'CMD')[0]!.args), ['node', SERVER_ENTRY]);
    assert.ok(!/tsx/.test(runtime.instructions.map((i) => i.args).join('\n')), 'no tsx at run time');
    assert.match(ops(runtime, 'HEALTHCHECK')[0]!.args, /"\/health"\]$/);
    assert.equal(ops(runtime, 'EXPOSE')[0]!.args, String(SERVER_PORT));
    const env = ops(runtime, 'ENV').map((i) => i.args).join(' ');
    assert.match(env, /HOST=0\.0\.0\.0/);
    assert.match(env, new RegExp(`PORT=${SERVER_PORT}`));
    assert.match(env, /NODE_ENV=production/);
    assert.equal(ops(runtime, 'WORKDIR').at(-1)!.args, '/app/server', 'server/ under /app: the default seed (<root>/server/seed) resolves');
  });

  it('static.Dockerfile: one app per image by build argument, the servers of the repository', () => {
    const { build, runtime, ops } = checkImage('static.Dockerfile');
    assert.ok(ops(build, 'ARG').some((i) => i.args === 'APP'));
    assert.ok(ops(runtime, 'ARG').some((i) => i.args === 'APP'));
    const runs = ops(build, 'RUN').map((i) => i.args).join('\n');
    assert.match(runs, /node scripts\/build-portal\.mjs "\$APP"/);
    assert.match(runs, /find \/out\/app -name '\*\.map' -delete/, 'no source maps in the image');
    // The three packages the servers import, the same that the scripts import.
    for (const script of ['serve-portal.mjs', 'serve-remotes.mjs']) {
      const imports = [...readFileSync(join(root, 'scripts', script), 'utf8').matchAll(/^import .* from '([^.'][^']*)';$/gm)].map((m) => m[1]!).filter((p) => !p.startsWith('node:'));
      for (const name of imports) assert.ok(runs.includes(`"${name}@`), `${script} imports ${name}: installed in the image`);
    }
    for (const script of ['serve-portal.mjs', 'serve-remotes.mjs', 'portal-layout.mjs', 'workspace.mjs']) assert.ok(runs.includes(`scripts/${script}`), `${script} copied`);
    assert.deepEqual(JSON.parse(ops(runtime, 'CMD')[0]!.args), ['node', '/app/deploy/docker/static-server.mjs']);
    assert.equal(ops(runtime, 'EXPOSE')[0]!.args, '8080');
  });

  it('.dockerignore keeps installed packages, build output, local data and git out of the context', () => {
    for (const path of ['node_modules', 'server/node_modules', 'host/dist', 'remotes/chat/dist', '.data', '.git', '.tools']) assert.ok(dockerignored(path), `${path} excluded`);
    for (const path of ['package.json', 'pnpm-lock.yaml', 'server/src/main.ts', 'deploy/docker/healthcheck.mjs', 'scripts/serve-portal.mjs', 'scripts/build-server.mjs']) assert.ok(!dockerignored(path), `${path} included`);
  });
});

describe('deploy/docker/static-server.mjs (the static image entry point)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'static-image-'));
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  };

  it('APP=<remote>: its manifest with CORS for the portal origin, no source maps', async (t) => {
    write('chat/mf-manifest.json', '{"id":"chat"}');
    write('chat/remoteEntry.js.map', '{}');
    const app = await createStaticServer({ APP: 'chat', PORTAL_ORIGIN: 'https://assistant.corp.example' }, { distDir: join(dir, 'chat') });
    t.after(() => app.close());
    const manifest = await app.inject({ url: healthPath('chat'), headers: { origin: 'https://assistant.corp.example' } });
    assert.equal(manifest.statusCode, 200);
    assert.equal(manifest.headers['access-control-allow-origin'], 'https://assistant.corp.example');
    assert.equal((await app.inject({ url: '/remoteEntry.js.map' })).statusCode, 404);
  });

  it('APP=host: the runtime files from the mounted ConfigMap, CSP from its registry', async (t) => {
    write('host/index.html', '<!doctype html><title>portal</title>');
    const values = productionValues();
    const files = find(renderManifests(values), 'ConfigMap', 'assistant-portal-files').data;
    write('etc/remotes.json', files['remotes.json']);
    write('etc/portal-config.json', files['portal-config.json']);
    const app = await createStaticServer(
      { APP: 'host', REMOTE_REGISTRY_FILE: join(dir, 'etc/remotes.json'), PORTAL_CONFIG_FILE: join(dir, 'etc/portal-config.json'), API_URL: 'http://127.0.0.1:9' },
      { distDir: join(dir, 'host') },
    );
    t.after(() => app.close());
    const config = await app.inject({ url: healthPath('host') });
    assert.equal(config.statusCode, 200);
    assert.equal(config.json().oidc.authority, 'https://login.corp.example/realms/company');
    const page = await app.inject({ url: '/collections' });
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers['content-security-policy']), /script-src 'self' https:\/\/cdn\.corp\.example https:\/\/qa\.assistant\.corp\.example/);
  });

  it('an unknown APP stops the start', async () => {
    await assert.rejects(createStaticServer({ APP: 'nope' }), /APP: host or one of chat, qa/);
    rmSync(dir, { recursive: true, force: true });
  });
});
