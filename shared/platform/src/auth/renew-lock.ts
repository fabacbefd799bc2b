/**
 * Cross-tab coordination of the silent renew (Web Locks API). With refresh-token rotation a
 * refresh token works once: two tabs of one user renewing at the same time would present the same
 * token twice, and the provider refuses the second (`invalid_grant`) or, by the OAuth security
 * advice, revokes the whole token family. The renew therefore runs under one exclusive lock per
 * provider and client, held by one tab at a time; the next tab to get it finds the stored user
 * already renewed and takes it instead of calling the token endpoint.
 */

/** The lock's name: one per identity provider and client, like the stored user's key. */
export function renewLockName(authority: string, clientId: string): string {
  return `assistant-oidc-renew:${authority}:${clientId}`;
}

/** The part of the Web Locks API used here (tests put an in-memory one in its place). */
export interface RenewLocks {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

function browserLocks(): RenewLocks | null {
  const locks = (globalThis.navigator as (Navigator & { locks?: LockManager }) | undefined)?.locks;
  if (!locks || typeof locks.request !== 'function') return null;
  return { request: <T>(name: string, callback: () => Promise<T>) => locks.request(name, callback) as Promise<T> };
}

/**
 * Runs `task` while holding the renew lock `name`. Without the Web Locks API (an old browser, a
 * test environment) the task runs at once: each tab then renews on its own, as before.
 */
export function withRenewLock<T>(name: string, task: () => Promise<T>, locks: RenewLocks | null = browserLocks()): Promise<T> {
  return locks ? locks.request(name, task) : task();
}
