import { del, get, set, setMany, values, type UseStore } from 'idb-keyval';
import type { LocalConversationRecord } from './local-history';

/**
 * Where the browser-kept history puts its records: the user's IndexedDB store, or (a temporary
 * chat, docs/chat-ui.md "Temporary chat") this tab's memory, gone when the tab closes. Both hand
 * out copies, so a change that fails half-way leaves the kept record as it was.
 */
export interface LocalRecords {
  get(id: string): Promise<LocalConversationRecord | undefined>;
  set(id: string, record: LocalConversationRecord): Promise<void>;
  setMany(records: readonly LocalConversationRecord[]): Promise<void>;
  del(id: string): Promise<void>;
  values(): Promise<LocalConversationRecord[]>;
}

/** The records in an IndexedDB store (idb-keyval), keyed by the conversation's id. */
export function indexedDbRecords(store: UseStore): LocalRecords {
  return {
    get: (id) => get<LocalConversationRecord>(id, store),
    set: (id, record) => set(id, record, store),
    setMany: (records) => setMany(records.map((record) => [record.conversation.id, record]), store),
    del: (id) => del(id, store),
    values: () => values<LocalConversationRecord>(store),
  };
}

/** The records in memory only: nothing of them is written anywhere. */
export function memoryRecords(): LocalRecords {
  const kept = new Map<string, LocalConversationRecord>();
  return {
    get: (id) => Promise.resolve(kept.has(id) ? structuredClone(kept.get(id)) : undefined),
    set: (id, record) => Promise.resolve(void kept.set(id, structuredClone(record))),
    setMany: (records) => Promise.resolve(records.forEach((record) => kept.set(record.conversation.id, structuredClone(record)))),
    del: (id) => Promise.resolve(void kept.delete(id)),
    values: () => Promise.resolve([...kept.values()].map((record) => structuredClone(record))),
  };
}
