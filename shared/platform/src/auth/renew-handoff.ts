/**
 * The renewed user handed from tab to tab under the renew lock. localStorage alone cannot do it:
 * Chromium keeps a copy of it in every tab's process and brings the copies up to date
 * asynchronously, so a tab that gets the lock right after another tab renewed may still read the
 * old user and present the refresh token that was just spent (seen in the real-browser test: the
 * provider answers invalid_grant and, detecting the reuse, revokes the whole grant). IndexedDB is
 * kept in one place for all tabs: what one tab wrote before releasing the lock, the next tab reads.
 *
 * Every stored user (sign-in, renew, revocation, removal) is mirrored into one record per
 * provider and client; under the lock that record is the truth, localStorage the fallback.
 */
export interface RenewHandoff {
  /** The last user written (its storage string), null after a removal, undefined if never written. */
  read(key: string): Promise<string | null | undefined>;
  write(key: string, user: string | null): Promise<void>;
}

const DATABASE = 'assistant-auth';
const STORE = 'users';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/** The IndexedDB hand-off; null where IndexedDB is missing (then localStorage alone, as before). */
export function indexedDbHandoff(factory: IDBFactory | undefined = globalThis.indexedDB): RenewHandoff | null {
  if (!factory) return null;
  let opened: Promise<IDBDatabase> | null = null;
  const database = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const open = factory.open(DATABASE, 1);
      open.onupgradeneeded = () => open.result.createObjectStore(STORE);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('IndexedDB could not be opened'));
      open.onblocked = () => reject(new Error('IndexedDB open blocked'));
    }).catch((error: unknown) => {
      opened = null; // try again next time
      throw error;
    });
    return opened;
  };
  return {
    async read(key) {
      const db = await database();
      const value: unknown = await request(db.transaction(STORE, 'readonly').objectStore(STORE).get(key));
      if (value === undefined) return undefined;
      return typeof value === 'string' ? value : null;
    },
    async write(key, user) {
      const db = await database();
      const tx = db.transaction(STORE, 'readwrite');
      tx.objectStore(STORE).put(user, key); // null: removed (signed out)
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
      });
    },
  };
}
