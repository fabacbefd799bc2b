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
 * A library in memory for the engine's tests, speaking the connector interface: a folder of
 * files listed in small pages (full scans), or, given a script, delta answers by cursor. It
 * counts what the sync asks of it; `beforeDownload` lets a test act in the middle of a sync.
 */
export class ScriptedLibrary implements LibrarySession {
  private readonly byId = new Map<string, StoredFile>();
  private counter = 0;
  readonly downloads: string[] = [];
  scans = 0;
  beforeDownload: ((entry: LibraryEntry) => void | Promise<void>) | undefined;
  /** Delta answers by cursor (null: the first, full listing); without a script, every scan is full. */
  delta: Map<string | null, DeltaStep> | undefined;

  constructor(private readonly options: { stableIds?: boolean; pageSize?: number } = {}) {}

  put(path: string, content: string | Buffer, contentType: string | null = null): this {
    const existing = this.find(path);
    const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const id = existing?.id ?? (this.options.stableIds ? `id-${++this.counter}` : path);
    const version = `"${createHash('sha1').update(bytes).digest('hex').slice(0, 12)}"`;
    this.byId.set(id, { id, path, content: bytes, version, contentType });
    return this;
  }

  move(from: string, to: string): void {
    const file = this.find(from)!;
    this.byId.delete(file.id);
    const id = this.options.stableIds ? file.id : to;
    this.byId.set(id, { ...file, id, path: to });
  }

  remove(path: string): void {
    this.byId.delete(this.find(path)!.id);
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

  async scan(_folder: LibraryFolderRef, cursor: string | null): Promise<ScanResult> {
    this.scans += 1;
    if (this.delta) {
      const step = this.delta.get(cursor);
      if (step === 'resync') throw new LibraryError('The change list expired; a full scan is needed', 'resync');
      if (!step) throw new LibraryError(`No delta answer scripted for ${cursor}`, 'garbage');
      return { mode: cursor === null ? 'full' : 'delta', pages: iterate(step.pages), nextCursor: () => step.next };
    }
    const size = this.options.pageSize ?? 2;
    const files = [...this.byId.values()].sort((a, b) => a.path.localeCompare(b.path));
    const pages: ScanPage[] = [{ kind: 'entries', entries: [{ ...folderEntry('sub') }] }];
    for (let i = 0; i < files.length; i += size) pages.push({ kind: 'entries', entries: files.slice(i, i + size).map(toEntry) });
    return { mode: 'full', pages: iterate(pages), nextCursor: () => null };
  }

  async download(entry: LibraryEntry, maxBytes: number): Promise<Readable> {
    await this.beforeDownload?.(entry);
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

function folderEntry(path: string): LibraryEntry {
  return { id: `folder:${path}`, path, name: path, isFolder: true, size: 0, version: 'v', contentType: null, webUrl: null };
}

async function* iterate(pages: ScanPage[]): AsyncIterable<ScanPage> {
  for (const page of pages) yield page;
}
