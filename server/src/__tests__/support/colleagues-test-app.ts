import assert from 'node:assert/strict';
import { after, before, describe } from 'node:test';
import type { InjectOptions } from 'fastify';
import { startScriptedModelServer } from '../../../../tests/fixtures/scripted-model-server';
import { buildApp } from '../../app';
import { createTokenVerifier, tokenVerifierOptions } from '../../auth/token-verifier';
import type { DatabaseHandle } from '../../db/database';
import { SettingsRepository } from '../../db/repositories/settings-repository';
import { loadSettingsSeed } from '../../settings/load-seed';
import { DEMO_SEED_FILE } from '../../testing/test-app';
import { testDatabaseTargets } from '../../testing/test-databases';
import { testConfig } from '../../testing/test-config';
import { TestIssuer } from '../../testing/test-issuer';

/**
 * Colleagues for the access matrix of a shared item (docs/sharing.md): Maria owns; Tom is her
 * colleague in finance (a view share reaches him through the group); Eddie, also in finance, gets
 * edit shares by name; Sam is in sales; the administrator is in it.
 */
export const COLLEAGUES = {
  maria: { sub: 'maria', name: 'Maria Muster', email: 'maria@example.com', groups: ['/finance'], roles: [] as string[] },
  tom: { sub: 'tom', name: 'Tom Kollege', email: 'tom@example.com', groups: ['/finance'], roles: [] as string[] },
  eddie: { sub: 'eddie', name: 'Eddie Editor', email: 'eddie@example.com', groups: ['/finance'], roles: [] as string[] },
  sam: { sub: 'sam', name: 'Sam Sales', email: 'sam@example.com', groups: ['/sales'], roles: [] as string[] },
  admin: { sub: 'admin', name: 'Ada Admin', email: 'admin@example.com', groups: ['/it'], roles: ['assistant-admin'] },
};
export type Colleague = keyof typeof COLLEAGUES;

/**
 * The API over `handle` with the demo settings (custom apps on) and a scripted model (its default
 * script), trusting a test issuer; everyone has signed in once, so the directory knows their names
 * and groups.
 */
export async function startColleaguesTestApp(handle: DatabaseHandle, env: NodeJS.ProcessEnv = {}) {
  const model = await startScriptedModelServer();
  const issuer = await TestIssuer.start();
  const config = testConfig(issuer.issuer, { OPENAI_BASE_URL: model.url, ...env });
  await new SettingsRepository(handle.db).seedMissing(await loadSettingsSeed(DEMO_SEED_FILE));
  const app = await buildApp({ config, db: handle.db, verifier: createTokenVerifier(tokenVerifierOptions(config.auth)), logger: false });
  async function as(person: Colleague, options: InjectOptions) {
    const token = await issuer.sign(COLLEAGUES[person], { audience: config.auth.audience });
    return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
  }
  for (const person of Object.keys(COLLEAGUES) as Colleague[]) assert.equal((await as(person, { method: 'GET', url: '/api/shared-with-me' })).statusCode, 200);
  return {
    as,
    /** The scripted model (what it was asked) and the configuration (DATA_DIR for ingestion). */
    model,
    config,
    /** Replaces the item's shares as `person` and expects it to work. */
    async share(person: Colleague, kind: string, id: string, shares: unknown[]) {
      const response = await as(person, { method: 'PUT', url: `/api/shares/${kind}/${id}`, payload: { shares } });
      assert.equal(response.statusCode, 200, response.body);
    },
    /** The status each person gets for the same request. */
    async statuses(people: readonly Colleague[], request: InjectOptions | ((person: Colleague) => InjectOptions)) {
      const answers = await Promise.all(people.map(async (person) => [person, (await as(person, typeof request === 'function' ? request(person) : request)).statusCode] as const));
      return Object.fromEntries(answers) as Partial<Record<Colleague, number>>;
    },
    async close() {
      await app.close();
      await issuer.close();
      await model.close();
    },
  };
}
export type ColleaguesTestApp = Awaited<ReturnType<typeof startColleaguesTestApp>>;

/** What a suite of describeWithColleagues reaches: the started app and its database (set before its tests run). */
export interface ColleaguesSuite {
  readonly t: ColleaguesTestApp;
  readonly handle: DatabaseHandle;
}

/** `body` as a suite `${title} on <database>` for each test database, with the colleagues' app started before and closed after. */
export function describeWithColleagues(title: string, body: (suite: ColleaguesSuite) => void, env: NodeJS.ProcessEnv = {}): void {
  for (const target of testDatabaseTargets()) {
    describe(`${title} on ${target.name}`, () => {
      let handle: DatabaseHandle | undefined;
      let app: ColleaguesTestApp | undefined;
      before(async () => {
        handle = await target.open();
        app = await startColleaguesTestApp(handle, env);
      });
      after(async () => {
        await app?.close();
        await handle?.close();
      });
      body({
        get t() {
          return app!;
        },
        get handle() {
          return handle!;
        },
      });
    });
  }
}
