import { isAcceptedUpload, type LibrarySkipReason, type LibrarySyncProgress } from '@assistant/contracts';
import { UnsupportedContentError } from '../../ingestion/content-type';
import { UploadTooLargeError, type UploadLimits } from '../../ingestion/receive-upload';
import { LibraryError, type LibraryEntry, type LibrarySession, type ScanResult } from '../connector';
import type { LibraryDocuments } from './library-documents';
import { ITEM_BATCH, type BindingRow, type ItemRow, type ItemWrite, type LibrarySyncStore } from './library-sync-store';

/** What a sync needs besides its binding. */
export interface SyncDependencies {
  store: LibrarySyncStore;
  documents: LibraryDocuments;
  /** A session on the binding's connection, for the server's own work; undefined when the connection is gone. */
  openSession(binding: BindingRow): Promise<LibrarySession | undefined>;
  limits: UploadLimits;
  /** Tells the ingestion runner a file is waiting (it polls anyway). */
  nudgeIngestion(): void;
  /** When the binding is due again after a sync. */
  intervalMs: number;
  /** Downloads at once; default 4. */
  concurrency?: number;
  /** Least time between two writes of the progress; default 500 ms. */
  progressIntervalMs?: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

export type SyncOutcome =
  | { outcome: 'done'; progress: LibrarySyncProgress; mode: 'full' | 'delta' }
  | { outcome: 'paused' | 'gone' };

/** The sync stopped because the binding was paused or deleted (its connection disconnected). */
class SyncInterrupted extends Error {
  constructor(readonly outcome: 'paused' | 'gone') {
    super(`sync ${outcome}`);
  }
}

export const NO_LONGER_EDITABLE = 'You may no longer change the documents of this collection, so the folder is not synced into it';

/** Library failures that end the whole sync; any other failure of one file fails that file only. */
const SYNC_WIDE: ReadonlySet<LibraryError['reason']> = new Set(['unreachable', 'needs-sign-in']);

/**
 * One sync of a bound folder (the `library-sync` job's work):
 *
 * 1. scan: the library's listing (full) or changes (delta), page by page, compared with the
 *    stored items: new and changed files are queued, unchanged ones marked seen, too large or
 *    unsupported ones skipped with the reason (without downloading); a delta's deletions removed;
 *    a 'resync' answer (Graph 410) drops the cursor and scans in full;
 * 2. after a full scan, items not seen are gone: one whose content (version and size) reappears
 *    as a new file elsewhere was renamed or moved and keeps its document; the rest leave the
 *    collection and search;
 * 3. queued files are downloaded (streamed, bounded by the upload limit), a few at once, and
 *    handed to ingestion; a changed file's new version replaces the old one.
 *
 * Memory stays flat: pages and batches, never the whole listing. Everything is stored as it goes;
 * a sync started again resumes (stored items are not fetched again). Before each file the
 * binding's state is read: a pause stops the sync there, as does the binding's deletion.
 */
export async function syncBinding(bindingId: string, deps: SyncDependencies, signal: AbortSignal): Promise<SyncOutcome> {
  const { store } = deps;
  const binding = await store.binding(bindingId);
  if (!binding) return { outcome: 'gone' };
  // Edit rights on a shared collection can end after the folder was bound: the sync stops there.
  if (!(await store.mayWriteInto(binding))) throw new LibraryError(NO_LONGER_EDITABLE, 'refused');
  const begun = await store.begin(bindingId);
  if (!begun) return { outcome: 'paused' };
  const { generation } = begun;
  await store.settleIngested(bindingId);

  const library = await deps.openSession(binding);
  if (!library) return { outcome: 'gone' };
  const reporter = new ProgressReporter(store, bindingId, generation, deps.progressIntervalMs ?? 500);
  try {
    let mode: ScanResult['mode'];
    let cursor: string | null;
    try {
      ({ mode, cursor } = await scanInto(binding, generation, binding.cursor, library, deps, signal));
    } catch (error) {
      if (!(error instanceof LibraryError && error.reason === 'resync') || binding.cursor === null) throw error;
      deps.log?.info({ bindingId }, 'library asked for a full resync: the cursor is dropped');
      await store.saveCursor(bindingId, null);
      ({ mode, cursor } = await scanInto(binding, generation, null, library, deps, signal));
    }
    if (mode === 'full') await reconcileUnseen(binding, generation, deps);
    await store.saveCursor(bindingId, cursor);
    await reporter.reload();
    await importQueued(binding, library, deps, reporter, signal);
    const progress = await store.progress(bindingId, generation);
    await store.finish(bindingId, progress, deps.intervalMs);
    return { outcome: 'done', progress, mode };
  } catch (error) {
    if (error instanceof SyncInterrupted) {
      await reporter.flush().catch(() => undefined);
      return { outcome: error.outcome };
    }
    throw error;
  } finally {
    // The last figures are stored by finish or flush; a write still under way must not follow them.
    reporter.close();
  }
}

/**
 * The original's address for sources that link home: the library's web view of the file (Graph's
 * webUrl) or its WebDAV URL, as the connector names it; only http(s), as it becomes a link.
 */
export function originalUrlOf(entry: Pick<LibraryEntry, 'webUrl'>): string | null {
  if (!entry.webUrl || !URL.canParse(entry.webUrl)) return null;
  const { protocol } = new URL(entry.webUrl);
  return protocol === 'https:' || protocol === 'http:' ? entry.webUrl : null;
}

/** Why a file is not imported, decided from the listing alone (no download). */
export function skipReasonOf(entry: Pick<LibraryEntry, 'name' | 'size' | 'contentType'>, limits: UploadLimits): LibrarySkipReason | null {
  if (!isAcceptedUpload({ name: entry.name, type: entry.contentType ?? '' })) return 'unsupported-type';
  if (entry.size > limits.maxFileBytes) return 'too-large';
  return null;
}

async function scanInto(
  binding: BindingRow,
  generation: number,
  cursor: string | null,
  library: LibrarySession,
  deps: SyncDependencies,
  signal: AbortSignal,
): Promise<{ mode: ScanResult['mode']; cursor: string | null }> {
  const scan = await library.scan({ id: binding.folder_id, path: binding.folder_path }, cursor, signal);
  for await (const page of scan.pages) {
    signal.throwIfAborted();
    if (page.kind === 'deleted') {
      for (let i = 0; i < page.ids.length; i += ITEM_BATCH) await removeDeleted(binding, generation, page.ids.slice(i, i + ITEM_BATCH), deps);
      continue;
    }
    const files = page.entries.filter((entry) => !entry.isFolder);
    for (let i = 0; i < files.length; i += ITEM_BATCH) await applyEntries(binding, generation, files.slice(i, i + ITEM_BATCH), library, deps);
  }
  return { mode: scan.mode, cursor: scan.nextCursor() };
}

/** Compares one page of listed files with the stored items and writes what each now is. */
async function applyEntries(binding: BindingRow, generation: number, entries: readonly LibraryEntry[], library: LibrarySession, deps: SyncDependencies): Promise<void> {
  const { store, documents } = deps;
  const stored = await store.items(binding.id, entries.map((entry) => entry.id));
  const seen: string[] = [];
  const writes: ItemWrite[] = [];
  for (const entry of entries) {
    const item = stored.get(entry.id);
    const sourceUrl = originalUrlOf(entry);
    const skip = skipReasonOf(entry, deps.limits);
    const base = { entryId: entry.id, path: entry.path, version: entry.version, size: entry.size, sourceUrl, contentType: entry.contentType };
    const fresh: ItemWrite = { ...base, state: skip ? 'skipped' : 'queued', skipReason: skip, errorCode: null, problem: null, fileId: null };
    if (!item || item.state === 'removed') {
      writes.push(fresh);
      continue;
    }
    const sameContent = item.version === entry.version && Number(item.size) === entry.size;
    if (!sameContent) {
      // Changed: the new version replaces the old file once it is in (or the old one goes, if the new one is skipped).
      if (skip && item.file_id) await documents.remove(item.file_id);
      writes.push({ ...fresh, fileId: skip ? null : item.file_id });
      continue;
    }
    if (item.generation === generation && item.path === entry.path) continue; // seen already (a resumed sync)
    const renamed = item.path !== entry.path;
    if (renamed && item.file_id) await documents.rename(item.file_id, entry.path, sourceUrl);
    const next = sameContentState(item, skip);
    if (!renamed && next === 'seen') {
      seen.push(entry.id);
      continue;
    }
    writes.push(
      next === 'seen'
        ? { ...base, state: item.state === 'importing' ? 'importing' : 'unchanged', skipReason: null, errorCode: null, problem: null, fileId: item.file_id }
        : next === 'keep'
          ? { ...base, state: item.state, skipReason: item.skip_reason as LibrarySkipReason | null, errorCode: item.error_code, problem: item.problem, fileId: item.file_id }
          : { ...fresh, fileId: item.file_id },
    );
  }
  await store.markSeen(binding.id, generation, seen);
  await store.write(binding.id, generation, writes);
}

/**
 * What an item whose content did not change becomes: 'seen' (in the collection: unchanged),
 * 'keep' (its ingestion failed on this content, or it is still waiting: as it is), or 'again'
 * (decided afresh: skipped before, a download that failed, or a file removed from the
 * collection by hand, which the folder brings back).
 */
function sameContentState(item: ItemRow, skip: LibrarySkipReason | null): 'seen' | 'keep' | 'again' {
  if (item.state === 'skipped' || skip) return 'again';
  if (item.state === 'queued') return 'keep';
  if (item.state === 'failed') return item.error_code ? 'keep' : 'again';
  return item.file_id ? 'seen' : 'again';
}

/** A delta's deletions: the files leave the collection and search; the items show as removed. */
async function removeDeleted(binding: BindingRow, generation: number, ids: readonly string[], deps: SyncDependencies): Promise<void> {
  const stored = await deps.store.items(binding.id, ids);
  const writes: ItemWrite[] = [];
  for (const item of stored.values()) {
    if (item.state === 'removed') continue;
    if (item.file_id) await deps.documents.remove(item.file_id);
    writes.push(removedWrite(item));
  }
  await deps.store.write(binding.id, generation, writes);
}

function removedWrite(item: ItemRow): ItemWrite {
  return {
    entryId: item.entry_id,
    path: item.path,
    version: item.version,
    size: Number(item.size),
    state: 'removed',
    skipReason: null,
    errorCode: null,
    problem: null,
    fileId: null,
    sourceUrl: item.source_url,
    contentType: item.content_type,
  };
}

/**
 * After a full scan: items not seen are gone from the folder. Where a new item of the same
 * content (version and size) appeared, the file was renamed or moved (a library without stable
 * ids names entries by path): the new item takes over the document, renamed. The rest are removed.
 */
async function reconcileUnseen(binding: BindingRow, generation: number, deps: SyncDependencies): Promise<void> {
  const { store, documents } = deps;
  for (;;) {
    const gone = await store.unseen(binding.id, generation);
    if (gone.length === 0) return;
    const removed: ItemWrite[] = [];
    for (const item of gone) {
      const kept = item.file_id && (item.state === 'imported' || item.state === 'unchanged' || item.state === 'importing');
      const successor = kept ? await store.renamedTo(binding.id, generation, item) : undefined;
      if (successor) {
        await documents.rename(item.file_id!, successor.path, successor.source_url);
        await store.update(binding.id, successor.entry_id, { state: item.state === 'importing' ? 'importing' : 'unchanged', fileId: item.file_id });
        await store.remove(binding.id, item.entry_id);
        continue;
      }
      if (item.file_id) await documents.remove(item.file_id);
      removed.push(removedWrite(item));
    }
    await store.write(binding.id, generation, removed);
  }
}

/** Downloads the queued files, a few at once, each handed to ingestion as soon as it is in. */
async function importQueued(binding: BindingRow, library: LibrarySession, deps: SyncDependencies, reporter: ProgressReporter, signal: AbortSignal): Promise<void> {
  const concurrency = Math.max(1, deps.concurrency ?? 4);
  let after: { path: string; entryId: string } | undefined;
  for (;;) {
    const batch = await deps.store.queued(binding.id, after, ITEM_BATCH);
    if (batch.length === 0) return;
    const last = batch.at(-1)!;
    after = { path: last.path, entryId: last.entry_id };
    let next = 0;
    // The first failure or interruption stops every worker before its next file; the sync ends
    // once none is still working, so nothing of it runs on behind its end.
    let stopped: { error: unknown } | undefined;
    const worker = async () => {
      while (!stopped && next < batch.length) {
        const item = batch[next++]!;
        try {
          await importOne(binding, item, library, deps, reporter, signal);
        } catch (error) {
          stopped ??= { error };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, worker));
    if (stopped) throw stopped.error;
  }
}

async function importOne(binding: BindingRow, item: ItemRow, library: LibrarySession, deps: SyncDependencies, reporter: ProgressReporter, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  const state = await deps.store.stateOf(binding.id);
  if (state === undefined) throw new SyncInterrupted('gone');
  if (state === 'paused') throw new SyncInterrupted('paused');
  const entry: LibraryEntry = {
    id: item.entry_id,
    path: item.path,
    name: item.path.split('/').at(-1) ?? item.path,
    isFolder: false,
    size: Number(item.size),
    version: item.version,
    contentType: item.content_type,
    webUrl: item.source_url,
  };
  const outcome = await fetchInto(binding, entry, item, library, deps, signal);
  if (outcome.kind === 'imported') {
    const kept = await deps.store.update(binding.id, item.entry_id, { state: 'importing', fileId: outcome.fileId, errorCode: null, problem: null });
    if (!kept) {
      // The binding went while the file came in (disconnected with documents=remove): do not leave it behind.
      await deps.documents.remove(outcome.fileId);
      throw new SyncInterrupted('gone');
    }
    if (item.file_id && item.file_id !== outcome.fileId) await deps.documents.remove(item.file_id);
    deps.nudgeIngestion();
    reporter.count({ bytes: Number(item.size) });
    return;
  }
  if (outcome.kind === 'skipped') {
    if (item.file_id) await deps.documents.remove(item.file_id);
    await deps.store.update(binding.id, item.entry_id, { state: 'skipped', skipReason: outcome.reason, fileId: null, problem: null });
    reporter.count({ skipped: true });
    return;
  }
  await deps.store.update(binding.id, item.entry_id, { state: 'failed', errorCode: outcome.errorCode, problem: outcome.problem });
  reporter.count({ failed: true });
}

type FetchOutcome =
  | { kind: 'imported'; fileId: string }
  | { kind: 'skipped'; reason: LibrarySkipReason }
  | { kind: 'failed'; errorCode: 'DATA0001' | null; problem: string };

async function fetchInto(binding: BindingRow, entry: LibraryEntry, item: ItemRow, library: LibrarySession, deps: SyncDependencies, signal: AbortSignal): Promise<FetchOutcome> {
  try {
    const stream = await library.download(entry, deps.limits.maxFileBytes, signal, { id: binding.folder_id, path: binding.folder_path });
    const added = await deps.documents.add(binding.collection_id, entry.path, stream, { createdBy: binding.created_by, sourceUrl: item.source_url });
    return { kind: 'imported', fileId: added.fileId };
  } catch (error) {
    signal.throwIfAborted();
    if (error instanceof UploadTooLargeError || (error instanceof LibraryError && error.reason === 'too-large')) return { kind: 'skipped', reason: 'too-large' };
    // The listing named a type the content is not (a .pdf that is a zip): the ingestion's own code.
    if (error instanceof UnsupportedContentError) return { kind: 'failed', errorCode: 'DATA0001', problem: error.message };
    if (error instanceof LibraryError && !SYNC_WIDE.has(error.reason)) return { kind: 'failed', errorCode: null, problem: error.message };
    throw error;
  }
}

/** The progress of the running sync, written at most every `intervalMs` (and at the end). */
class ProgressReporter {
  private progress: LibrarySyncProgress | undefined;
  private lastWrite = 0;
  private writing: Promise<void> | undefined;
  private closed = false;

  constructor(
    private readonly store: LibrarySyncStore,
    private readonly bindingId: string,
    private readonly generation: number,
    private readonly intervalMs: number,
  ) {}

  /** Counts from the stored items (after the scan: what this sync looks at). */
  async reload(): Promise<void> {
    this.progress = await this.store.progress(this.bindingId, this.generation);
    await this.flush();
  }

  count(done: { bytes?: number; skipped?: boolean; failed?: boolean }): void {
    const progress = this.progress;
    if (!progress) return;
    progress.files_done += 1;
    if (done.bytes) progress.bytes_done += done.bytes;
    if (done.skipped) progress.files_skipped += 1;
    if (done.failed) progress.files_failed += 1;
    if (!this.writing && Date.now() - this.lastWrite >= this.intervalMs) {
      // A failed write is retried at the next count; the final figures are written by finish.
      this.writing = this.flush()
        .catch(() => undefined)
        .finally(() => (this.writing = undefined));
    }
  }

  async flush(): Promise<void> {
    if (!this.progress || this.closed) return;
    this.lastWrite = Date.now();
    await this.store.saveProgress(this.bindingId, { ...this.progress });
  }

  close(): void {
    this.closed = true;
  }
}
