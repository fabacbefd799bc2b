import { queryOptions, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { keepPersistedAnswer } from '../../testing/persisted-answers';
import { persistKey, setPersistenceUser } from '../../stores/per-user-persistence';
import { keptAnswer, persistedPerUser } from '../persisted-per-user';
import { PERSISTED_QUERY_PREFIX } from '../persisted-query-key';
import { queryClient, resetServerState } from '../query-client';
import { ServerStateProvider } from '../server-state-provider';

const KEY = ['things'] as const;
const storageKey = (sub: string) => persistKey(`${PERSISTED_QUERY_PREFIX}-${JSON.stringify(KEY)}`, sub);
const kept = (sub: string): unknown => {
  const entry = localStorage.getItem(storageKey(sub));
  return entry === null ? undefined : (JSON.parse(entry) as { state: { data: unknown } }).state.data;
};

let answers: Array<(signal: AbortSignal) => Promise<string[]>>;
let calls: number;
const thingsQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => {
      calls += 1;
      const next = answers.shift();
      if (!next) throw new Error('no answer scripted');
      return next(signal);
    },
    persister: persistedPerUser,
    // As the chat asks for the models: once per session. A kept answer is never this session's.
    staleTime: Infinity,
  });

const wrapper = ({ children }: { children: ReactNode }) => <ServerStateProvider>{children}</ServerStateProvider>;
const renderThings = () => renderHook(() => useQuery(thingsQuery()), { wrapper });

/** What a new page load does: an empty cache, the persisted entries as they are. */
const newPageLoad = () => resetServerState();

beforeEach(async () => {
  await setPersistenceUser(null);
  localStorage.clear();
  answers = [];
  calls = 0;
});
afterEach(() => newPageLoad());

describe('persistedPerUser (server data persisted per user: SPEC section 3)', () => {
  it("keeps each answer under assistant.query-<hash>.<sub>, and nothing without a signed-in user", async () => {
    answers = [async () => ['anonymous']];
    const anonymous = renderThings();
    await waitFor(() => expect(anonymous.result.current.data).toEqual(['anonymous']));
    expect(localStorage.length).toBe(0);
    anonymous.unmount();
    newPageLoad();

    await setPersistenceUser('anna');
    answers = [async () => ['annas']];
    const anna = renderThings();
    await waitFor(() => expect(anna.result.current.data).toEqual(['annas']));
    await waitFor(() => expect(kept('anna')).toEqual(['annas']));
    expect(Object.keys(localStorage)).toEqual(['assistant.query-["things"].anna']);
  });

  it("shows the user's last answer at once on a new page load and asks the server right after, whatever the staleTime", async () => {
    await setPersistenceUser('anna');
    await keepPersistedAnswer('anna', KEY, ['from yesterday']);
    let release!: (value: string[]) => void;
    answers = [() => new Promise<string[]>((resolve) => (release = resolve))];
    const { result } = renderThings();
    await waitFor(() => expect(result.current.data).toEqual(['from yesterday']));
    await waitFor(() => expect(calls).toBe(1));
    expect(result.current.isFetching).toBe(true);
    release(['today']);
    await waitFor(() => expect(result.current.data).toEqual(['today']));
    await waitFor(() => expect(kept('anna')).toEqual(['today']));
    expect(calls).toBe(1);
  });

  it("reads the signed-in user's kept answer at once, for a screen's first render (placeholderData)", async () => {
    await keepPersistedAnswer('anna', KEY, ['kept']);
    expect(keptAnswer(KEY)).toBeUndefined(); // nobody signed in
    await setPersistenceUser('anna');
    expect(keptAnswer(KEY)).toEqual(['kept']);
    expect(keptAnswer(['other'])).toBeUndefined();
    await setPersistenceUser('ben');
    expect(keptAnswer(KEY)).toBeUndefined();
  });

  it("never shows one user's answer to another", async () => {
    await keepPersistedAnswer('anna', KEY, ['annas']);
    await setPersistenceUser('ben');
    answers = [() => new Promise<string[]>(() => undefined)];
    const { result } = renderThings();
    await waitFor(() => expect(calls).toBe(1));
    expect(result.current.data).toBeUndefined();
    expect(result.current.isPending).toBe(true);
    expect(kept('anna')).toEqual(['annas']);
    expect(kept('ben')).toBeUndefined();
  });

  it('forgets the kept answer when a load fails, so the next page load starts empty', async () => {
    await setPersistenceUser('carla');
    await keepPersistedAnswer('carla', KEY, ['old']);
    answers = [() => Promise.reject(new Error('down'))];
    const { result, unmount } = renderThings();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(kept('carla')).toBeUndefined();
    unmount();
    newPageLoad();

    answers = [() => new Promise<string[]>(() => undefined)];
    const again = renderThings();
    await waitFor(() => expect(calls).toBe(2));
    expect(again.result.current.data).toBeUndefined();
  });

  it('keeps the answer when a load is cut short (the screen was left)', async () => {
    await setPersistenceUser('dora');
    answers = [async () => ['first']];
    const first = renderThings();
    await waitFor(() => expect(kept('dora')).toEqual(['first']));
    first.unmount();

    // A fetcher gives up with the signal, as the HTTP clients do.
    answers = [(signal) => new Promise<string[]>((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))))];
    void queryClient.refetchQueries({ queryKey: KEY });
    await waitFor(() => expect(calls).toBe(2));
    await queryClient.cancelQueries({ queryKey: KEY });
    expect(kept('dora')).toEqual(['first']);
  });
});
