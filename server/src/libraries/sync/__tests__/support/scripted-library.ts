import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { LibraryError, type FolderListing, type LibraryEntry, type LibraryFolderRef, type LibrarySession, type ScanPage, type ScanResult } from '../../../connector';

interface StoredFile {
  id: string;
  path: string;
  content: Buffer;
  version: string;
  contentType: string | null;
}

/** One delta answer: the pages from a cursor and where the next scan starts; 'resync' answers as Graph's 410 does. */
export type DeltaStep = { pages: ScanPage[]; next: string } | 'resync';

/**
 * A library in memory for the engine's delta tests, speaking the connector interface: files with
 * stable ids (as Graph's drive items have), and delta answers scripted by cursor, in pages as
 * Graph gives them. It counts what the sync fetches.
 */
export class ScriptedLibrary implements LibrarySession {
  private readonly byId = new Map<string, StoredFile>();
  private counter = 0;
  readonly downloads: string[] = [];
  /** Delta answers by cursor (null: the first, full listing). */
  readonly delta = new Map<string | null, DeltaStep>();

  put(path: string, content: string | Buffer, contentType: string | null = null): this {
    const existing = this.find(path);
    const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const id = existing?.id ?? `id-${++this.counter}`;
    const version = `"${createHash('sha1').update(bytes).digest('hex').slice(0, 12)}"`;
    this.byId.set(id, { id, path, content: bytes, version, contentType });
    return this;
  }

  move(from: string, to: string): void {
    const file = this.find(from)!;
    this.byId.set(file.id, { ...file, path: to });
  }

  entry(path: string): LibraryEntry {
    return toEntry(this.find(path)!);
  }

  private find(path: string): StoredFile | undefined {
    return [...this.byId.values()].find((file) => file.path === path);
  }

  async verify(): Promise<{ account: string }> {
    return { account: 'tester' };
  }

  async listFolders(): Promise<FolderListing> {
    return { folder: null, folders: [], fileCount: this.byId.size, more: 0 };
  }

  /** As a lazy connector does: the first page is asked for while the pages are read, so a 410 comes from there. */
  async scan(_folder: LibraryFolderRef, cursor: string | null): Promise<ScanResult> {
    const step = this.delta.get(cursor);
    async function* pages(): AsyncIterable<ScanPage> {
      if (step === 'resync') throw new LibraryError('The change list expired; a full scan is needed', 'resync');
      if (!step) throw new LibraryError('The library answered something that is not a change list', 'garbage');
      yield* step.pages;
    }
    return { mode: cursor === null ? 'full' : 'delta', pages: pages(), nextCursor: () => (step === 'resync' || !step ? null : step.next) };
  }

  async download(entry: LibraryEntry, maxBytes: number): Promise<Readable> {
    this.downloads.push(entry.path);
    const file = this.byId.get(entry.id);
    if (!file) throw new LibraryError(`${entry.path} is gone`, 'refused');
    if (file.content.length > maxBytes) throw new LibraryError(`${entry.path} is larger than allowed`, 'too-large');
    return Readable.from([file.content]);
  }
}

function toEntry(file: StoredFile): LibraryEntry {
  return {
    id: file.id,
    path: file.path,
    name: file.path.split('/').at(-1)!,
    isFolder: false,
    size: file.content.length,
    version: file.version,
    contentType: file.contentType,
    webUrl: `https://cloud.example.com/f/${encodeURIComponent(file.id)}`,
  };
}
