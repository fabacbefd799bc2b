import { Readable, Transform } from 'node:stream';
import { LIBRARY_FOLDERS_PAGE_SIZE } from '@assistant/contracts';
import { z } from 'zod';
import {
  LibraryError,
  type ConnectorDependencies,
  type FolderListing,
  type LibraryConnectionCredentials,
  type LibraryConnector,
  type LibraryEntry,
  type LibraryFolderRef,
  type LibrarySession,
  type ScanPage,
  type ScanResult,
} from '../connector';
import { DEFAULT_THROTTLE_POLICY, GraphClient, type ThrottlePolicy } from './graph-client';
import { graphDriveItemSchema, graphDriveSchema, graphPage, graphSiteSchema, graphUserSchema, type GraphDriveItem } from './graph-schemas';
import { microsoftCredentialsSchema, type MicrosoftCredentials, type MicrosoftOAuth } from './microsoft-oauth';

/**
 * Microsoft 365 (OneDrive and SharePoint document libraries) through Microsoft Graph.
 *
 * Ids: a folder or file is `<drive id>/<item id>` (Graph item ids are unique within their drive;
 * `root` names a drive's root folder), a SharePoint site in the folder browser `site:<site id>`.
 * A scan is a delta query on the bound folder's drive (Graph documents delta on a drive's root;
 * what lies outside the folder is left out): the first lists everything (`full`), later ones start
 * from the previous `@odata.deltaLink` and list only what changed (`delta`).
 */

export const MICROSOFT_KIND = 'microsoft';

/** Pages of children read for one folder listing (200 each): a bound on a huge folder. */
const MAX_CHILD_PAGES = 25;
/** Pages of one scan (200 items each): far beyond any drive, a stop for an answer that never ends. */
const MAX_DELTA_PAGES = 100_000;
/** Pages of sites read for the root listing. */
const MAX_SITE_PAGES = 3;
const CHILD_FIELDS = 'id,name,folder,file,package';
const ITEM_FIELDS = 'id,name,folder,root,parentReference';

const itemPage = graphPage(graphDriveItemSchema);
const sitePage = graphPage(graphSiteSchema);
const drivePage = graphPage(graphDriveSchema);

type ItemRef = { kind: 'item'; driveId: string; itemId: string } | { kind: 'site'; siteId: string };

export interface MicrosoftSession extends LibrarySession {
  /** The tenant's SharePoint address, shown as the connection's URL; null when Graph names none. */
  tenantUrl(signal: AbortSignal): Promise<string | null>;
}

export interface MicrosoftConnectorOptions {
  oauth: MicrosoftOAuth;
  throttle?: ThrottlePolicy;
}

export interface MicrosoftConnector extends LibraryConnector<MicrosoftCredentials> {
  open(connection: LibraryConnectionCredentials<MicrosoftCredentials>, deps: ConnectorDependencies): MicrosoftSession;
}

export function createMicrosoftConnector(options: MicrosoftConnectorOptions): MicrosoftConnector {
  return {
    kind: MICROSOFT_KIND,
    credentialsSchema: microsoftCredentialsSchema,
    open(connection, deps) {
      const client = new GraphClient({
        baseUrl: options.oauth.settings.graphUrl,
        // Graph and the download URLs it redirects to: both through the allow-list.
        fetch: deps.fetch,
        timeoutMs: deps.requestTimeoutMs,
        throttle: options.throttle ?? DEFAULT_THROTTLE_POLICY,
        credentials: connection.credentials,
        refresh: (refreshToken, signal) => options.oauth.refresh(refreshToken, signal),
        saveCredentials: connection.saveCredentials,
      });
      return new GraphSession(client, deps);
    },
  };
}

class GraphSession implements MicrosoftSession {
  constructor(
    private readonly graph: GraphClient,
    private readonly deps: ConnectorDependencies,
  ) {}

  async verify(signal: AbortSignal): Promise<{ account: string }> {
    const me = await this.graph.json('/me?$select=displayName,userPrincipalName,mail', graphUserSchema, signal);
    return { account: me.userPrincipalName || me.mail || me.displayName || 'Microsoft 365' };
  }

  async tenantUrl(signal: AbortSignal): Promise<string | null> {
    try {
      const site = await this.graph.json('/sites/root?$select=id,webUrl', graphSiteSchema, signal);
      return site.webUrl && URL.canParse(site.webUrl) ? new URL(site.webUrl).origin : null;
    } catch (error) {
      // Without Sites.Read.All there is no root site to name; the connection works for OneDrive.
      if (error instanceof LibraryError && error.reason === 'refused') return null;
      throw error;
    }
  }

  async listFolders(folderId: string | null, signal: AbortSignal): Promise<FolderListing> {
    if (folderId === null) return this.listRoot(signal);
    const ref = parseId(folderId);
    if (ref.kind === 'site') return this.listSite(ref.siteId, signal);
    return this.listChildren(ref.driveId, ref.itemId, signal);
  }

