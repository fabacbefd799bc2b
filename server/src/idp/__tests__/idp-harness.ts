import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../../tests/support/free-port';
import { loadConfig, type ServerConfig } from '../../config';
import type { DatabaseHandle } from '../../db/database';
import { openTestPglite } from '../../testing/test-pglite';
import { createDevIdentityProvider, type DevIdentityProvider } from '../dev-identity-provider';
import type { LoginThrottle } from '../login-throttle';

export const PORTAL_ORIGIN = 'http://localhost:8080';
export const REDIRECT_URI = `${PORTAL_ORIGIN}/callback`;

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  args: unknown[];
}

export function memoryLogger(entries: LogEntry[] = []) {
  return {
    entries,
    info: (...args: unknown[]) => void entries.push({ level: 'info', args }),
    warn: (...args: unknown[]) => void entries.push({ level: 'warn', args }),
    error: (...args: unknown[]) => void entries.push({ level: 'error', args }),
  };
}

export interface IdpHarness {
  config: ServerConfig;
  database: DatabaseHandle;
  dataDir: string;
  idp: DevIdentityProvider;
  logger: ReturnType<typeof memoryLogger>;
  /** Closes the provider and creates it again over the same database and data folder. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A listening dev identity provider on a free port, in-memory PGlite and a temporary data folder.
 * `loginThrottle` replaces the default one (a test's own clock and limits); a restart keeps it.
 */
export async function startIdp(
  env: Record<string, string> = {},
  options: { loginThrottle?: LoginThrottle } = {},
): Promise<IdpHarness> {
  const dataDir = await mkdtemp(join(tmpdir(), 'idp-test-'));
  const port = await freePort();
  const config = loadConfig({
    DEV_IDP: 'on',
    DATA_DIR: dataDir,
    IDP_PORT: String(port),
    PORTAL_ORIGIN,
    ...env,
  });
  const database = await openTestPglite();
  const logger = memoryLogger();
  const create = () => createDevIdentityProvider({ config, db: database.db, logger, ...options });
  const harness: IdpHarness = {
    config,
    database,
    dataDir,
    logger,
    idp: await create(),
    async restart() {
      await harness.idp.close();
      harness.idp = await create();
      await harness.idp.listen();
    },
    async stop() {
      await harness.idp.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  await harness.idp.listen();
  return harness;
}
