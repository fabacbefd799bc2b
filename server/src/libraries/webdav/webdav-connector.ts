import { Readable, Transform } from 'node:stream';
import { LIBRARY_FOLDERS_PAGE_SIZE } from '@assistant/contracts';
import { z } from 'zod';
import {
  LibraryError,
  type ConnectorDependencies,
  type FolderListing,
  type LibraryConnector,
  type LibraryEntry,
  type LibraryFolderRef,
  type LibrarySession,
  type ScanPage,
  type ScanResult,
} from '../connector';
import { libraryErrorFrom } from '../library-hosts';
import { PROPFIND_BODY, readMultistatus, type DavResource } from './multistatus';

/**
 * WebDAV libraries (Nextcloud, ownCloud, any WebDAV server), signed in with Basic auth of a user
 * name and an app password. Folder ids are paths from the connection's URL, starting with `/`
 * (`/Documents/Reports`); a file's id is Nextcloud's `oc:fileid` where the server names one (so a
 * rename keeps it), else its path. A scan walks the bound folder one `Depth: 1` PROPFIND per
 * folder (servers refuse `Depth: infinity` on big trees) and lists files only; the ETag is the
 * version. WebDAV has no change feed, so every scan is full.
 */

export const WEBDAV_KIND = 'webdav';

export const webdavCredentialsSchema = z.object({ username: z.string().min(1), appPassword: z.string().min(1) });
export type WebdavCredentials = z.infer<typeof webdavCredentialsSchema>;

/** The most one folder listing may weigh: about 100,000 entries of a Nextcloud answer. */
export const MAX_LISTING_BYTES = 32 * 1024 * 1024;
/** Folders one scan walks at most, and how deep: a bound on a tree that never ends (links in a loop). */
const MAX_SCAN_FOLDERS = 20_000;
const MAX_SCAN_DEPTH = 64;
/** Entries in one scan page. */
const SCAN_PAGE_SIZE = 200;
/** One listing (connect, headers and the whole body) may take this many request timeouts. */
const LISTING_TIMEOUT_FACTOR = 4;

export const webdavConnector: LibraryConnector<WebdavCredentials> = {
  kind: WEBDAV_KIND,
  credentialsSchema: webdavCredentialsSchema,
  open(connection, deps) {
    return new WebdavSession(connection.url, connection.credentials, deps);
  },
};

/** `/a/b` from a folder id; refuses `.` and `..` so an id never leaves the connection's folder. */
function folderSegments(folderId: string): string[] {
  const segments = folderId.split('/').filter((segment) => segment !== '');
  if (!folderId.startsWith('/') || segments.some((segment) => segment === '.' || segment === '..')) {
    throw new LibraryError(`"${folderId}" is not a folder of this library`, 'refused');
  }
  return segments;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A URL path as the names it holds: `/remote.php/dav/files/u/My%20Files/` -> remote.php, dav, files, u, My Files. */
function pathSegments(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '').map(decodeSegment);
}

class WebdavSession implements LibrarySession {
  private readonly base: URL;
  private readonly baseSegments: string[];
  private readonly authorization: string;

