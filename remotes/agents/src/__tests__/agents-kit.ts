// Test kit of the agents remote: an in-memory fake of docs/agents.md's calls (and what the form
// picks from: models, collections, tool servers), platform resets and a render of the remote.
import {
  agentShareCheckRequestSchema,
  createAgentRequestSchema,
  shareTargetKey,
  shareUpdateSchema,
  updateAgentRequestSchema,
  type Agent,
  type AgentDraft,
  type AgentImportResponse,
  type AgentShareCheckResponse,
  type AgentVersion,
  type CollectionSummary,
  type ItemSharing,
  type Share,
  type ShareTarget,
} from '@assistant/contracts';
import { createApiClients, resetPermissions, setApiClients, useNotificationsStore } from '@assistant/platform';
import { renderRemoteAt, startupHandlers, type StartupData } from '@assistant/platform/testing';
import { configure } from '@testing-library/react';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { fieldsOf } from '../features/agent-form/model/agent-fields';
import remote from '../module';

// findBy/waitFor wait up to 5 s (not 1 s): parallel test runs on a shared machine can be slow.
configure({ asyncUtilTimeout: 5000 });

let counter = 0;
export function nextId(): string {
  counter += 1;
  return `5a1b2c3d-4e5f-4a6b-8c7d-${String(counter).padStart(12, '0')}`;
}

export function apiError(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  const error = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 502: 'Bad Gateway', 503: 'Service Unavailable' }[status] ?? 'Error';
  return HttpResponse.json({ statusCode: status, error, message, ...extra }, { status });
}

/** How the signed-in user's own agent reaches them; one they may not change is someone else's (or the company's). */
export const OWNED: ItemSharing = { access: 'owner', shared_by: null, shared_with: [] };
export const VIEWED: ItemSharing = { access: 'view', shared_by: null, shared_with: [] };

export function agent(overrides: Partial<Agent> & Pick<Agent, 'name'>): Agent {
  return {
    sharing: overrides.editable === false ? VIEWED : OWNED,
    id: nextId(),
    description: '',
    instructions: 'Answer briefly.',
    starter_prompts: [],
    collection_ids: [],
    tools: [],
    server_ids: [],
    icon: 'bot',
    version: 1,
    visibility: 'personal',
    editable: true,
    created_at: '2025-06-01T12:00:00.000Z',
    updated_at: '2025-06-01T12:00:00.000Z',
    ...overrides,
  };
}

export function collection(overrides: Partial<CollectionSummary> & Pick<CollectionSummary, 'name'>): CollectionSummary {
  return {
    id: nextId(),
    scope: 'personal',
    file_count: 1,
    created_at: '2025-01-10T09:00:00.000Z',
    updated_at: '2025-01-10T09:00:00.000Z',
    can_manage: true,
    ...overrides,
  };
}

/** What the fake server holds and was asked. */
export const backend = {
  agents: [] as Agent[],
  collections: [] as CollectionSummary[],
  servers: [] as { id: string; name: string }[],
  requests: [] as { method: string; path: string; body?: unknown }[],
  /** The answer of POST skills/generate-agent: a draft, or a Response (a failure). */
  draft: undefined as AgentDraft | Response | undefined,
  /** The stored versions of each agent, oldest first (a save adds one). */
  versions: {} as Record<string, AgentVersion[]>,
  /** What POST agents/import reports as dropped. */
  dropped: { collection_ids: [], server_ids: [] } as AgentImportResponse['dropped'],
  /** Who saves (a version's author), and who saved each version (`id/version`; unnamed: `me`). */
  me: { sub: 'employee', name: 'Erika Mustermann' },
  authors: {} as Record<string, { sub: string; name: string }>,
  /** Each item's shares by `kind/id` (GET and PUT /api/shares/{kind}/{id}). */
  shares: {} as Record<string, Share[]>,
  /** The directory's people and groups (any search finds all of them). */
  people: [] as { sub: string; name: string; email: string | null }[],
  groups: [] as { id: string; name: string; member_count: number }[],
  /** Per collection id, the share targets (keys) that may read it; the check names the others. */
  readers: {} as Record<string, string[]>,
};

