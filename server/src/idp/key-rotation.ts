import { generateSigningKey, saveIdpSigningKeys, toPublicJwk, type IdpKeys, type SigningJwk } from './key-store';

export interface KeyRotationOptions {
  dataDir: string;
  keys: IdpKeys;
  /** DEV_IDP_KEY_ROTATION_SECONDS: a new signing key this often. */
  everySeconds: number;
  /** How long a key stays published after it last signed (the longest token lifetime, plus skew). */
  retainSeconds: number;
  /** The new key set (the first key signs); the provider is rebuilt with it. */
  onRotate(keys: IdpKeys): void;
  onError(error: unknown): void;
  now?: () => number;
}

/**
 * The dev provider's signing-key rotation (tests of a provider that rotates while the portal runs):
 * every `everySeconds` a new key signs, and the previous keys stay published until tokens they
 * signed have expired. Keys found at start count as having signed until then.
 */
export function createKeyRotation(options: KeyRotationOptions) {
  const now = options.now ?? Date.now;
  let current = options.keys;
  // When each key stopped signing (ms); the current key has none.
  const retiredAt = new Map<string, number>(current.jwks.keys.slice(1).map((key) => [key.kid, now()]));
  let timer: NodeJS.Timeout | undefined;
  let rotating = false;

  async function rotate(): Promise<IdpKeys> {
    const fresh = await generateSigningKey();
    const time = now();
    retiredAt.set(current.jwks.keys[0]!.kid, time);
    const kept = current.jwks.keys.filter((key) => time - (retiredAt.get(key.kid) ?? time) < options.retainSeconds * 1000);
    for (const kid of [...retiredAt.keys()]) if (!kept.some((key) => key.kid === kid)) retiredAt.delete(kid);
    const signing: SigningJwk[] = [fresh, ...kept];
    await saveIdpSigningKeys(options.dataDir, { keys: signing });
    current = { ...current, jwks: { keys: signing }, publicJwks: { keys: signing.map(toPublicJwk) } };
    options.onRotate(current);
    return current;
  }

  return {
    rotate,
    get keys() {
      return current;
    },
    start() {
      if (timer) return;
      timer = setInterval(() => {
        if (rotating) return;
        rotating = true;
        rotate()
          .catch(options.onError)
          .finally(() => (rotating = false));
      }, options.everySeconds * 1000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
