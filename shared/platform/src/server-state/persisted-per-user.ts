import { hashKey, notifyManager, type Query, type QueryFunction, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { persistKey, persistenceUser } from '../stores/per-user-persistence';

type PersisterModule = typeof import('@tanstack/query-persist-client-core');
type QueryPersisterTools = ReturnType<PersisterModule['experimental_createQueryPersister']>;

/**
 * A persisted query's answer lives in localStorage under `assistant.query-<query hash>.<sub>`
 * (`persistKey`, like the persisted stores): TanStack Query's per-query persister names the entry
 * `query-<hash>`, and the storage below adds the user.
 */
export const PERSISTED_QUERY_PREFIX = 'query';

interface UserPersister {
  storage: { removeItem(key: string): void };
  tools: QueryPersisterTools;
}

// The persister's code loads with the first persisted query, not with the shell's start-up.
let persisterModule: Promise<PersisterModule> | undefined;
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
export async function persisterFor(sub: string): Promise<UserPersister> {
  const { experimental_createQueryPersister } = await (persisterModule ??= import('@tanstack/query-persist-client-core'));
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

/** The storage key of a query's kept answer for one user. */
const storageKeyOf = (queryKey: QueryKey, sub: string) => persistKey(`${PERSISTED_QUERY_PREFIX}-${hashKey(queryKey)}`, sub);

/**
 * The signed-in user's kept answer of a query, read at once (localStorage is synchronous, the
 * persister's restore is not): the query's `placeholderData`, so that a screen shows it on its
 * first render. Undefined without a user or a kept answer.
 */
export function keptAnswer<T>(queryKey: QueryKey): T | undefined {
  const sub = persistenceUser();
  if (sub === null) return undefined;
  try {
    const entry = localStorage.getItem(storageKeyOf(queryKey, sub));
    return entry === null ? undefined : (JSON.parse(entry) as { state: { data: T } }).state.data;
  } catch {
    return undefined;
  }
}

/**
 * A query's `persister` for server data that SPEC section 3 keeps per user ("local state persisted
 * per user": the QA and the translation resources). Set in the query's one definition:
 *
 * - The signed-in user's last answer is restored when the query has no data yet (a new page
 *   load, another user's session before), and the server is asked right after, whatever the
 *   query's `staleTime`: a kept answer is never taken for this session's. With
 *   `placeholderData: () => keptAnswer(key)` a screen shows it on its first render already.
 * - Every answer is kept for that user (the user of the moment the load started).
 * - A failed load forgets the kept answer: the next page load starts empty, as SPEC section 4
 *   wants for the QA resources ("cleared") and the translation resources ("left empty").
 * - Without a signed-in user nothing is read or written.
 */
export async function persistedPerUser<T, TQueryKey extends QueryKey>(
  queryFn: QueryFunction<T, TQueryKey, never>,
  context: QueryFunctionContext<TQueryKey>,
  query: Query,
): Promise<T> {
  const sub = persistenceUser();
  if (sub === null) return queryFn(context);
  const { storage, tools } = await persisterFor(sub);
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
    if (!context.signal.aborted) storage.removeItem(`${PERSISTED_QUERY_PREFIX}-${query.queryHash}`);
    throw error;
  }
}
