import type { User } from 'oidc-client-ts';

/** The events useAuth() and the host subscribe to. */
export interface AuthEventMap {
  /** A user was stored (sign-in completed, silent renew succeeded, user read at start). */
  'user-loaded': User;
  /** The user was removed (sign-out). */
  'user-unloaded': undefined;
  /** Session monitor: the user is signed in at the identity provider. */
  'signed-in': undefined;
  /** Session monitor: the user is no longer signed in at the identity provider. */
  'signed-out': undefined;
  /** Session monitor: the session at the identity provider changed for the same user. */
  'session-changed': undefined;
  /** A silent renew failed with anything but a timeout (a timeout is retried after 5 s). */
  'silent-renew-error': Error;
}

export type AuthEventName = keyof AuthEventMap;
type Listener<K extends AuthEventName> = (payload: AuthEventMap[K]) => void;

export class AuthEvents {
  private readonly listeners = new Map<AuthEventName, Set<(payload: never) => void>>();

  on<K extends AuthEventName>(event: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as (payload: never) => void);
    return () => set.delete(listener as (payload: never) => void);
  }

  emit<K extends AuthEventName>(event: K, payload: AuthEventMap[K]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        (listener as Listener<K>)(payload);
      } catch (error) {
        console.error(`auth event listener for ${event} failed`, error);
      }
    }
  }
}