  /** The user's OneDrive and the SharePoint sites they follow or can find. */
  private async listRoot(signal: AbortSignal): Promise<FolderListing> {
    const oneDrive = await this.optional(this.graph.json('/me/drive?$select=id,name,driveType', graphDriveSchema, signal));
    const sites = new Map<string, string>();
    const addSites = async (first: string) => {
      let link: string | undefined = first;
      for (let page = 0; link && page < MAX_SITE_PAGES; page += 1) {
        const answer: z.infer<typeof sitePage> | null = await this.optional(this.graph.json(link, sitePage, signal));
        if (!answer) return;
        for (const site of answer.value) sites.set(site.id, site.displayName || site.name || site.id);
        link = answer['@odata.nextLink'];
      }
    };
    await addSites('/me/followedSites?$select=id,displayName,name');
    await addSites('/sites?search=*&$select=id,displayName,name');
    const folders = [
      ...(oneDrive ? [{ id: itemId(oneDrive.id, 'root'), name: 'OneDrive', path: 'OneDrive' }] : []),
      ...[...sites]
        .map(([id, name]) => ({ id: `site:${id}`, name, path: name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ];
    return { folder: null, folders: folders.slice(0, LIBRARY_FOLDERS_PAGE_SIZE), fileCount: 0, more: Math.max(0, folders.length - LIBRARY_FOLDERS_PAGE_SIZE) };
  }

  /** A SharePoint site's document libraries. */
  private async listSite(siteId: string, signal: AbortSignal): Promise<FolderListing> {
    const site = await this.graph.json(`/sites/${encodeURIComponent(siteId)}?$select=id,displayName,name`, graphSiteSchema, signal);
    const siteName = site.displayName || site.name || site.id;
    const folders: FolderListing['folders'] = [];
    let link: string | undefined = `/sites/${encodeURIComponent(siteId)}/drives?$select=id,name,driveType`;
    for (let page = 0; link && page < MAX_SITE_PAGES; page += 1) {
      const answer: z.infer<typeof drivePage> = await this.graph.json(link, drivePage, signal);
      for (const drive of answer.value) {
        const name = drive.name || drive.id;
        folders.push({ id: itemId(drive.id, 'root'), name, path: `${siteName}/${name}` });
      }
      link = answer['@odata.nextLink'];
    }
    return {
      folder: { id: `site:${siteId}`, name: siteName, path: siteName },
      folders: folders.slice(0, LIBRARY_FOLDERS_PAGE_SIZE),
      fileCount: 0,
      more: Math.max(0, folders.length - LIBRARY_FOLDERS_PAGE_SIZE),
    };
  }

  /** A drive folder's sub-folders (listed) and files (counted). */
  private async listChildren(driveId: string, id: string, signal: AbortSignal): Promise<FolderListing> {
    const [item, label] = await Promise.all([this.item(driveId, id, signal), this.driveLabel(driveId, signal)]);
    if (!item.folder && !item.root) throw new LibraryError('This is a file, not a folder', 'refused');
    const inDrive = pathInDrive(item);
    const path = inDrive ? `${label}/${inDrive}` : label;
    const folders: FolderListing['folders'] = [];
    let fileCount = 0;
    let more = 0;
    let link: string | undefined = `${itemPath(driveId, id)}/children?$select=${CHILD_FIELDS}&$top=200`;
    for (let page = 0; link && page < MAX_CHILD_PAGES; page += 1) {
      const answer: z.infer<typeof itemPage> = await this.graph.json(link, itemPage, signal);
      for (const child of answer.value) {
        if (child.folder) {
          if (folders.length < LIBRARY_FOLDERS_PAGE_SIZE) folders.push({ id: itemId(driveId, child.id), name: child.name ?? child.id, path: `${path}/${child.name ?? child.id}` });
          else more += 1;
        } else if (child.file) fileCount += 1;
      }
      link = answer['@odata.nextLink'];
    }
    folders.sort((a, b) => a.name.localeCompare(b.name));
    return { folder: { id: itemId(driveId, item.root ? 'root' : item.id), name: item.root ? label : (item.name ?? item.id), path }, folders, fileCount, more };
  }

  /** "OneDrive" for the user's own drive, "<site>/<library>" for a SharePoint document library. */
  private async driveLabel(driveId: string, signal: AbortSignal): Promise<string> {
    const drive = await this.graph.json(`/drives/${encodeURIComponent(driveId)}?$select=id,name,driveType,sharePointIds`, graphDriveSchema, signal);
    if (drive.driveType === 'personal') return 'OneDrive';
    const name = drive.name || drive.id;
    const siteId = drive.sharePointIds?.siteId;
    if (!siteId) return name;
    const site = await this.optional(this.graph.json(`/sites/${encodeURIComponent(siteId)}?$select=id,displayName,name`, graphSiteSchema, signal));
    return site ? `${site.displayName || site.name || site.id}/${name}` : name;
  }

  async scan(folder: LibraryFolderRef, cursor: string | null, signal: AbortSignal): Promise<ScanResult> {
    const ref = parseId(folder.id);
    if (ref.kind === 'site') throw new LibraryError('A SharePoint site cannot be synced as a whole: choose one of its document libraries or a folder in it', 'refused');
    const { driveId } = ref;
    const bound = await this.item(driveId, ref.itemId, signal);
    if (!bound.folder && !bound.root) throw new LibraryError('The synced folder is no longer a folder in Microsoft 365', 'refused');
    const boundPath = pathInDrive(bound);
    const start = cursor ?? `${itemPath(driveId, 'root')}/delta`;
    // A stored cursor is a deltaLink Graph gave for this drive; anything else is not followed.
    if (cursor !== null && !this.graph.url(cursor).includes(`/drives/${encodeURIComponent(driveId)}/`)) {
      throw new LibraryError('The stored sync position belongs to another library; the folder is read again', 'resync');
    }

    // Folders' paths relative to the bound folder by item id (null: outside it); folders only, so
    // memory grows with the drive's folders, not its files. Delta answers carry no paths, only
    // parent ids: a parent not met in this scan is looked up once.
    const relative = new Map<string, string | null>([[bound.id, '']]);
    const parentPath = async (parentId: string | undefined): Promise<string | null> => {
      if (!parentId) return null;
      const known = relative.get(parentId);
      if (known !== undefined) return known;
      let resolved: string | null = null;
      try {
        const parent = await this.item(driveId, parentId, signal);
        const full = pathInDrive(parent);
        if (parent.root) resolved = boundPath === '' ? '' : null;
        else if (boundPath === '') resolved = full;
        else if (full === boundPath) resolved = '';
        else if (full.startsWith(`${boundPath}/`)) resolved = full.slice(boundPath.length + 1);
      } catch (error) {
        // A parent that is gone took its children with it.
        if (!(error instanceof LibraryError && error.reason === 'refused')) throw error;
      }
      relative.set(parentId, resolved);
      return resolved;
    };

    let nextCursor: string | null = null;
    const graph = this.graph;
    async function* pages(): AsyncGenerator<ScanPage> {
      let link: string | undefined = start;
      let previous: string | undefined;
      for (let page = 0; link; page += 1) {
        if (link === previous || page >= MAX_DELTA_PAGES) throw new LibraryError('Microsoft 365 answered the same page again and again', 'garbage');
        previous = link;
        const answer: z.infer<typeof itemPage> = await graph.json(link, itemPage, signal);
        const entries: LibraryEntry[] = [];
        const deleted: string[] = [];
        for (const item of answer.value) {
          if (item.id === bound.id || item.root) continue;
          if (item.deleted) {
            relative.delete(item.id);
            deleted.push(itemId(driveId, item.id));
            continue;
          }
          const parent = await parentPath(item.parentReference?.id);
          if (parent === null) {
            if (item.folder) relative.set(item.id, null);
            // Outside the bound folder. A change there may be a move out of it: gone from the
            // collection's point of view (an id the sync does not know changes nothing).
            if (cursor !== null) deleted.push(itemId(driveId, item.id));
            continue;
          }
          const name = item.name ?? item.id;
          const path = parent ? `${parent}/${name}` : name;
          if (item.folder) relative.set(item.id, path);
          else if (!item.file) continue;
          entries.push(toEntry(driveId, item, path));
        }
        if (entries.length) yield { kind: 'entries', entries };
        if (deleted.length) yield { kind: 'deleted', ids: deleted };
        if (answer['@odata.nextLink']) {
          link = answer['@odata.nextLink'];
        } else if (answer['@odata.deltaLink']) {
          graph.url(answer['@odata.deltaLink']);
          nextCursor = answer['@odata.deltaLink'];
          link = undefined;
        } else {
          throw new LibraryError('Microsoft 365 ended the change list without a position for the next sync', 'garbage');
        }
      }
    }
    return { mode: cursor === null ? 'full' : 'delta', pages: pages(), nextCursor: () => nextCursor };
  }

  async download(entry: LibraryEntry, maxBytes: number, signal: AbortSignal): Promise<Readable> {
    const ref = parseId(entry.id);
    if (ref.kind === 'site' || entry.isFolder) throw new LibraryError('Only files can be downloaded', 'refused');
    if (entry.size > maxBytes) throw tooLarge(maxBytes);
    // `/content` answers 302 to a pre-authenticated URL on SharePoint's host: the guarded fetch
    // follows it only to an allowed host, and without the bearer token (another origin).
    const response = await this.graph.request(`${itemPath(ref.driveId, ref.itemId)}/content`, signal);
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel();
      throw new LibraryError(`Microsoft 365 answered ${response.status} instead of the file`, 'garbage');
    }
    return bounded(response, maxBytes, this.deps.requestTimeoutMs);
  }

  private item(driveId: string, id: string, signal: AbortSignal): Promise<GraphDriveItem> {
    return this.graph.json(`${itemPath(driveId, id)}?$select=${ITEM_FIELDS}`, graphDriveItemSchema, signal);
  }

  /** null where the account lacks the permission or the resource (a personal account has no sites). */
  private async optional<T>(call: Promise<T>): Promise<T | null> {
    try {
      return await call;
    } catch (error) {
      if (error instanceof LibraryError && error.reason === 'refused') return null;
      throw error;
    }
  }
}

function toEntry(driveId: string, item: GraphDriveItem, path: string): LibraryEntry {
  const isFolder = Boolean(item.folder);
  return {
    id: itemId(driveId, item.id),
    path,
    name: item.name ?? item.id,
    isFolder,
    size: isFolder ? 0 : Math.floor(item.size ?? 0),
    // The content's hash, else cTag: both change with the content only (a rename changes eTag).
    // OneDrive for Business leaves cTag out of delta answers; its quickXorHash is always there.
    version: contentVersion(item),
    contentType: item.file?.mimeType ?? null,
    webUrl: item.webUrl && /^https?:\/\//.test(item.webUrl) ? item.webUrl : null,
  };
}

function contentVersion(item: GraphDriveItem): string {
  const hashes = item.file?.hashes;
  const hash = hashes?.quickXorHash ?? hashes?.sha256Hash ?? hashes?.sha1Hash;
  if (hash) return `hash:${hash}`;
  return item.cTag ?? item.eTag ?? '';
}

function itemId(driveId: string, id: string): string {
  return `${driveId}/${id}`;
}

const idPart = z.string().min(1).max(512).regex(/^[^/\s?#]+$/);

function parseId(id: string): ItemRef {
  if (id.startsWith('site:')) {
    const siteId = id.slice('site:'.length);
    // Site ids are `host,site guid,web guid`.
    if (!z.string().min(1).max(1024).regex(/^[^/\s?#]+$/).safeParse(siteId).success) throw notAnId();
    return { kind: 'site', siteId };
  }
  const slash = id.indexOf('/');
  const driveId = id.slice(0, slash);
  const item = id.slice(slash + 1);
  if (slash < 0 || !idPart.safeParse(driveId).success || !idPart.safeParse(item).success) throw notAnId();
  return { kind: 'item', driveId, itemId: item };
}

function notAnId(): LibraryError {
  return new LibraryError('This is not a Microsoft 365 folder', 'refused');
}

function itemPath(driveId: string, id: string): string {
  const drive = `/drives/${encodeURIComponent(driveId)}`;
  return id === 'root' ? `${drive}/root` : `${drive}/items/${encodeURIComponent(id)}`;
}

/** An item's path inside its drive, without a leading '/' ('' for the root). */
function pathInDrive(item: GraphDriveItem): string {
  if (item.root) return '';
  const parent = item.parentReference?.path ?? '';
  const at = parent.indexOf('root:');
  let parentPath = at >= 0 ? parent.slice(at + 'root:'.length) : '';
  try {
    parentPath = decodeURIComponent(parentPath);
  } catch {
    // Kept as Graph wrote it.
  }
  const name = item.name ?? item.id;
  return `${parentPath.replace(/^\/+|\/+$/g, '')}/${name}`.replace(/^\/+/, '');
}

function tooLarge(maxBytes: number): LibraryError {
  return new LibraryError(`The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`, 'too-large');
}

/** The body as a Node stream that fails past `maxBytes`, or when no bytes arrive for `idleMs`. */
function bounded(response: Response, maxBytes: number, idleMs: number): Readable {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    void response.body?.cancel();
    throw tooLarge(maxBytes);
  }
  if (!response.body) return Readable.from([]);
  const source = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
  let size = 0;
  let idle: NodeJS.Timeout | undefined;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(tooLarge(maxBytes));
      armIdle();
      callback(null, chunk);
    },
    flush(callback) {
      clearTimeout(idle);
      callback();
    },
  });
  const armIdle = () => {
    clearTimeout(idle);
    if (idleMs > 0) idle = setTimeout(() => limit.destroy(new LibraryError('The download from Microsoft 365 stalled', 'timeout')), idleMs);
  };
  armIdle();
  source.on('error', (error) => limit.destroy(error instanceof LibraryError ? error : new LibraryError('The download from Microsoft 365 broke off', 'unreachable', { cause: error })));
  limit.on('close', () => {
    clearTimeout(idle);
    source.destroy();
  });
  return source.pipe(limit);
}
