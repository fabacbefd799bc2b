import { createHash } from 'node:crypto';

/** Cache key of a token: its SHA-256, so no token is kept in memory longer than its request. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * A bounded cache of answers about tokens (introspection, userinfo), keyed by token hash. Each
 * entry has its own expiry; when full, the least recently used entry goes. Concurrent lookups of
 * the same token share one call (`getOrLoad`).
 */
export class TokenCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  private readonly loading = new Map<string, Promise<V>>();

  constructor(
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  /** Keeps `value` until `expiresAt` (ms since the epoch); a time already past stores nothing. */
  set(key: string, value: V, expiresAt: number): void {
    this.entries.delete(key);
    if (expiresAt <= this.now()) return;
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt });
  }

  /** The cached value, or the one `load` finds (and stores with the expiry it names). */
  async getOrLoad(key: string, load: () => Promise<{ value: V; expiresAt: number }>): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return cached;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = load()
        .then(({ value, expiresAt }) => {
          this.set(key, value, expiresAt);
          return value;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }
}