const find = (id: unknown) => backend.agents.find((entry) => entry.id === id);
const now = () => new Date().toISOString();

/** The agent as a stored version (its fields, number and time). */
export function versionOf(entry: Agent, overrides: Partial<AgentVersion> = {}): AgentVersion {
  return { ...fieldsOf(entry), version: entry.version, created_at: entry.updated_at, ...overrides };
}

/** A share list entry as the server names it. */
function named(target: ShareTarget): Share['target'] {
  if (target.type === 'company') return target;
  const name = target.type === 'user' ? backend.people.find((p) => p.sub === target.id)?.name : backend.groups.find((g) => g.id === target.id)?.name;
  return { ...target, name: name ?? target.id };
}
function keepVersion(entry: Agent) {
  backend.versions[entry.id] = [...(backend.versions[entry.id] ?? []), versionOf(entry)];
  backend.authors[`${entry.id}/${entry.version}`] = backend.me;
}

export function agentHandlers(): HttpHandler[] {
  return [
    http.get('*/api/agents', () => HttpResponse.json({ agents: [...backend.agents].sort((a, b) => a.name.localeCompare(b.name)) })),
    http.get('*/api/agents/:id', ({ params }) => {
      const found = find(params.id);
      return found ? HttpResponse.json(found) : apiError(404, 'No such agent', { code: 'not_found' });
    }),
    http.post('*/api/agents', async ({ request }) => {
      const body = await request.json();
      backend.requests.push({ method: 'POST', path: '/api/agents', body });
      const parsed = createAgentRequestSchema.safeParse(body);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({ path: ['body', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))], message: issue.message }));
        return apiError(400, 'Invalid body', { code: 'validation_failed', issues });
      }
      const made = agent({ ...parsed.data, created_at: now(), updated_at: now() });
      backend.agents.push(made);
      keepVersion(made);
      return HttpResponse.json(made, { status: 201 });
    }),
    http.put('*/api/agents/:id', async ({ request, params }) => {
      const body = await request.json();
      backend.requests.push({ method: 'PUT', path: `/api/agents/${String(params.id)}`, body });
      const target = find(params.id);
      if (!target) return apiError(404, 'No such agent', { code: 'not_found' });
      if (!target.editable) return apiError(403, 'Only administrators change company agents', { code: 'forbidden' });
      const parsed = updateAgentRequestSchema.safeParse(body);
      if (!parsed.success) return apiError(400, 'Invalid body', { code: 'validation_failed' });
      const { base_version: base, ...fields } = parsed.data;
      if (base !== target.version) return apiError(409, 'The agent has a newer version', { code: 'conflict', current: target });
      // Optional fields left out are cleared, as the server stores the whole form.
      const { model_id: _model, temperature: _temperature, ...rest } = target;
      const saved: Agent = { ...rest, ...fields, version: target.version + 1, updated_at: now() };
      backend.agents = backend.agents.map((entry) => (entry.id === target.id ? saved : entry));
      keepVersion(saved);
      return HttpResponse.json(saved);
    }),
    http.get('*/api/agents/:id/versions', ({ params }) => {
      if (!find(params.id)) return apiError(404, 'No such agent', { code: 'not_found' });
      const versions = [...(backend.versions[String(params.id)] ?? [])].reverse();
      const author = (version: number) => backend.authors[`${String(params.id)}/${version}`] ?? backend.me;
      return HttpResponse.json({ versions: versions.map(({ version, created_at }) => ({ version, created_at, author: author(version) })) });
    }),
    http.get('*/api/agents/:id/versions/:version', ({ params }) => {
      backend.requests.push({ method: 'GET', path: `/api/agents/${String(params.id)}/versions/${String(params.version)}` });
      const found = find(params.id) && backend.versions[String(params.id)]?.find((entry) => entry.version === Number(params.version));
      return found ? HttpResponse.json(found) : apiError(404, 'No such agent', { code: 'not_found' });
    }),
    http.delete('*/api/agents/:id', ({ params }) => {
      backend.requests.push({ method: 'DELETE', path: `/api/agents/${String(params.id)}` });
      const target = find(params.id);
      if (!target) return apiError(404, 'No such agent', { code: 'not_found' });
      if (!target.editable) return apiError(403, 'Only administrators change company agents', { code: 'forbidden' });
      backend.agents = backend.agents.filter((entry) => entry !== target);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('*/api/agents/:id/duplicate', ({ params }) => {
      backend.requests.push({ method: 'POST', path: `/api/agents/${String(params.id)}/duplicate` });
      const source = find(params.id);
      if (!source) return apiError(404, 'No such agent', { code: 'not_found' });
      const copy = agent({ ...source, id: nextId(), name: `${source.name} (copy)`, visibility: 'personal', editable: true, version: 1 });
      backend.agents.push(copy);
      return HttpResponse.json(copy, { status: 201 });
    }),
    http.get('*/api/agents/:id/export', ({ params }) => {
      backend.requests.push({ method: 'GET', path: `/api/agents/${String(params.id)}/export` });
      const source = find(params.id);
      if (!source) return apiError(404, 'No such agent', { code: 'not_found' });
      const { name, description, instructions, starter_prompts, tools, server_ids, icon } = source;
      return HttpResponse.json({
        format: 'assistant-agent',
        format_version: 1,
        exported_at: '2025-06-02T10:00:00.000Z',
        agent: { name, description, instructions, starter_prompts, tools, server_ids, icon, collections: [] },
      });
    }),
    http.post('*/api/agents/import', async ({ request }) => {
      const body = (await request.json()) as { format?: string; agent?: Partial<Agent> };
      backend.requests.push({ method: 'POST', path: '/api/agents/import', body });
      if (body.format !== 'assistant-agent' || !body.agent?.name) return apiError(400, 'Invalid body: format: Must be "assistant-agent"', { code: 'validation_failed' });
      const made = agent({ name: body.agent.name, instructions: body.agent.instructions ?? 'x' });
      backend.agents.push(made);
      return HttpResponse.json({ agent: made, dropped: backend.dropped }, { status: 201 });
    }),
    http.put('*/api/admin/agents/:id/visibility', async ({ request, params }) => {
      const body = (await request.json()) as { visibility: Agent['visibility'] };
      backend.requests.push({ method: 'PUT', path: `/api/admin/agents/${String(params.id)}/visibility`, body });
      const target = find(params.id);
      if (!target) return apiError(404, 'No such agent', { code: 'not_found' });
      const changed = { ...target, visibility: body.visibility };
      backend.agents = backend.agents.map((entry) => (entry.id === target.id ? changed : entry));
      return HttpResponse.json(changed);
    }),
    http.post('*/api/skills/generate-agent', async ({ request }) => {
      const body = await request.json();
      backend.requests.push({ method: 'POST', path: '/api/skills/generate-agent', body });
      const answer = backend.draft;
      if (answer instanceof Response) return answer;
      return answer ? HttpResponse.json(answer) : apiError(503, 'No model', { code: 'model_unavailable' });
    }),
    http.get('*/api/qa/resources', () =>
      HttpResponse.json({ collections: [], language_models: [{ id: 'scripted-model', name: 'Scripted model', type: 'llm' }, { id: 'big-model', name: 'Big model', type: 'llm' }] }),
    ),
    http.get('*/api/collections', ({ request }) => {
      const scope = new URL(request.url).searchParams.get('scope') ?? 'personal';
      return HttpResponse.json({ collections: backend.collections.filter((entry) => entry.scope === scope) });
    }),
    http.get('*/api/mcp-servers', () => HttpResponse.json({ servers: backend.servers })),
    http.post('*/api/agents/:id/share-check', async ({ request, params }) => {
      const { targets } = agentShareCheckRequestSchema.parse(await request.json());
      backend.requests.push({ method: 'POST', path: `/api/agents/${String(params.id)}/share-check`, body: { targets } });
      const target = find(params.id);
      if (!target) return apiError(404, 'No such agent', { code: 'not_found' });
      const collections: AgentShareCheckResponse['collections'] = target.collection_ids.flatMap((id) => {
        const known = backend.collections.find((c) => c.id === id);
        const missing = targets.filter((t) => !(backend.readers[id] ?? []).includes(shareTargetKey(t)));
        return known && missing.length > 0 ? [{ id, name: known.name, not_readable_by: missing, can_share: known.scope === 'personal' }] : [];
      });
      return HttpResponse.json({ collections });
    }),
    http.get('*/api/shares/:kind/:id', ({ params }) =>
      HttpResponse.json({ shares: backend.shares[`${String(params.kind)}/${String(params.id)}`] ?? [], can_share_with_company: false }),
    ),
    http.put('*/api/shares/:kind/:id', async ({ request, params }) => {
      const key = `${String(params.kind)}/${String(params.id)}`;
      const update = shareUpdateSchema.parse(await request.json());
      backend.requests.push({ method: 'PUT', path: `/api/shares/${key}`, body: update });
      const stamp = now();
      backend.shares[key] = update.shares.map((share) => ({ target: named(share.target), role: share.role, shared_by: backend.me, created_at: stamp, updated_at: stamp }));
      // A collection shared with a target is readable by it.
      if (params.kind === 'collection') backend.readers[String(params.id)] = update.shares.map((share) => shareTargetKey(share.target));
      return HttpResponse.json({ shares: backend.shares[key], can_share_with_company: false });
    }),
    http.get('*/api/directory/people', () => HttpResponse.json({ people: backend.people })),
    http.get('*/api/directory/groups', () => HttpResponse.json({ groups: backend.groups })),
  ];
}

