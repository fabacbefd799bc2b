import { qaSourceSchema } from '@assistant/contracts';
import { persistKey } from '@assistant/platform';
import type { QaExchange, QaTarget, SourceDocument } from '../../../qa-exchange';

/** The store name: the history lives in localStorage under `assistant.qa-history.<sub>`. */
export const QA_HISTORY_STORE = 'qa-history';
/** The newest this many questions are kept; older ones make room. */
export const QA_HISTORY_LIMIT = 50;

const sourcesSchema = qaSourceSchema.array();

/** Questions of nobody signed in: kept for this visit only. */
let anonymous: QaExchange[] = [];

const isText = (value: unknown): value is string => typeof value === 'string';

function readTarget(value: unknown): QaTarget | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const target = value as Record<string, unknown>;
  if (target.kind === 'document' && isText(target.collectionId) && isText(target.fileId) && isText(target.fileName)) {
    return { kind: 'document', collectionId: target.collectionId, fileId: target.fileId, fileName: target.fileName };
  }
  if (target.kind === 'collections' && Array.isArray(target.collections)) {
    const collections = target.collections.filter(
      (c): c is { id: string; name: string } => typeof c === 'object' && c !== null && isText((c as { id?: unknown }).id) && isText((c as { name?: unknown }).name),
    );
    return { kind: 'collections', collections: collections.map(({ id, name }) => ({ id, name })) };
  }
  return undefined;
}

function readDocuments(value: unknown): SourceDocument[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (d): d is SourceDocument => typeof d === 'object' && d !== null && Number.isInteger((d as SourceDocument).sourceIndex) && isText((d as SourceDocument).mediaType),
  );
}

/**
 * One stored entry read back, or undefined when it is not one (written by an older version, or
 * changed by hand): it is left out rather than shown half. Its sources are checked with the
 * contract's schema, like the server's answer was.
 */
export function readEntry(value: unknown): QaExchange | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  const target = readTarget(entry.target);
  const status = entry.status;
  if (!isText(entry.id) || !isText(entry.question) || !isText(entry.askedAt) || !isText(entry.answer) || !target) return undefined;
  if (status !== 'complete' && status !== 'stopped' && status !== 'error') return undefined;
  const exchange: QaExchange = { id: entry.id, question: entry.question, askedAt: entry.askedAt, target, answer: entry.answer, status, documents: readDocuments(entry.documents) };
  if (isText(entry.model)) exchange.model = entry.model;
  if (isText(entry.traceId)) exchange.traceId = entry.traceId;
  if (isText(entry.errorCode)) exchange.errorCode = entry.errorCode;
  const sources = entry.sources === undefined ? undefined : sourcesSchema.safeParse(entry.sources);
  if (sources?.success && sources.data.length > 0) exchange.sources = sources.data;
  return exchange;
}

/** The user's questions, newest first. */
export function readHistory(userSub: string | null): QaExchange[] {
  if (!userSub) return anonymous;
  try {
    const raw = localStorage.getItem(persistKey(QA_HISTORY_STORE, userSub));
    const stored: unknown = raw === null ? [] : JSON.parse(raw);
    if (!Array.isArray(stored)) return [];
    return stored.map(readEntry).filter((entry): entry is QaExchange => entry !== undefined);
  } catch {
    return [];
  }
}

/**
 * Writes the list (newest first, at most QA_HISTORY_LIMIT). When the browser's storage is full,
 * the oldest entries make room; when nothing fits, the list stays for this visit only.
 */
export function writeHistory(userSub: string | null, entries: readonly QaExchange[]): QaExchange[] {
  let kept = entries.slice(0, QA_HISTORY_LIMIT);
  if (!userSub) {
    anonymous = kept;
    return kept;
  }
  for (;;) {
    try {
      localStorage.setItem(persistKey(QA_HISTORY_STORE, userSub), JSON.stringify(kept));
      return kept;
    } catch (error) {
      if (kept.length <= 1) {
        console.warn('The question history could not be stored in this browser', error);
        return entries.slice(0, QA_HISTORY_LIMIT);
      }
      kept = kept.slice(0, Math.ceil(kept.length / 2));
    }
  }
}

/** The list with `exchange` in it: replacing the entry with its id, or first. */
export function withExchange(entries: readonly QaExchange[], exchange: QaExchange): QaExchange[] {
  return entries.some((entry) => entry.id === exchange.id)
    ? entries.map((entry) => (entry.id === exchange.id ? exchange : entry))
    : [exchange, ...entries];
}
