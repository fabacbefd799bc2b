import type { User, UserProfile } from 'oidc-client-ts';

/**
 * The user oidc-client-ts persisted (`User.toStorageString()`), read without loading oidc-client-ts:
 * the same fields and computed properties as its `User`, so the facade can answer with it until
 * the library has taken over (auth.ts).
 */
class StoredUser implements User {
  id_token?: string;
  session_state: string | null;
  access_token: string;
  refresh_token?: string;
  token_type: string;
  scope?: string;
  profile: UserProfile;
  expires_at?: number;
  readonly state: unknown = undefined;

  constructor(stored: Pick<User, 'id_token' | 'session_state' | 'access_token' | 'refresh_token' | 'token_type' | 'scope' | 'profile' | 'expires_at'>) {
    this.id_token = stored.id_token;
    this.session_state = stored.session_state ?? null;
    this.access_token = stored.access_token;
    this.refresh_token = stored.refresh_token;
    this.token_type = stored.token_type;
    this.scope = stored.scope;
    this.profile = stored.profile;
    this.expires_at = stored.expires_at;
  }

  get expires_in(): number | undefined {
    return this.expires_at === undefined ? undefined : this.expires_at - Math.floor(Date.now() / 1000);
  }

  set expires_in(value: number | undefined) {
    if (value !== undefined) this.expires_at = Math.floor(value) + Math.floor(Date.now() / 1000);
  }

  get expired(): boolean | undefined {
    const expiresIn = this.expires_in;
    return expiresIn === undefined ? undefined : expiresIn <= 0;
  }

  get scopes(): string[] {
    return this.scope?.split(' ') ?? [];
  }

  toStorageString(): string {
    const { id_token, session_state, access_token, refresh_token, token_type, scope, profile, expires_at } = this;
    return JSON.stringify({ id_token, session_state, access_token, refresh_token, token_type, scope, profile, expires_at });
  }
}

/** The user in a storage string of oidc-client-ts's user store; null when it is not one. */
export function parseStoredUser(value: string | null): User | null {
  if (value === null) return null;
  try {
    const stored: unknown = JSON.parse(value);
    if (typeof stored !== 'object' || stored === null) return null;
    const { access_token, profile } = stored as Partial<User>;
    if (typeof access_token !== 'string' || typeof profile !== 'object' || profile === null) return null;
    return new StoredUser(stored as User);
  } catch {
    return null;
  }
}

/** The user persisted under `key` in `storage`, or null (none, unreadable, or not a user). */
export function readStoredUser(storage: Storage, key: string): User | null {
  try {
    return parseStoredUser(storage.getItem(key));
  } catch {
    return null; // storage blocked (privacy settings)
  }
}
