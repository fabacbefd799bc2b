// The API server alone in its own process, for bench/chat-proxy/run.ts (bench only, never the
// product's entry): built like the tests build it (server/src/testing/test-app.ts), trusting the
// bench's TestIssuer and pointed at the scripted model server. Prints
// `listening <origin> <database kind> <stats port>` (process-stats.ts: CPU and event-loop delay).
//
//   BENCH_ISSUER=http://127.0.0.1:P BENCH_MODEL_URL=http://127.0.0.1:Q/v1 [TEST_DATABASE_URL=...] \
//     node --import tsx bench/chat-proxy/server.ts
import { buildApp } from '../../server/src/app';
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
const app = await buildApp({ config, db: database.db, verifier, logger: false });
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
const statsPort = await startProcessStats();
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
