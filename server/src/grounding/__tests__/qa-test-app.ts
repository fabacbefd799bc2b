import type { InjectOptions } from 'fastify';
import { buildApp } from '../../app';
import { createTokenVerifier } from '../../auth/token-verifier';
import type { DatabaseHandle } from '../../db/database';
import { ModelProvider } from '../../inference/model-provider';
import { JobRunner } from '../../jobs/job-runner';
import { createRetriever, type Retriever } from '../../search/retriever';
import { prepareSearchStorage } from '../../search/search-storage';
import { testConfig } from '../../testing/test-config';
import { TestIssuer } from '../../testing/test-issuer';
import { SOURCES_JOB_KIND, sourcesJobHandler } from '../sources-job';

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/**
 * The API for the QA tests over a given database, with the sources job registered the way
 * main.ts does it. The job runner is not started: a test runs the waiting jobs with `drainJobs()`,
 * so it sees "not ready" first. The retriever is main.ts's (full-text mode) unless `retriever` names another. Users: two employees (employee, other).
 */
export async function startQaTestApp(handle: DatabaseHandle, env: NodeJS.ProcessEnv = {}, retriever?: Retriever) {
  const issuer = await TestIssuer.start();
  const config = testConfig(issuer.issuer, { PORTAL_ORIGIN: 'http://portal.example', ...env });
  const verifier = createTokenVerifier({ issuer: config.auth.issuer, audience: config.auth.audience, algorithms: config.auth.algorithms });
  const models = ModelProvider.fromConfig(config.inference, quiet);
  const runner = new JobRunner({
    db: handle.db,
    handlers: { [SOURCES_JOB_KIND]: sourcesJobHandler({ db: handle.db, models, portalOrigin: config.portalOrigin }) },
  });
  let nudges = 0;
    // The retriever main.ts builds (full-text mode: no embeddings model in the tests).
  const search = retriever ?? createRetriever({ db: handle.db, storage: await prepareSearchStorage(handle.db) });
  const app = await buildApp({ config, db: handle.db, verifier, logger: false, models, nudgeJobs: () => nudges++, retriever: search });
  const users = {
    employee: { sub: 'employee', roles: [], groups: [] },
    other: { sub: 'other-employee', roles: [], groups: [] },
  };
  type User = keyof typeof users;
  let origin: Promise<string> | undefined;
  return {
    app,
    config,
    db: handle.db,
    retriever: search,
    nudges: () => nudges,
    drainJobs: () => runner.drain(),
    token: (user: User = 'employee') => issuer.sign(users[user], { audience: config.auth.audience }),
    async as(user: User, options: InjectOptions) {
      const token = await issuer.sign(users[user], { audience: config.auth.audience });
      return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    },
    /** Serves the app on a free port (once); answers its origin. */
    listen: () => (origin ??= app.listen({ host: '127.0.0.1', port: 0 })),
    async close() {
      await runner.stop();
      app.server.closeAllConnections();
      await app.close();
      await issuer.close();
    },
  };
}
export type QaTestApp = Awaited<ReturnType<typeof startQaTestApp>>;
