import { createHash, randomBytes } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import { createRemoteJWKSet, jwtVerify } from 'jose';

/**
 * A contract double of Microsoft Graph's OneDrive and SharePoint API (tests only; Graph cannot be
 * reached here), built from Graph's documented answers
 * (learn.microsoft.com/graph/api/resources/driveitem, .../driveitem-delta, .../driveitem-get-content,
 * learn.microsoft.com/graph/throttling):
 * - `/me`, `/me/drive`, `/me/followedSites`, `/sites?search=`, `/sites/root`, `/sites/{id}`,
 *   `/sites/{id}/drives`, `/drives/{id}`, `/drives/{id}/root`, `/drives/{id}/items/{id}`;
 * - `.../children` and `.../delta` in pages of `pageSize` joined by `@odata.nextLink`; a delta's last
 *   page carries `@odata.deltaLink`, whose token lists later changes: deleted items with the
 *   `deleted` facet, items moved out of the folder with their new parent (delta answers carry parent
 *   ids, never paths; files without `cTag`, as OneDrive for Business answers), parents before children;
 * - `410 Gone` (`resyncRequired`) for a delta token older than `expireDeltaTokens()`;
 * - `.../content`: `302 Found` to a pre-authenticated download URL on another host name of the
 *   double (`localhost` where Graph is `127.0.0.1`, as SharePoint's host is not Graph's; no token needed);
 * - throttling on demand (`throttle()`): 429 or 503 with `Retry-After`;
 * - every Graph call needs a bearer token the double accepts (`acceptToken`, or a `verifyToken`
 *   such as `jwtTokens` for the dev identity provider's tokens); a refused one answers 401.
 */

export interface GraphUser {
  id: string;
  displayName: string;
  userPrincipalName: string;
  mail: string;
}

export interface GraphDoubleOptions {
  /** Items per page of children, delta and site lists (Graph's default is 200; small to test paging). */
  pageSize?: number;
  /** Who a bearer token belongs to, or null to refuse it; default: the tokens given to acceptToken. */
  verifyToken?: (token: string) => Promise<GraphUser | null>;
  /** The tenant's SharePoint address (`/sites/root`'s webUrl). */
  tenantUrl?: string;
}

export interface RecordedGraphRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  status: number;
}

interface DriveState {
  id: string;
  name: string;
  driveType: 'personal' | 'business' | 'documentLibrary';
  siteId: string | null;
  rootId: string;
}

interface ItemVersion {
  seq: number;
  parentId: string | null;
  deleted: boolean;
}

interface ItemState {
  id: string;
  driveId: string;
  name: string;
  parentId: string | null;
  isFolder: boolean;
  content: Buffer;
  mimeType: string;
  contentVersion: number;
  version: number;
  deleted: boolean;
  changedSeq: number;
  /** Where the item was after each change, for deltas from an older token. */
  history: ItemVersion[];
}

interface ThrottleRule {
  match: RegExp;
  times: number;
  status: 429 | 503;
  retryAfter: string | null;
}

const DEMO_USER: GraphUser = { id: 'graph-user-1', displayName: 'Erika Mustermann', userPrincipalName: 'erika@contoso.example', mail: 'erika@contoso.example' };

export class GraphDouble {
  readonly requests: RecordedGraphRequest[] = [];
  private readonly drives = new Map<string, DriveState>();
  private readonly sites = new Map<string, { id: string; displayName: string; followed: boolean }>();
  private readonly items = new Map<string, ItemState>();
  private readonly tokens = new Map<string, GraphUser>();
  private readonly pagedResults = new Map<string, { values: unknown[]; offset: number; deltaLink: string | null; link: string }>();
  private readonly downloads = new Map<string, string>();
  private throttles: ThrottleRule[] = [];
  private seq = 0;
  private epoch = 1;
  private nextId = 1;
  private personalDriveId: string | null = null;
  private readonly pageSize: number;
  private readonly tenantUrl: string;
  private origin = '';

  private constructor(
    private readonly app: ReturnType<typeof Fastify>,
    private readonly options: GraphDoubleOptions,
  ) {
    this.pageSize = options.pageSize ?? 200;
    this.tenantUrl = options.tenantUrl ?? 'https://contoso.sharepoint.com';
  }

