import { resolve } from 'node:path';
import type { FastifyBaseLogger, InjectOptions } from 'fastify';
import { buildApp } from '../app';
import { createTokenVerifier, tokenVerifierOptions } from '../auth/token-verifier';
import type { DatabaseHandle } from '../db/database';
import { openTestPglite } from './test-pglite';
import { SettingsRepository } from '../db/repositories/settings-repository';
import { loadSettingsSeed } from '../settings/load-seed';
import type { AppTelemetry } from '../telemetry/app-telemetry';
import { testConfig } from './test-config';
import { TestIssuer, type TestIssuerOptions } from './test-issuer';

export const DEMO_SEED_FILE = resolve(import.meta.dirname, '../../seed/settings.demo.json');

/**
 * The API over an in-memory database seeded with the demo settings, trusting a test issuer.
 * `as(user)` sends requests with a freshly signed access token of that demo user. `options`: how
 * the test issuer publishes itself, and more environment (OIDC_TOKEN_FORMAT, OIDC_INTROSPECTION_*).
 */
export async function startTestApp(database?: DatabaseHandle, options: { issuer?: TestIssuerOptions; env?: NodeJS.ProcessEnv; telemetry?: AppTelemetry; logger?: FastifyBaseLogger } = {}) {
  const issuer = await TestIssuer.start(options.issuer);
  const config = testConfig(issuer.issuer, options.env);
  const handle = database ?? (await openTestPglite());
  await new SettingsRepository(handle.db).seedMissing(await loadSettingsSeed(DEMO_SEED_FILE));
  const verifier = createTokenVerifier(tokenVerifierOptions(config.auth));
  // telemetry: spans and metrics of the test's own (telemetry/testing.ts); logger: to read its lines.
  const app = await buildApp({ config, db: handle.db, verifier, logger: options.logger ?? false, telemetry: options.telemetry, notifications: handle.notifications });

  const users = {
    employee: { sub: 'employee', email: 'employee@example.com', roles: [], groups: [] },
    admin: { sub: 'admin', email: 'admin@example.com', roles: [config.auth.adminRole], groups: [config.auth.numinousGroup] },
  };
  const tokenFor = (user: keyof typeof users) => issuer.sign(users[user], { audience: config.auth.audience });

  return {
    app,
    issuer,
    config,
    db: handle.db,
    tokenFor,
    async as(user: keyof typeof users, options: InjectOptions) {
      const token = await tokenFor(user);
      return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    },
    async close() {
      await app.close();
      await issuer.close();
      await handle.close();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof startTestApp>>;
