import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TestIssuer } from '../../testing/test-issuer';
import { discoveryUrl, resolveIssuer } from '../discovery';
import { createTokenVerifier, IdentityProviderUnavailableError, InvalidTokenError } from '../token-verifier';

const audience = 'urn:assistant:api';

describe('issuer exactly as discovery publishes it', () => {
  it('finds discovery below the issuer with or without a trailing slash', () => {
    assert.equal(discoveryUrl('https://id.example/realms/staff'), 'https://id.example/realms/staff/.well-known/openid-configuration');
    assert.equal(discoveryUrl('https://id.example/realms/staff/'), 'https://id.example/realms/staff/.well-known/openid-configuration');
  });

  it('uses discovery\'s issuer when the configured one differs only by a trailing slash, and refuses other differences', () => {
    assert.equal(resolveIssuer('https://id.example/', 'https://id.example/'), 'https://id.example/');
    assert.equal(resolveIssuer('https://id.example', 'https://id.example/'), 'https://id.example/');
    assert.equal(resolveIssuer('https://id.example/', 'https://id.example'), 'https://id.example');
    assert.throws(() => resolveIssuer('https://id.example/a', 'https://id.example/b'), IdentityProviderUnavailableError);
    assert.throws(() => resolveIssuer('https://id.example', 'https://ID.example'), /OIDC discovery names issuer/);
  });

  for (const published of ['with', 'without'] as const) {
    describe(`a provider that publishes its issuer ${published} a trailing slash`, () => {
      let issuer: TestIssuer;
      before(async () => {
        issuer = await TestIssuer.start({ trailingSlash: published === 'with' });
      });
      after(() => issuer.close());

      for (const configured of ['with', 'without'] as const) {
        it(`accepts its tokens when OIDC_ISSUER is configured ${configured} the slash`, async () => {
          const verifier = createTokenVerifier({ issuer: configured === 'with' ? `${issuer.base}/` : issuer.base, audience, algorithms: ['RS256'] });
          const claims = await verifier.verify(await issuer.sign({ sub: 'employee' }, { audience }));
          assert.equal(claims.sub, 'employee');
          assert.equal(claims.iss, issuer.issuer);
        });
      }

      it('refuses a token whose iss differs from the published issuer by the slash', async () => {
        const verifier = createTokenVerifier({ issuer: issuer.issuer, audience, algorithms: ['RS256'] });
        const other = published === 'with' ? issuer.base : `${issuer.base}/`;
        await assert.rejects(verifier.verify(await issuer.sign({ sub: 'employee' }, { audience, issuer: other })), (error: unknown) => {
          assert.ok(error instanceof InvalidTokenError);
          assert.match(error.message, /"iss" claim/);
          return true;
        });
      });
    });
  }

  it('reports an issuer that discovery does not confirm as a provider problem, not a bad token', async () => {
    const issuer = await TestIssuer.start();
    try {
      const verifier = createTokenVerifier({ issuer: `${issuer.base}/realms/other`, audience, algorithms: ['RS256'] });
      await assert.rejects(verifier.verify(await issuer.sign({ sub: 'employee' }, { audience })), IdentityProviderUnavailableError);
    } finally {
      await issuer.close();
    }
  });
});