  static async start(options: GraphDoubleOptions = {}): Promise<GraphDouble> {
    const app = Fastify({ logger: false });
    const double = new GraphDouble(app, options);
    app.get('/v1.0/*', (request, reply) => double.handleGraph(request, reply));
    app.get('/download/:token', (request, reply) => double.handleDownload(request, reply));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('the Graph double did not bind a port');
    double.origin = `http://127.0.0.1:${address.port}`;
    return double;
  }

  /** Graph's base URL on the double (MICROSOFT_GRAPH_URL). */
  get url(): string {
    return `${this.origin}/v1.0`;
  }

  close(): Promise<void> {
    return this.app.close();
  }

  acceptToken(token: string, user: GraphUser = DEMO_USER): void {
    this.tokens.set(token, user);
  }

  revokeToken(token: string): void {
    this.tokens.delete(token);
  }

  /** The next `times` requests whose path matches answer `status` with `Retry-After` (seconds or a date). */
  throttle(match: RegExp, options: { times?: number; status?: 429 | 503; retryAfter?: string | null } = {}): void {
    this.throttles.push({ match, times: options.times ?? 1, status: options.status ?? 429, retryAfter: options.retryAfter === undefined ? '1' : options.retryAfter });
  }

  /** Every delta token handed out so far answers 410 Gone from now on. */
  expireDeltaTokens(): void {
    this.epoch += 1;
  }

  /** The user's OneDrive (`/me/drive`). */
  addPersonalDrive(name = 'OneDrive'): DriveState {
    const drive = this.addDrive({ name, driveType: 'business', siteId: null });
    this.personalDriveId = drive.id;
    return drive;
  }

  addSite(displayName: string, options: { followed?: boolean } = {}): string {
    const id = `contoso.sharepoint.com,${this.newId()},${this.newId()}`;
    this.sites.set(id, { id, displayName, followed: options.followed ?? true });
    return id;
  }

  addDrive(input: { name: string; driveType?: DriveState['driveType']; siteId?: string | null }): DriveState {
    const id = `b!${this.newId()}`;
    const root = this.createItem({ driveId: id, parentId: null, name: 'root', isFolder: true });
    const drive: DriveState = { id, name: input.name, driveType: input.driveType ?? 'documentLibrary', siteId: input.siteId ?? null, rootId: root.id };
    this.drives.set(id, drive);
    return drive;
  }

  addFolder(driveId: string, parentId: string, name: string): string {
    return this.createItem({ driveId, parentId, name, isFolder: true }).id;
  }

  addFile(driveId: string, parentId: string, name: string, content: string | Buffer, mimeType = 'application/octet-stream'): string {
    return this.createItem({ driveId, parentId, name, isFolder: false, content: Buffer.from(content), mimeType }).id;
  }

  updateFile(id: string, content: string | Buffer): void {
    const item = this.item(id);
    item.content = Buffer.from(content);
    item.contentVersion += 1;
    this.touch(item);
  }

  rename(id: string, name: string): void {
    const item = this.item(id);
    item.name = name;
    this.touch(item);
  }

  move(id: string, parentId: string): void {
    const item = this.item(id);
    item.parentId = parentId;
    this.touch(item);
  }

  remove(id: string): void {
    const item = this.item(id);
    item.deleted = true;
    this.touch(item);
  }

  /** Requests to Graph's API (not downloads) whose path and query after the version (`/me?$select=...`) match. */
  graphCalls(match: RegExp = /./): RecordedGraphRequest[] {
    return this.requests.filter((request) => request.url.startsWith('/v1.0/') && match.test(decodeURIComponent(request.url.slice('/v1.0'.length))));
  }

  private newId(): string {
    return `01DBL${String(this.nextId++).padStart(6, '0')}${randomBytes(4).toString('hex').toUpperCase()}`;
  }

  private createItem(input: { driveId: string; parentId: string | null; name: string; isFolder: boolean; content?: Buffer; mimeType?: string }): ItemState {
    const item: ItemState = {
      id: this.newId(),
      driveId: input.driveId,
      name: input.name,
      parentId: input.parentId,
      isFolder: input.isFolder,
      content: input.content ?? Buffer.alloc(0),
      mimeType: input.mimeType ?? 'application/octet-stream',
      contentVersion: 1,
      version: 0,
      deleted: false,
      changedSeq: 0,
      history: [],
    };
    this.items.set(item.id, item);
    this.touch(item);
    return item;
  }

