import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

/** A private signing key as oidc-provider's `jwks` option takes it. */
export interface SigningJwk extends JWK {
  kid: string;
  kty: 'RSA';
  alg: 'RS256';
  use: 'sig';
}

export interface IdpKeys {
  /** Private signing keys; the first one signs. */
  jwks: { keys: SigningJwk[] };
  /** Keys for oidc-provider's signed cookies (Keygrip); the first one signs. */
  cookieKeys: string[];
  /** The public half of `jwks`, for local verification. */
  publicJwks: { keys: JWK[] };
}

export const JWKS_FILE = 'jwks.json';
export const COOKIE_KEYS_FILE = 'cookie-keys.json';

/** Where the dev identity provider keeps its secrets: `<dataDir>/idp`. */
export function idpKeyDir(dataDir: string): string {
  return join(dataDir, 'idp');
}

/**
 * Loads the signing keys and cookie keys from `<dataDir>/idp/`, generating them on the first start.
 * Files are written with mode 0600 (directory 0700) and created exclusively, so two processes
 * starting at once end up with the same keys. Tokens signed before a restart stay valid.
 */
export async function loadOrCreateIdpKeys(dataDir: string): Promise<IdpKeys> {
  const dir = idpKeyDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });

  const jwks = await loadOrCreate(join(dir, JWKS_FILE), parseJwks, async () => ({ keys: [await generateSigningKey()] }));
  const cookieKeys = await loadOrCreate(join(dir, COOKIE_KEYS_FILE), parseCookieKeys, async () => [
    randomBytes(32).toString('base64url'),
  ]);
  return { jwks, cookieKeys, publicJwks: { keys: jwks.keys.map(toPublicJwk) } };
}

export async function generateSigningKey(): Promise<SigningJwk> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return { ...jwk, kty: 'RSA', kid, alg: 'RS256', use: 'sig' };
}

const PRIVATE_MEMBERS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

export function toPublicJwk(jwk: JWK): JWK {
  return Object.fromEntries(Object.entries(jwk).filter(([name]) => !PRIVATE_MEMBERS.has(name))) as JWK;
}

async function loadOrCreate<T>(file: string, parse: (raw: unknown, file: string) => T, create: () => Promise<T>): Promise<T> {
  const existing = await readJson(file);
  if (existing !== undefined) return parse(existing, file);

  const fresh = await create();
  // Write a complete temporary file, then hard-link it into place: link() fails atomically when the
  // file exists, and a concurrent reader never sees a half-written file.
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, file);
    return fresh;
  } catch (error) {
    // Another process created it between our read and our write: use theirs.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      const raced = await readJson(file);
      if (raced !== undefined) return parse(raced, file);
    }
    // File systems without hard links: an atomic rename (the last of two racing starts wins).
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') {
      await rename(temporary, file);
      return fresh;
    }
    throw error;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  // Tighten permissions of files copied in by hand.
  await chmod(file, 0o600).catch(() => undefined);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new Error(`${file} is not valid JSON; delete it to have new keys generated (everyone must sign in again)`);
  }
}

function parseJwks(raw: unknown, file: string): { keys: SigningJwk[] } {
  const keys = (raw as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0) throw new Error(`${file} holds no "keys"`);
  for (const key of keys as JWK[]) {
    if (key.kty !== 'RSA' || !key.d || !key.kid || !key.n || !key.e) {
      throw new Error(`${file} must hold private RSA keys with a "kid"`);
    }
  }
  return { keys: (keys as JWK[]).map((k) => ({ ...k, alg: 'RS256', use: 'sig' }) as SigningJwk) };
}

function parseCookieKeys(raw: unknown, file: string): string[] {
  if (!Array.isArray(raw) || raw.length === 0 || !raw.every((k) => typeof k === 'string' && k.length >= 16)) {
    throw new Error(`${file} must be a JSON array of secret strings (at least 16 characters each)`);
  }
  return raw as string[];
}

/**
 * Replaces the stored signing keys (a key rotation): a complete temporary file renamed into
 * place, so a reader never sees half of it; the next start publishes the same keys.
 */
export async function saveIdpSigningKeys(dataDir: string, jwks: { keys: SigningJwk[] }): Promise<void> {
  const file = join(idpKeyDir(dataDir), JWKS_FILE);
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify(jwks, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  await rename(temporary, file);
}
