import { createJSONStorage, type PersistOptions, type StateStorage } from 'zustand/middleware';

/**
 * Per-user persistence (SPEC section 3 "Local state persisted per user"). Each persisted store has
 * a name; its data lives in localStorage under `assistant.<name>.<sub>`, where sub is the signed-in
 * user's subject. Without a user nothing is read or written (state stays in memory), and switching
 * the user re-reads every persisted store from the new user's key, starting from the store's
 * initial data, so nothing of the previous user stays behind.
 */
export const PERSIST_KEY_PREFIX = 'assistant';

export function persistKey(storeName: string, sub: string): string {
  return `${PERSIST_KEY_PREFIX}.${storeName}.${sub}`;
}

let currentSub: string | null = null;
const rehydrators = new Set<() => Promise<void>>();

const userScopedStorage: StateStorage = {
  getItem(name) {
    if (!currentSub) return null;
    try {
      return localStorage.getItem(persistKey(name, currentSub));
    } catch {
      return null;
    }
  },
  setItem(name, value) {
    if (!currentSub) return;
    try {
      localStorage.setItem(persistKey(name, currentSub), value);
    } catch {
      // Storage full or blocked: the state still works in memory.
    }
  },
  removeItem(name) {
    if (!currentSub) return;
    try {
      localStorage.removeItem(persistKey(name, currentSub));
    } catch {
      // ignore
    }
  },
};

/**
 * Options for zustand's persist middleware that store `partialize`d data under the user's key.
 * `initialData` are the persisted fields' initial values: a switch starts from them.
 */
export function perUserPersistOptions<S, P extends Partial<S>>(
  storeName: string,
  initialData: P,
  partialize: (state: S) => P,
): PersistOptions<S, P> {
  return {
    name: storeName,
    storage: createJSONStorage<P>(() => userScopedStorage),
    partialize,
    skipHydration: true,
    merge: (persisted, current) => ({ ...current, ...initialData, ...((persisted as Partial<P> | undefined) ?? {}) }),
  };
}

/** Registers a persisted store so setPersistenceUser re-reads it. */
export function registerPerUserStore(store: { persist: { rehydrate: () => Promise<void> | void } }): void {
  rehydrators.add(async () => {
    await store.persist.rehydrate();
  });
}

/** The user whose data the persisted stores read and write; null for none (signed out). */
export async function setPersistenceUser(sub: string | null): Promise<void> {
  if (sub === currentSub) return;
  currentSub = sub;
  await Promise.all([...rehydrators].map((rehydrate) => rehydrate()));
}

export function persistenceUser(): string | null {
  return currentSub;
}
