import { createServer } from 'node:net';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../../app';
import { createTokenVerifier } from '../../auth/token-verifier';
import type { DatabaseHandle } from '../../db/database';
import { openTestPglite } from '../../testing/test-pglite';
import { testConfig } from '../../testing/test-config';
import { TestIssuer } from '../../testing/test-issuer';

/**
 * APIs for the translation and easy-language tests: one test issuer and one in-memory database,
 * and as many apps as a test needs, each with its own environment (engines, model endpoint,
 * timeouts). `listen()` serves an app over real HTTP, for the tests where a client disconnects.
 */
export class TranslationTestBed {
  private apps: Array<Awaited<ReturnType<typeof buildApp>>> = [];

  private constructor(
    readonly issuer: TestIssuer,
    private readonly database: DatabaseHandle,
  ) {}

  static async start(): Promise<TranslationTestBed> {
    return new TranslationTestBed(await TestIssuer.start(), await openTestPglite());
  }

  async app(env: NodeJS.ProcessEnv = {}) {
    const config = testConfig(this.issuer.issuer, env);
    const verifier = createTokenVerifier({
      issuer: config.auth.issuer,
      audience: config.auth.audience,
      algorithms: config.auth.algorithms,
    });
    const app = await buildApp({ config, db: this.database.db, verifier, logger: false });
    this.apps.push(app);
    const token = () => this.issuer.sign({ sub: 'employee', email: 'employee@example.com', roles: [], groups: [] }, { audience: config.auth.audience });
    return {
      app,
      config,
      token,
      /** A request as the demo employee. */
      async inject(options: InjectOptions) {
        return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${await token()}` } });
      },
      /** Serves the app on a free port; answers its origin. */
      async listen(): Promise<string> {
        return app.listen({ host: '127.0.0.1', port: 0 });
      },
    };
  }

  async close() {
    for (const app of this.apps) {
      // A client that aborted may leave a fresh keep-alive connection behind (undici): not idle,
      // so a graceful close would wait for the client's 4 s keep-alive timeout.
      app.server.closeAllConnections();
      await app.close();
    }
    await this.issuer.close();
    await this.database.close();
  }
}

export type TranslationTestApp = Awaited<ReturnType<TranslationTestBed['app']>>;

/** A loopback URL where nothing listens (a port the OS handed out and took back). */
export async function deadUrl(path = ''): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}${path}`;
}
