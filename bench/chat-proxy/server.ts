// The API server alone in its own process, for bench/chat-proxy/run.ts (bench only, never the
// product's entry): built like the tests build it (server/src/testing/test-app.ts), trusting the
// bench's TestIssuer and pointed at the scripted model server, with a monthly budget for everyone
// (so each exchange passes the budget check and is metered, as in production). Prints
// `listening <origin> <database kind> <stats port>` (process-stats.ts: CPU and event-loop delay,
// and `/db-round-trip` and `/statements` of its own).
//
//   BENCH_ISSUER=http://127.0.0.1:P BENCH_MODEL_URL=http://127.0.0.1:Q/v1 [TEST_DATABASE_URL=...] \
//     node --import tsx bench/chat-proxy/server.ts
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../server/src/app';
import { AuditLog } from '../../server/src/audit/audit-log';
import { BudgetSettingsRepository, DEFAULT_BUDGET_SETTINGS } from '../../server/src/usage/budget-settings';
import { createTokenVerifier } from '../../server/src/auth/token-verifier';
import { openDatabase } from '../../server/src/db/database';
import { testConfig } from '../../server/src/testing/test-config';
import { startProcessStats } from './process-stats';

const issuer = process.env.BENCH_ISSUER;
const modelUrl = process.env.BENCH_MODEL_URL;
if (!issuer || !modelUrl) throw new Error('BENCH_ISSUER and BENCH_MODEL_URL are required');

const database = process.env.TEST_DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: undefined });
const config = testConfig(issuer, { OPENAI_BASE_URL: modelUrl });
const verifier = createTokenVerifier({
  issuer: config.auth.issuer,
  audience: config.auth.audience,
  algorithms: config.auth.algorithms,
  jwksUri: `${issuer}/jwks`,
});
// Every statement the app sends, counted by its result (what an exchange costs the database;
// transformQuery would also count the sub-queries a statement is built of).
let statements = 0;
const db = database.db.withPlugin({
  transformQuery: ({ node }) => node,
  transformResult: async ({ result }) => {
    statements += 1;
    return result;
  },
});
// A budget far above what the bench spends: the check runs on every exchange and never refuses.
await new BudgetSettingsRepository(db).write({ ...DEFAULT_BUDGET_SETTINGS, default_limit: 1e15 }, 'bench', new AuditLog(db));
const app = await buildApp({ config, db, verifier, logger: false });
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
const statsPort = await startProcessStats({
  // One database round trip as the server's own client makes it (Kysely, the pool): the median of 50 `select 1`
  // (its own, not counted among the app's statements).
  'db-round-trip': async () => {
    const times: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const start = performance.now();
      await database.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return { ms: (times[24]! + times[25]!) / 2 };
  },
  statements: async () => ({ count: statements }),
});
console.log(`listening ${origin} ${database.kind} ${statsPort}`);

const stop = () => {
  app.server.closeAllConnections();
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
