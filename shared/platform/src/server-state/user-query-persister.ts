import { experimental_createQueryPersister } from '@tanstack/query-persist-client-core';
import { notifyManager, type Query, type QueryFunction, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { persistKey } from '../stores/per-user-persistence';
import { PERSISTED_QUERY_PREFIX, persistedQueryEntry } from './persisted-query-key';

// The implementation behind `persistedPerUser` (./persisted-per-user.ts), with TanStack Query's
// persister: loaded with the first persisted query, not with the shell's start-up.

interface UserPersister {
  storage: { removeItem(key: string): void };
  tools: ReturnType<typeof experimental_createQueryPersister>;
}

const persisters = new Map<string, UserPersister>();

function userStorage(sub: string) {
  return {
    getItem(key: string): string | null {
      try {
        return localStorage.getItem(persistKey(key, sub));
      } catch {
        return null;
      }
    },
    setItem(key: string, value: string): void {
      try {
        localStorage.setItem(persistKey(key, sub), value);
      } catch {
        // Storage full or blocked: the answer still works in memory.
      }
    },
    removeItem(key: string): void {
      try {
        localStorage.removeItem(persistKey(key, sub));
      } catch {
        // ignore
      }
    },
  };
}

/** The persister of one user's entries (the testing entry writes an earlier session's answer with it). */
export function persisterFor(sub: string): UserPersister {
  let persister = persisters.get(sub);
  if (!persister) {
    const storage = userStorage(sub);
    // Kept until the next answer replaces it or a failed load removes it (the persisted stores had
    // no expiry either); the build's version is no buster: the contract checks every answer anyway.
    const tools = experimental_createQueryPersister({ storage, prefix: PERSISTED_QUERY_PREFIX, maxAge: Infinity });
    persister = { storage, tools };
    persisters.set(sub, persister);
  }
  return persister;
}

/** `persistedPerUser` for the signed-in user `sub` (the rules are described there). */
export async function persistForUser<T, TQueryKey extends QueryKey>(
  sub: string,
  queryFn: QueryFunction<T, TQueryKey, never>,
  context: QueryFunctionContext<TQueryKey>,
  query: Query,
): Promise<T> {
  const { storage, tools } = persisterFor(sub);
  if (query.state.data === undefined) {
    const restored = await tools.retrieveQuery<T>(query.queryHash, (kept) => {
      query.setState({ dataUpdatedAt: kept.state.dataUpdatedAt });
      // The refresh's failure is the query's error state (observers show it); nothing to add here.
      query.fetch().catch(() => undefined);
    });
    if (restored !== undefined) return restored;
  }
  try {
    const data = await queryFn(context);
    // After the query has taken the answer: the persister writes the query's state.
    notifyManager.schedule(() => void tools.persistQuery(query));
    return data;
  } catch (error) {
    if (!context.signal.aborted) storage.removeItem(persistedQueryEntry(query.queryHash));
    throw error;
  }
}
