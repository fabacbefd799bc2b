import type { Readable } from 'node:stream';
import type { z } from 'zod';

/**
 * What the sync engine needs from a kind of document library. A new kind (Confluence, Google
 * Drive, S3) is one folder under server/src/libraries/ that exports a LibraryConnector and is
 * listed in connectors.ts; nothing else changes (docs/document-libraries.md).
 *
 * Everything a library answers is untrusted: connectors bound what they read (sizes, counts,
 * time), parse XML without entity expansion, and throw LibraryError with a message for the user.
 */

/** A file or folder as the library names it. */
export interface LibraryEntry {
  /** Stable id across renames where the library has one (Graph item id, Nextcloud oc:fileid), else the path. */
  id: string;
  /** Path from the bound folder, '/'-separated, without a leading '/'. */
  path: string;
  name: string;
  isFolder: boolean;
  /** Bytes as the library reports them (0 for folders). */
  size: number;
  /** Changes whenever the content changes (WebDAV ETag, Graph cTag). */
  version: string;
  /** Content type as reported; the ingestion decides from the bytes and name too. */
  contentType: string | null;
  /** The original in the library, for sources that link home. */
  webUrl: string | null;
}

export interface LibraryFolderRef {
  id: string;
  path: string;
}

/** One page of what is in (or changed in) a bound folder, sub-folders included. */
export type ScanPage =
  /** Entries present now; after the last page of a full scan, ids not seen are gone. */
  | { kind: 'entries'; entries: LibraryEntry[] }
  /** Ids the library reports as deleted or moved out of the folder (delta scans only). */
  | { kind: 'deleted'; ids: string[] };

export interface ScanResult {
  /** A full scan lists everything (missing means deleted); a delta scan only what changed. */
  mode: 'full' | 'delta';
  pages: AsyncIterable<ScanPage>;
  /** Read after the pages are consumed: where the next scan starts (Graph deltaLink); null for none. */
  nextCursor(): string | null;
}

export interface FolderListing {
  folder: { id: string; name: string; path: string } | null;
  folders: { id: string; name: string; path: string }[];
  fileCount: number;
  more: number;
}

/** An open connection with its credentials; made per use and not kept. */
export interface LibrarySession {
  /** Signs in once and fails with LibraryError when the library refuses (used on connect). */
  verify(signal: AbortSignal): Promise<{ account: string }>;
  listFolders(folderId: string | null, signal: AbortSignal): Promise<FolderListing>;
  /** Everything under the folder, or what changed since `cursor` when the kind supports deltas. */
  scan(folder: LibraryFolderRef, cursor: string | null, signal: AbortSignal): Promise<ScanResult>;
  /**
   * The file's bytes, streamed; fails with LibraryError past maxBytes. `folder` is the bound folder
   * the entry was scanned in (a WebDAV entry's address is that folder's path plus `entry.path`).
   */
  download(entry: LibraryEntry, maxBytes: number, signal: AbortSignal, folder: LibraryFolderRef): Promise<Readable>;
}

/** What every connector gets from the server: the guarded fetch and the time limits. */
export interface ConnectorDependencies {
  /** fetch that refuses hosts outside the administrators' allow-list (library-hosts.ts). */
  fetch: typeof fetch;
  requestTimeoutMs: number;
}

export interface LibraryConnector<Credentials> {
  kind: string;
  /** Validates what is stored encrypted for a connection (never sent to the browser). */
  credentialsSchema: z.ZodType<Credentials>;
  open(connection: LibraryConnectionCredentials<Credentials>, deps: ConnectorDependencies): LibrarySession;
}

/** What a session is opened with: the connection's address and its decrypted credentials. */
export interface LibraryConnectionCredentials<Credentials> {
  url: string;
  credentials: Credentials;
  /**
   * Stores credentials the session renewed (an OAuth refresh token the provider rotated), encrypted
   * on the connection's row. Kinds whose credentials never change do not call it.
   */
  saveCredentials?: (credentials: Credentials) => Promise<void>;
}

/** A library refused, answered garbage or took too long: fails that call or sync, not the server. */
export class LibraryError extends Error {
  constructor(
    message: string,
    readonly reason: 'refused' | 'unreachable' | 'timeout' | 'garbage' | 'too-large' | 'needs-sign-in' | 'resync',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'LibraryError';
  }
}
