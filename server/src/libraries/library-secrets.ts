import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config';

/** One key of LIBRARY_SECRET_KEYS: its id (stored beside what it sealed) and 32 bytes. */
export interface LibrarySecretKey {
  id: string;
  key: Buffer;
}

const FORMAT = 'v1';
const IV_BYTES = 12;

/** A stored secret names a key that is not configured any more (rotated out too early). */
export class LibrarySecretKeyMissingError extends Error {
  constructor(readonly keyId: string) {
    super(`The library's credentials were encrypted with key "${keyId}", which LIBRARY_SECRET_KEYS no longer holds`);
    this.name = 'LibrarySecretKeyMissingError';
  }
}

/**
 * Seals library credentials with AES-256-GCM. The first key encrypts, every key decrypts, so a
 * rotation prepends a new key and keeps the old one until every row is sealed again (connections
 * are re-sealed with the first key when read: library-connections-repository.ts). A sealed value is
 * `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url); `context` (the connection's id) is
 * authenticated with it, so a sealed value copied to another row does not open there.
 */
export class LibrarySecrets {
  private readonly byId: ReadonlyMap<string, Buffer>;

  constructor(private readonly keys: readonly [LibrarySecretKey, ...LibrarySecretKey[]]) {
    this.byId = new Map(keys.map(({ id, key }) => [id, key]));
  }

  get currentKeyId(): string {
    return this.keys[0].id;
  }

  seal(plaintext: string, context: string): string {
    const { id, key } = this.keys[0];
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(context));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [FORMAT, id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  /** Throws LibrarySecretKeyMissingError for an unknown key, and Error for a value that does not open. */
  open(sealed: string, context: string): string {
    const [format, keyId, iv, tag, ciphertext, ...rest] = sealed.split('.');
    if (format !== FORMAT || keyId === undefined || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
      throw new Error('Not a sealed library secret');
    }
    const key = this.byId.get(keyId);
    if (!key) throw new LibrarySecretKeyMissingError(keyId);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  /** How every value sealed with the key that encrypts now starts. */
  get sealedPrefix(): string {
    return `${FORMAT}.${this.currentKeyId}.`;
  }

  /** Whether `sealed` was sealed with the key that encrypts now (else it is sealed again when read). */
  isCurrent(sealed: string): boolean {
    return sealed.startsWith(this.sealedPrefix);
  }
}

/**
 * The keys that seal library credentials, as the configuration says, and the start's log line
 * naming the mode: LIBRARY_SECRET_KEYS; else, with the development identity provider, a key
 * generated once into DATA_DIR (never derived from another secret); else none, and libraries are
 * off until LIBRARY_SECRET_KEYS is set.
 */
export async function librarySecretsFromConfig(config: ServerConfig['libraries'], log: FastifyBaseLogger): Promise<LibrarySecrets | undefined> {
  if (config.secretKeys) {
    const [first, ...rest] = config.secretKeys;
    log.info({ keys: config.secretKeys.map(({ id }) => id), encrypting: first.id }, 'document libraries: credentials encrypted with LIBRARY_SECRET_KEYS');
    return new LibrarySecrets([first, ...rest]);
  }
  if (config.developmentKeyFile) {
    const key = await developmentKey(config.developmentKeyFile);
    log.warn(
      { file: config.developmentKeyFile },
      'document libraries: LIBRARY_SECRET_KEYS is unset, so credentials are encrypted with a development key generated into DATA_DIR (set LIBRARY_SECRET_KEYS for any real deployment)',
    );
    return new LibrarySecrets([{ id: 'development', key }]);
  }
  log.warn('document libraries: off, LIBRARY_SECRET_KEYS is unset (docs/document-libraries.md says how to make a key)');
  return undefined;
}

/** Reads the development key, or writes a new random one; several processes starting at once agree on one. */
async function developmentKey(file: string): Promise<Buffer> {
  const existing = await readKeyFile(file);
  if (existing) return existing;
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, randomBytes(32).toString('base64'), { mode: 0o600 });
  try {
    // A hard link fails when the file exists: the first process's key wins, whole.
    await link(draft, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } finally {
    await unlink(draft);
  }
  const key = await readKeyFile(file);
  if (!key) throw new Error(`${file} does not hold a 32-byte base64 key; remove it to have a new one generated`);
  return key;
}

async function readKeyFile(file: string): Promise<Buffer | undefined> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key; remove it to have a new one generated`);
  return key;
}
