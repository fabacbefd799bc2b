import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../app';
import { createTokenVerifier } from '../auth/token-verifier';
import { ConfigError, loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { openTestPglite } from '../testing/test-pglite';
import { testConfig } from '../testing/test-config';

const base = { OIDC_ISSUER: 'https://id.example.com', LOG_LEVEL: 'silent' };

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset', () => {
    assert.equal(loadConfig(base).trustProxy, false);
  });

  it('takes a hop count or a list of addresses, ranges and names', () => {
    assert.equal(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy, 1);
    assert.deepEqual(loadConfig({ ...base, TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy, ['loopback', '10.0.0.0/8', '::1']);
  });

  it('refuses "true" (every hop) and anything that is not an address', () => {
    for (const value of ['true', 'proxy.example.com', '10.0.0.0/8,*']) {
      assert.throws(() => loadConfig({ ...base, TRUST_PROXY: value }), (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, /TRUST_PROXY: Must be a hop count or a comma list/);
        return true;
      });
    }
  });
});

describe('the client address behind proxies', () => {
  let handle: DatabaseHandle;
  before(async () => {
    handle = await openTestPglite();
  });
  after(() => handle.close());

  /** The address the API takes for the client of a request from `remoteAddress` with X-Forwarded-For. */
  async function clientAddress(env: NodeJS.ProcessEnv, remoteAddress: string, forwardedFor: string) {
    const config = testConfig('https://id.example.com', env);
    const verifier = createTokenVerifier({ issuer: config.auth.issuer, audience: config.auth.audience, algorithms: config.auth.algorithms });
    const app = await buildApp({ config, db: handle.db, verifier, logger: false });
    app.get('/probe/ip', { config: { public: true } }, (request) => ({ ip: request.ip, protocol: request.protocol }));
    try {
      const response = await app.inject({ url: '/probe/ip', remoteAddress, headers: { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' } });
      return response.json() as { ip: string; protocol: string };
    } finally {
      await app.close();
    }
  }

  it('ignores X-Forwarded-For from anyone when no proxy is configured', async () => {
    assert.deepEqual(await clientAddress({}, '203.0.113.9', '10.1.2.3'), { ip: '203.0.113.9', protocol: 'http' });
  });

  it('believes only the configured proxy hops', async () => {
    const env = { TRUST_PROXY: '192.0.2.10' };
    assert.deepEqual(await clientAddress(env, '192.0.2.10', '198.51.100.7'), { ip: '198.51.100.7', protocol: 'https' });
    // Someone else claiming to forward is not believed.
    assert.equal((await clientAddress(env, '203.0.113.9', '198.51.100.7')).ip, '203.0.113.9');
    // A client cannot prepend addresses in front of the configured proxy's own entry.
    assert.equal((await clientAddress(env, '192.0.2.10', '10.9.9.9, 198.51.100.7')).ip, '198.51.100.7');
  });
});
