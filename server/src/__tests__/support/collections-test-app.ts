import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../../app';
import { createTokenVerifier } from '../../auth/token-verifier';
import type { DatabaseHandle } from '../../db/database';
import { FileStorage } from '../../ingestion/file-storage';
import { testConfig } from '../../testing/test-config';
import { TestIssuer } from '../../testing/test-issuer';

/**
 * The API over a given database with its own temporary DATA_DIR, for the collection tests. Users:
 * two employees (employee, other) and an administrator.
 */
export async function startCollectionsTestApp(handle: DatabaseHandle, env: NodeJS.ProcessEnv = {}) {
  const issuer = await TestIssuer.start();
  const dataDir = await mkdtemp(join(tmpdir(), 'assistant-collections-'));
  const config = testConfig(issuer.issuer, { DATA_DIR: dataDir, ...env });
  const verifier = createTokenVerifier({ issuer: config.auth.issuer, audience: config.auth.audience, algorithms: config.auth.algorithms });
  const storage = new FileStorage(dataDir);
  let nudges = 0;
  const app = await buildApp({ config, db: handle.db, verifier, logger: false, storage, nudgeIngestion: () => nudges++, notifications: handle.notifications });
  const users = {
    employee: { sub: 'employee', roles: [], groups: [] },
    other: { sub: 'other-employee', roles: [], groups: [] },
    admin: { sub: 'admin', roles: [config.auth.adminRole], groups: [] },
  };
  type User = keyof typeof users;
  return {
    app,
    db: handle.db,
    storage,
    dataDir,
    nudges: () => nudges,
    token: (user: User) => issuer.sign(users[user], { audience: config.auth.audience }),
    async as(user: User, options: InjectOptions) {
      const token = await issuer.sign(users[user], { audience: config.auth.audience });
      return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    },
    /** Names under <DATA_DIR>/files, the incoming folder's content listed as .incoming/<name>. */
    async storedFiles(): Promise<string[]> {
      const names = await readdir(storage.root).catch(() => [] as string[]);
      const incoming = await readdir(join(storage.root, '.incoming')).catch(() => [] as string[]);
      return [...names.filter((name) => name !== '.incoming'), ...incoming.map((name) => `.incoming/${name}`)];
    },
    async close() {
      // A real-HTTP client may leave a keep-alive connection open.
      app.server.closeAllConnections();
      await app.close();
      await issuer.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type CollectionsTestApp = Awaited<ReturnType<typeof startCollectionsTestApp>>;

/** A multipart/form-data body with the given files under the field "files". */
export function multipart(files: Array<{ name: string; content: Buffer | string; type?: string }>) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small well-formed PDF header and body (enough for the magic-number check). */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** The start of a Windows executable. */
export function exeBytes(): Buffer {
  const bytes = Buffer.alloc(1024);
  bytes.write('MZ', 0);
  return bytes;
}
