import { mkdtemp, rm } from 'node:fs/promises';
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
 * The API over a given database with its own temporary DATA_DIR, for the agent tests. Users: two
 * employees (employee, named in the token; other) and an administrator.
 */
export async function startAgentsTestApp(handle: DatabaseHandle, env: NodeJS.ProcessEnv = {}) {
  const issuer = await TestIssuer.start();
  const dataDir = await mkdtemp(join(tmpdir(), 'assistant-agents-'));
  const config = testConfig(issuer.issuer, { DATA_DIR: dataDir, ...env });
  const verifier = createTokenVerifier({ issuer: config.auth.issuer, audience: config.auth.audience, algorithms: config.auth.algorithms });
  const storage = new FileStorage(dataDir);
  const app = await buildApp({ config, db: handle.db, verifier, logger: false, storage });
  const users = {
    employee: { sub: 'employee', name: 'Erika Mustermann', roles: [], groups: [] },
    other: { sub: 'other-employee', roles: [], groups: [] },
    admin: { sub: 'admin', name: 'Ada Admin', roles: [config.auth.adminRole], groups: [] },
  };
  type User = keyof typeof users;
  return {
    app,
    db: handle.db,
    storage,
    async as(user: User, options: InjectOptions) {
      const token = await issuer.sign(users[user], { audience: config.auth.audience });
      return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    },
    async close() {
      app.server.closeAllConnections();
      await app.close();
      await issuer.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type AgentsTestApp = Awaited<ReturnType<typeof startAgentsTestApp>>;