export function handlers(startup: Partial<StartupData> = {}): HttpHandler[] {
  return [...startupHandlers(startup), ...agentHandlers()];
}

/** Signed in as an administrator: the permission check grants AdministrateAssistant. */
export function asAdministrator(): HttpHandler[] {
  return startupHandlers({ permissions: ['AdministrateAssistant'] });
}

export function resetAgentsState(agents: Agent[] = []): void {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  resetPermissions();
  useNotificationsStore.getState().clear();
  backend.agents = agents.map((entry) => ({ ...entry }));
  backend.versions = Object.fromEntries(agents.map((entry) => [entry.id, [versionOf(entry)]]));
  backend.collections = [];
  backend.servers = [];
  backend.requests = [];
  backend.draft = undefined;
  backend.dropped = { collection_ids: [], server_ids: [] };
  backend.shares = {};
  backend.authors = {};
  backend.people = [];
  backend.groups = [];
  backend.readers = {};
}

/** The texts of the notifications shown so far, with their variant ("success: ..."). */
export function notificationTexts(): string[] {
  return useNotificationsStore
    .getState()
    .notifications.map((n) => `${n.variant}: ${'text' in n.message ? n.message.text : n.message.key}`);
}

export function renderAgents(path = '/agents', language: 'de' | 'en' = 'en') {
  return renderRemoteAt(remote, '/agents', path, language);
}

/** One side of a word diff: the text without what the other side added. */
export function side(diff: HTMLElement, which: 'before' | 'after'): string {
  const copy = diff.cloneNode(true) as HTMLElement;
  copy.querySelectorAll(which === 'before' ? 'ins' : 'del').forEach((node) => node.remove());
  return copy.textContent ?? '';
}
