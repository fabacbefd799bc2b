import { createHash } from 'node:crypto';

/**
 * Slows down password guessing at the dev identity provider's login form. Failures are counted per
 * username (normalised; unknown names exactly like existing ones, so the throttle does not tell
 * which accounts exist) and per client address (one address spraying many usernames). From the
 * limit on, each failure locks the key for a wait that doubles, capped: the caller refuses attempts
 * while locked (HTTP 429 with retry-after) instead of holding the connection. A success clears the
 * account's counter; a key is forgotten `windowMs` after its last failure.
 *
 * In memory only (a restart forgets it) and bounded: at most `maxEntries` keys, the least recently
 * failed one dropped first (expired ones are always at that end).
 */

export interface LoginAttempt {
  /** As typed; normalised here. */
  username: string;
  /** The client's address (the socket's: the provider trusts no proxy headers). */
  address: string;
}

export interface LoginThrottleOptions {
  /** Failures per account before the first wait. */
  maxFailures?: number;
  /** Failures per client address (any usernames) before the first wait. */
  maxFailuresPerAddress?: number;
  /** A key is forgotten this long after its last failure. */
  windowMs?: number;
  /** The first wait; each further failure doubles it. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Keys kept at most (accounts and addresses together). */
  maxEntries?: number;
  now?: () => number;
}

export interface LoginThrottle {
  /** Whole seconds until this attempt may be checked; 0 when it may be checked now. */
  retryAfterSeconds(attempt: LoginAttempt): number;
  recordFailure(attempt: LoginAttempt): void;
  /** Clears the account's counter (not the address's: one good password must not reset a spray). */
  recordSuccess(attempt: LoginAttempt): void;
  /** Keys currently kept. */
  readonly size: number;
}

export const LOGIN_THROTTLE_DEFAULTS = {
  maxFailures: 5,
  maxFailuresPerAddress: 20,
  windowMs: 15 * 60 * 1000,
  baseDelayMs: 1000,
  maxDelayMs: 30 * 1000,
  maxEntries: 10_000,
} as const satisfies Required<Omit<LoginThrottleOptions, 'now'>>;

interface Entry {
  failures: number;
  lastFailureAt: number;
  lockedUntil: number;
}

/** Case, surrounding white space and Unicode compatibility forms do not make a new account. */
export function normaliseUsername(username: string): string {
  return username.normalize('NFKC').trim().toLowerCase();
}

/** Hashed so that a key costs the same few bytes however long the typed username is. */
function accountKey(username: string): string {
  return `account:${createHash('sha256').update(normaliseUsername(username), 'utf8').digest('base64url')}`;
}

const addressKey = (address: string) => `address:${address.slice(0, 64)}`;

export function createLoginThrottle(options: LoginThrottleOptions = {}): LoginThrottle {
  const { maxFailures, maxFailuresPerAddress, windowMs, baseDelayMs, maxDelayMs, maxEntries } = {
    ...LOGIN_THROTTLE_DEFAULTS,
    ...options,
  };
  const now = options.now ?? Date.now;
  // Map order is the order of the last failure (an entry is moved to the end on each), so the
  // oldest, and every expired one, is at the front.
  const entries = new Map<string, Entry>();

  const expired = (entry: Entry, at: number) => at - entry.lastFailureAt >= windowMs;

  const live = (key: string, at: number): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && expired(entry, at)) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  const waitAfter = (failures: number, limit: number): number => {
    if (failures < limit) return 0;
    return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(failures - limit, 30));
  };

  const fail = (key: string, limit: number, at: number) => {
    const entry = live(key, at) ?? { failures: 0, lastFailureAt: at, lockedUntil: 0 };
    entry.failures += 1;
    entry.lastFailureAt = at;
    entry.lockedUntil = at + waitAfter(entry.failures, limit);
    entries.delete(key);
    entries.set(key, entry);
  };

  const trim = (at: number) => {
    for (const [key, entry] of entries) {
      if (entries.size <= maxEntries && !expired(entry, at)) break;
      entries.delete(key);
    }
  };

  const keys = (attempt: LoginAttempt) => [accountKey(attempt.username), addressKey(attempt.address)] as const;

  return {
    retryAfterSeconds(attempt) {
      const at = now();
      let waitMs = 0;
      for (const key of keys(attempt)) {
        const entry = live(key, at);
        if (entry) waitMs = Math.max(waitMs, entry.lockedUntil - at);
      }
      return Math.ceil(waitMs / 1000);
    },
    recordFailure(attempt) {
      const at = now();
      const [account, address] = keys(attempt);
      fail(account, maxFailures, at);
      fail(address, maxFailuresPerAddress, at);
      trim(at);
    },
    recordSuccess(attempt) {
      entries.delete(accountKey(attempt.username));
    },
    get size() {
      return entries.size;
    },
  };
}