  constructor(
    url: string,
    private readonly credentials: WebdavCredentials,
    private readonly deps: ConnectorDependencies,
  ) {
    this.base = new URL(url.endsWith('/') ? url : `${url}/`);
    this.baseSegments = pathSegments(this.base.pathname);
    this.authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.appPassword}`).toString('base64')}`;
  }

  async verify(signal: AbortSignal): Promise<{ account: string }> {
    const [root] = await this.propfind([], '0', signal);
    if (!root) throw new LibraryError(`${this.base.host} answered an empty listing for ${this.base.pathname}`, 'garbage');
    if (!root.isCollection) throw new LibraryError(`${this.base.href} is a file, not a folder: give the address of a WebDAV folder`, 'garbage');
    return { account: this.credentials.username };
  }

  async listFolders(folderId: string | null, signal: AbortSignal): Promise<FolderListing> {
    const segments = folderSegments(folderId ?? '/');
    const children = await this.children(segments, signal);
    const folders = children
      .filter(({ isCollection }) => isCollection)
      .map(({ path, name }) => ({ id: path, name, path }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const path = `/${segments.join('/')}`;
    return {
      folder: segments.length === 0 ? null : { id: path, name: segments[segments.length - 1]!, path },
      folders: folders.slice(0, LIBRARY_FOLDERS_PAGE_SIZE),
      fileCount: children.length - folders.length,
      more: Math.max(0, folders.length - LIBRARY_FOLDERS_PAGE_SIZE),
    };
  }

  async scan(folder: LibraryFolderRef, _cursor: string | null, signal: AbortSignal): Promise<ScanResult> {
    const rootSegments = folderSegments(folder.id);
    // Fails here, before any page, when the folder is gone or the library refuses.
    const first = await this.children(rootSegments, signal);
    const pages = this.walk(rootSegments, first, signal);
    return { mode: 'full', pages, nextCursor: () => null };
  }

  async download(entry: LibraryEntry, maxBytes: number, signal: AbortSignal, folder: LibraryFolderRef): Promise<Readable> {
    const segments = [...folderSegments(folder.id), ...entry.path.split('/').filter((segment) => segment !== '')];
    if (segments.some((segment) => segment === '.' || segment === '..')) throw new LibraryError(`"${entry.path}" is not a file of this library`, 'refused');
    const url = this.urlOf(segments, false);
    const response = await this.request(url, { method: 'GET', signal });
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => {});
      throw this.statusError(response.status, url);
    }
    const announced = Number(response.headers.get('content-length'));
    if (Number.isFinite(announced) && announced > maxBytes) {
      await response.body?.cancel().catch(() => {});
      throw tooLarge(entry.path, maxBytes);
    }
    if (!response.body) return Readable.from([]);
    let received = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(received > maxBytes ? tooLarge(entry.path, maxBytes) : null, received > maxBytes ? undefined : chunk);
      },
    });
    const source = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
    // A library that stops sending, or sends more than it may, fails this file with a clear message.
    source.on('error', (error) => limit.destroy(libraryErrorFrom(error, url)));
    limit.on('close', () => source.destroy());
    return source.pipe(limit);
  }

  /** Files of the bound folder and its sub-folders, a page at a time; one folder's listing in memory at once. */
  private async *walk(rootSegments: string[], first: Child[], signal: AbortSignal): AsyncGenerator<ScanPage> {
    const pending: { segments: string[]; children: Child[] | null }[] = [{ segments: rootSegments, children: first }];
    let visited = 0;
    let page: LibraryEntry[] = [];
    for (let next = pending.pop(); next; next = pending.pop()) {
      visited += 1;
      if (visited > MAX_SCAN_FOLDERS) throw new LibraryError(`The folder holds more than ${MAX_SCAN_FOLDERS} folders; bind a smaller one`, 'garbage');
      const children = next.children ?? (await this.children(next.segments, signal));
      for (const child of children) {
        if (child.isCollection) {
          if (child.segments.length - rootSegments.length > MAX_SCAN_DEPTH) {
            throw new LibraryError(`The folder is nested more than ${MAX_SCAN_DEPTH} levels deep; bind a smaller one`, 'garbage');
          }
          pending.push({ segments: child.segments, children: null });
          continue;
        }
        page.push(this.entryOf(child, rootSegments));
        if (page.length >= SCAN_PAGE_SIZE) {
          yield { kind: 'entries', entries: page };
          page = [];
        }
      }
    }
    if (page.length > 0) yield { kind: 'entries', entries: page };
  }

  private entryOf(child: Child, rootSegments: string[]): LibraryEntry {
    const relative = child.segments.slice(rootSegments.length).join('/');
    const { resource } = child;
    return {
      id: resource.fileId ?? child.path,
      path: relative,
      name: child.name,
      isFolder: false,
      size: resource.size ?? 0,
      // Without an ETag, the modification time and size stand for the content.
      version: resource.etag ?? `${resource.lastModified ?? ''}:${resource.size ?? ''}`,
      contentType: resource.contentType,
      webUrl: this.webUrlOf(child),
    };
  }

  /**
   * Where a person opens the original: Nextcloud's and ownCloud's web view of the file id
   * (`/index.php/f/<id>`) when the connection is their WebDAV endpoint, else the file's address.
   */
  private webUrlOf(child: Child): string {
    const at = this.base.pathname.indexOf('/remote.php/');
    if (child.resource.fileId && at >= 0) {
      return new URL(`${this.base.pathname.slice(0, at)}/index.php/f/${encodeURIComponent(child.resource.fileId)}`, this.base).href;
    }
    return this.urlOf(child.segments, false).href;
  }

  /** The folder's direct children (the folder itself left out), as paths from the connection's URL. */
  private async children(segments: string[], signal: AbortSignal): Promise<Child[]> {
    const resources = await this.propfind(segments, '1', signal);
    const children: Child[] = [];
    for (const resource of resources) {
      const childSegments = this.segmentsOf(resource.href);
      // Not below the listed folder (a server's odd answer), or the folder itself.
      if (!childSegments || childSegments.length !== segments.length + 1 || segments.some((segment, index) => childSegments[index] !== segment)) continue;
      children.push({
        resource,
        segments: childSegments,
        path: `/${childSegments.join('/')}`,
        name: childSegments[childSegments.length - 1]!,
        isCollection: resource.isCollection,
      });
    }
    return children;
  }

  /** The segments of an answer's href from the connection's URL; null when it is not below it. */
  private segmentsOf(href: string): string[] | null {
    let url: URL;
    try {
      url = new URL(href, this.base);
    } catch {
      return null;
    }
    const segments = pathSegments(url.pathname);
    if (segments.length < this.baseSegments.length || this.baseSegments.some((segment, index) => segments[index] !== segment)) return null;
    return segments.slice(this.baseSegments.length);
  }

  private urlOf(segments: string[], folder: boolean): URL {
    const path = segments.map(encodeURIComponent).join('/');
    return new URL(path + (folder && path ? '/' : ''), this.base);
  }

  private async propfind(segments: string[], depth: '0' | '1', signal: AbortSignal): Promise<DavResource[]> {
    const url = this.urlOf(segments, true);
    const deadline = AbortSignal.any([signal, AbortSignal.timeout(this.deps.requestTimeoutMs * LISTING_TIMEOUT_FACTOR)]);
    const response = await this.request(url, {
      method: 'PROPFIND',
      headers: { depth, 'content-type': 'application/xml; charset=utf-8' },
      body: PROPFIND_BODY,
      signal: deadline,
    });
    if (response.status !== 207) {
      await response.body?.cancel().catch(() => {});
      if (response.status >= 200 && response.status < 300) {
        throw new LibraryError(`${this.base.host} does not answer as a WebDAV server (status ${response.status} to PROPFIND): check the address`, 'garbage');
      }
      throw this.statusError(response.status, url);
    }
    if (!response.body) throw new LibraryError(`${this.base.host} answered an empty folder listing`, 'garbage');
    try {
      return await readMultistatus(response.body, MAX_LISTING_BYTES);
    } catch (error) {
      signal.throwIfAborted();
      throw libraryErrorFrom(error, url);
    }
  }

  private async request(url: URL, init: { method: string; headers?: Record<string, string>; body?: string; signal: AbortSignal }): Promise<Response> {
    return this.deps.fetch(url, { ...init, headers: { ...init.headers, authorization: this.authorization } });
  }

  private statusError(status: number, url: URL): LibraryError {
    const where = decodeSegment(url.pathname);
    if (status === 401) return new LibraryError(`${this.base.host} refused the user name or app password (401)`, 'needs-sign-in');
    if (status === 403) return new LibraryError(`${this.base.host} refused access to ${where} (403)`, 'refused');
    if (status === 404) return new LibraryError(`${this.base.host} has nothing at ${where} (404)`, 'refused');
    if (status === 429 || status >= 500) return new LibraryError(`${this.base.host} could not answer (status ${status}); try again later`, 'unreachable');
    return new LibraryError(`${this.base.host} answered status ${status} for ${where}`, 'garbage');
  }
}

interface Child {
  resource: DavResource;
  segments: string[];
  /** `/`-joined segments: the folder id or, without a file id, the file's id. */
  path: string;
  name: string;
  isCollection: boolean;
}

function tooLarge(path: string, maxBytes: number): LibraryError {
  return new LibraryError(`${path} is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`, 'too-large');
}