  private touch(item: ItemState): void {
    item.version += 1;
    item.changedSeq = ++this.seq;
    item.history.push({ seq: item.changedSeq, parentId: item.parentId, deleted: item.deleted });
  }

  private item(id: string): ItemState {
    const item = this.items.get(id);
    if (!item) throw new Error(`the Graph double has no item ${id}`);
    return item;
  }

  // --- HTTP -------------------------------------------------------------------------------------

  private record(request: FastifyRequest, reply: FastifyReply, status: number): FastifyReply {
    this.requests.push({ method: request.method, url: request.url, authorization: request.headers.authorization, status });
    return reply.code(status);
  }

  private error(request: FastifyRequest, reply: FastifyReply, status: number, code: string, message: string) {
    return this.record(request, reply, status).send({ error: { code, message, innerError: { 'request-id': randomBytes(8).toString('hex') } } });
  }

  private async handleGraph(request: FastifyRequest, reply: FastifyReply) {
    const url = new URL(request.url, this.origin);
    const path = decodeURIComponent(url.pathname.slice('/v1.0'.length));
    const rule = this.throttles.find((candidate) => candidate.times > 0 && candidate.match.test(path));
    if (rule) {
      rule.times -= 1;
      if (rule.retryAfter !== null) reply.header('retry-after', rule.retryAfter);
      return this.error(request, reply, rule.status, rule.status === 429 ? 'TooManyRequests' : 'serviceNotAvailable', 'Please retry after the time given.');
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const user = token ? await (this.options.verifyToken ? this.options.verifyToken(token) : Promise.resolve(this.tokens.get(token) ?? null)) : null;
    if (!user) return this.error(request, reply, 401, 'InvalidAuthenticationToken', 'Access token is empty or invalid.');

    const query = url.searchParams;
    const ok = (body: unknown) => this.record(request, reply, 200).send(body);
    const notFound = () => this.error(request, reply, 404, 'itemNotFound', 'The resource could not be found.');

    if (path === '/me') return ok(user);
    if (path === '/me/drive') {
      const drive = this.personalDriveId ? this.drives.get(this.personalDriveId) : undefined;
      return drive ? ok(this.driveJson(drive)) : notFound();
    }
    if (path === '/me/followedSites') return ok(this.page(request, [...this.sites.values()].filter((site) => site.followed).map((site) => this.siteJson(site.id))));
    if (path === '/sites' && query.has('search')) return ok(this.page(request, [...this.sites.keys()].map((id) => this.siteJson(id))));
    if (path === '/sites/root') return ok({ id: 'contoso.sharepoint.com,root,root', displayName: 'Contoso', webUrl: this.tenantUrl });

    let match = /^\/sites\/([^/]+)(\/drives)?$/.exec(path);
    if (match) {
      const site = this.sites.get(match[1]!);
      if (!site) return notFound();
      if (!match[2]) return ok(this.siteJson(site.id));
      return ok(this.page(request, [...this.drives.values()].filter((drive) => drive.siteId === site.id).map((drive) => this.driveJson(drive))));
    }

    if (query.has('$skiptoken')) return this.nextPage(request, reply, query.get('$skiptoken')!);

    match = /^\/drives\/([^/]+)(?:\/root|\/items\/([^/]+))?(?:\/(children|delta|content))?$/.exec(path);
    if (!match) return this.error(request, reply, 400, 'invalidRequest', `The double does not serve ${path}`);
    const drive = this.drives.get(match[1]!);
    if (!drive) return notFound();
    if (!/\/(root|items\/[^/]+)(\/|$)/.test(path)) return path === `/drives/${drive.id}` ? ok(this.driveJson(drive)) : notFound();
    const item = this.items.get(match[2] ?? drive.rootId);
    if (!item || item.deleted || item.driveId !== drive.id) return notFound();
    switch (match[3]) {
      case undefined:
        return ok(this.itemJson(item, { withPath: true }));
      case 'children':
        if (!item.isFolder) return notFound();
        return ok(this.page(request, this.children(item.id).map((child) => this.itemJson(child, { withPath: true }))));
      case 'content': {
        if (item.isFolder) return notFound();
        const download = randomBytes(12).toString('hex');
        this.downloads.set(download, item.id);
        reply.header('location', `${this.origin.replace('127.0.0.1', 'localhost')}/download/${download}`);
        return this.record(request, reply, 302).send();
      }
      default:
        return this.delta(request, reply, drive, item, query.get('token'));
    }
  }

  private handleDownload(request: FastifyRequest<{ Params?: unknown }>, reply: FastifyReply) {
    const token = (request.params as { token: string }).token;
    const item = this.items.get(this.downloads.get(token) ?? '');
    if (!item || item.deleted) return this.record(request, reply, 404).send('gone');
    return this.record(request, reply, 200).header('content-type', item.mimeType).send(item.content);
  }

  private delta(request: FastifyRequest, reply: FastifyReply, drive: DriveState, folder: ItemState, token: string | null) {
    let since: number | null = null;
    if (token !== null) {
      const decoded = decodeToken(token);
      if (!decoded || decoded.epoch !== this.epoch || decoded.folder !== folder.id) {
        reply.header('location', `${this.url}/drives/${drive.id}/items/${folder.id}/delta`);
        return this.error(request, reply, 410, 'resyncRequired', 'Resync required. Replace any local items with the server\'s version (including deletes) if you\'re sure that the service was up to date with your local changes when you last sync\'d. Upload any local changes that the server doesn\'t know about.');
      }
      since = decoded.seq;
    }
    const upto = this.seq;
    const values: unknown[] = [];
    const candidates = [...this.items.values()]
      .filter((item) => item.driveId === drive.id && (since === null || item.changedSeq > since))
      .sort((a, b) => this.depth(a) - this.depth(b) || a.changedSeq - b.changedSeq);
    for (const item of candidates) {
      const inside = !item.deleted && this.isInside(item, folder.id, null);
      if (since === null) {
        if (inside || item.id === folder.id) values.push(this.itemJson(item, { withPath: false, delta: true }));
        continue;
      }
      const wasInside = this.isInside(item, folder.id, since);
      if (item.deleted) {
        if (wasInside) values.push({ id: item.id, name: item.name, deleted: { state: 'deleted' }, parentReference: { driveId: drive.id, driveType: drive.driveType, id: item.parentId } });
      } else if (inside || wasInside) {
        // Moved out: the item with its new parent, which is outside the folder.
        values.push(this.itemJson(item, { withPath: false, delta: true }));
      }
    }
    const deltaLink = `${this.url}/drives/${drive.id}/items/${folder.id}/delta?token=${encodeToken({ epoch: this.epoch, folder: folder.id, seq: upto })}`;
    return this.record(request, reply, 200).send(this.page(request, values, deltaLink));
  }

  /** The first page of `values`; the rest wait under a skiptoken. */
  private page(request: FastifyRequest, values: unknown[], deltaLink: string | null = null) {
    const link = new URL(request.url, this.origin);
    const stored = { values, offset: 0, deltaLink, link: `${this.url}${link.pathname.slice('/v1.0'.length)}` };
    return this.takePage(stored);
  }

  private nextPage(request: FastifyRequest, reply: FastifyReply, skiptoken: string) {
    const stored = this.pagedResults.get(skiptoken);
    if (!stored) return this.error(request, reply, 400, 'invalidRequest', 'The skip token is unknown or was used.');
    this.pagedResults.delete(skiptoken);
    return this.record(request, reply, 200).send(this.takePage(stored));
  }

  private takePage(stored: { values: unknown[]; offset: number; deltaLink: string | null; link: string }) {
    const value = stored.values.slice(stored.offset, stored.offset + this.pageSize);
    const offset = stored.offset + this.pageSize;
    const body: Record<string, unknown> = { '@odata.context': `${this.url}/$metadata#Collection(driveItem)`, value };
    if (offset < stored.values.length) {
      const skiptoken = randomBytes(12).toString('base64url');
      this.pagedResults.set(skiptoken, { ...stored, offset });
      body['@odata.nextLink'] = `${stored.link}?$skiptoken=${skiptoken}`;
    } else if (stored.deltaLink) {
      body['@odata.deltaLink'] = stored.deltaLink;
    }
    return body;
  }

  private children(parentId: string): ItemState[] {
    return [...this.items.values()].filter((item) => item.parentId === parentId && !item.deleted).sort((a, b) => a.name.localeCompare(b.name));
  }

  private parentAt(item: ItemState, seq: number | null): { parentId: string | null; deleted: boolean } | null {
    if (seq === null) return { parentId: item.parentId, deleted: item.deleted };
    const version = [...item.history].reverse().find((entry) => entry.seq <= seq);
    return version ? { parentId: version.parentId, deleted: version.deleted } : null;
  }

  /** Whether the item was below `folderId` at `seq` (null: now). */
  private isInside(item: ItemState, folderId: string, seq: number | null): boolean {
    let current: ItemState | undefined = item;
    for (let hops = 0; current && hops < 100; hops += 1) {
      const state = this.parentAt(current, seq);
      if (!state || state.deleted) return false;
      if (state.parentId === folderId) return true;
      current = state.parentId ? this.items.get(state.parentId) : undefined;
    }
    return false;
  }

  private depth(item: ItemState): number {
    let depth = 0;
    for (let current = item; current.parentId && depth < 100; depth += 1) current = this.items.get(current.parentId)!;
    return depth;
  }

  private pathOf(item: ItemState): string {
    const names: string[] = [];
    for (let current = item; current.parentId; current = this.items.get(current.parentId)!) names.unshift(current.name);
    return names.join('/');
  }

  private itemJson(item: ItemState, options: { withPath: boolean; delta?: boolean }) {
    const drive = this.drives.get(item.driveId)!;
    const isRoot = item.parentId === null;
    const parent = item.parentId ? this.items.get(item.parentId) : undefined;
    const parentPath = parent ? this.pathOf(parent) : '';
    return {
      id: item.id,
      name: item.name,
      eTag: `"{${item.id}},${item.version}"`,
      ...(options.delta && !item.isFolder ? {} : { cTag: `"c:{${item.id}},${item.contentVersion}"` }),
      size: item.isFolder ? this.children(item.id).reduce((sum, child) => sum + child.content.length, 0) : item.content.length,
      webUrl: `${this.tenantUrl}/${encodeURIComponent(drive.name)}/${this.pathOf(item).split('/').map(encodeURIComponent).join('/')}`,
      createdDateTime: '2026-01-05T09:00:00Z',
      lastModifiedDateTime: new Date(Date.UTC(2026, 0, 5, 9) + item.changedSeq * 1000).toISOString(),
      parentReference: isRoot
        ? { driveId: drive.id, driveType: drive.driveType }
        : {
            driveId: drive.id,
            driveType: drive.driveType,
            id: item.parentId,
            // Delta answers leave the path out (a renamed folder's children are not listed again).
            ...(options.withPath ? { path: `/drives/${drive.id}/root:${parentPath ? `/${parentPath.split('/').map(encodeURIComponent).join('/')}` : ''}` } : {}),
          },
      ...(isRoot ? { root: {} } : {}),
      ...(item.isFolder ? { folder: { childCount: this.children(item.id).length } } : { file: { mimeType: item.mimeType, hashes: { quickXorHash: createHash('sha1').update(item.content).digest('base64') } } }),
    };
  }

  private driveJson(drive: DriveState) {
    return {
      id: drive.id,
      name: drive.name,
      driveType: drive.driveType,
      webUrl: `${this.tenantUrl}/${encodeURIComponent(drive.name)}`,
      ...(drive.siteId ? { sharePointIds: { siteId: drive.siteId } } : {}),
    };
  }

  private siteJson(id: string) {
    const site = this.sites.get(id)!;
    return { id: site.id, name: site.displayName.toLowerCase().replace(/\s+/g, '-'), displayName: site.displayName, webUrl: `${this.tenantUrl}/sites/${encodeURIComponent(site.displayName)}` };
  }
}

function encodeToken(token: { epoch: number; folder: string; seq: number }): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeToken(token: string): { epoch: number; folder: string; seq: number } | null {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { epoch?: unknown; folder?: unknown; seq?: unknown };
    return typeof value.epoch === 'number' && typeof value.folder === 'string' && typeof value.seq === 'number' ? (value as { epoch: number; folder: string; seq: number }) : null;
  } catch {
    return null;
  }
}

/**
 * Accepts access tokens the dev identity provider signed for Graph (its JWKS, issuer and
 * audience), as Graph accepts Entra ID's; the user is made from the token's subject.
 */
export function jwtTokens(issuer: string, audience: string): (token: string) => Promise<GraphUser | null> {
  const jwks = createRemoteJWKSet(new URL(`${issuer}/jwks`));
  return async (token) => {
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer, audience });
      const sub = String(payload.sub);
      return { id: sub, displayName: sub, userPrincipalName: `${sub}@contoso.example`, mail: `${sub}@contoso.example` };
    } catch {
      return null;
    }
  };
}
