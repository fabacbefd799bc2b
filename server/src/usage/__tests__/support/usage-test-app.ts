import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../../../app';
import { createTokenVerifier, tokenVerifierOptions } from '../../../auth/token-verifier';
import type { DatabaseHandle } from '../../../db/database';
import { SettingsRepository } from '../../../db/repositories/settings-repository';
import { loadSettingsSeed } from '../../../settings/load-seed';
import { DirectoryRepository } from '../../../sharing/directory-repository';
import { ServerMetrics } from '../../../telemetry/metrics';
import { DEMO_SEED_FILE } from '../../../testing/test-app';
import { testConfig } from '../../../testing/test-config';
import { TestIssuer } from '../../../testing/test-issuer';
import { UsageMeter, type UsageMeterOptions } from '../../usage-meter';

/** A signed-in person of a test: groups (ids as the token carries them), administrators by role. */
export interface TestUser {
  sub: string;
  name?: string;
  email?: string;
  groups?: string[];
  roles?: string[];
}

/** A user of one test only: balances cached by a meter never carry over between tests. */
export function newUser(groups: string[] = [], extra: Partial<TestUser> = {}): TestUser {
  return { sub: `user-${randomUUID().slice(0, 8)}`, groups, ...extra };
}

export const ADMIN: TestUser = { sub: 'usage-admin', name: 'Ada Admin', groups: ['/it'], roles: ['assistant-admin'] };

/** Counts the queries a meter makes (a Kysely plugin on the meter's own handle). */
export class QueryCounter implements KyselyPlugin {
  count = 0;
  transformQuery: KyselyPlugin['transformQuery'] = (args) => {
    this.count++;
    return args.node;
  };
  transformResult: KyselyPlugin['transformResult'] = async (args) => args.result;
}

/**
 * The API over `handle` (demo settings) with a meter of the test's own: its timing, a query
 * counter, metrics. `env` adds configuration (the model's URL, MODEL_MAX_TOKENS, ...).
 */
export async function startUsageTestApp(handle: DatabaseHandle, env: NodeJS.ProcessEnv, meterOptions: Partial<UsageMeterOptions> = {}) {
  const issuer = await TestIssuer.start();
  const config = testConfig(issuer.issuer, env);
  await new SettingsRepository(handle.db).seedMissing(await loadSettingsSeed(DEMO_SEED_FILE));
  const queries = new QueryCounter();
  const metrics = new ServerMetrics({ processMetrics: false });
  const directory = new DirectoryRepository(handle.db);
  const meter = new UsageMeter({
    db: handle.db.withPlugin(queries),
    groupsOf: (sub) => directory.groupsOf(sub),
    log: { warn: () => {}, error: () => {} },
    metrics,
    ...meterOptions,
  });
  const app = await buildApp({ config, db: handle.db, verifier: createTokenVerifier(tokenVerifierOptions(config.auth)), logger: false, usage: meter });
  return {
    app,
    meter,
    queries,
    metrics,
    config,
    async as(user: TestUser, options: InjectOptions) {
      const token = await issuer.sign({ roles: [], groups: [], ...user }, { audience: config.auth.audience });
      return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    },
    async close() {
      await app.close();
      await issuer.close();
    },
  };
}
export type UsageTestApp = Awaited<ReturnType<typeof startUsageTestApp>>;
