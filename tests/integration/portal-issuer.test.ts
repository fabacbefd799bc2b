import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { portalRuntimeConfigSchema } from '@assistant/contracts';
import { portalConfigFromEnv } from '../../scripts/serve-portal.mjs';

describe('the browser\'s authority is the issuer exactly as configured', () => {
  for (const issuer of ['https://login.example.com/realms/company', 'https://id.example.com/', 'https://login.microsoftonline.com/tenant-id/v2.0']) {
    it(`hands ${issuer} through unchanged`, () => {
      const config = portalRuntimeConfigSchema.parse(portalConfigFromEnv({ OIDC_ISSUER: issuer }));
      assert.equal(config.oidc.authority, issuer);
    });
  }

  it('names the dev provider\'s origin without an issuer', () => {
    const authority = (env: NodeJS.ProcessEnv) => portalRuntimeConfigSchema.parse(portalConfigFromEnv(env)).oidc.authority;
    assert.equal(authority({}), 'http://localhost:8082');
    assert.equal(authority({ IDP_PORT: '18082' }), 'http://localhost:18082');
    assert.equal(authority({ IDP_ISSUER: 'http://localhost:9000/' }), 'http://localhost:9000');
    assert.equal(authority({ OIDC_ISSUER: '', IDP_PORT: '18082' }), 'http://localhost:18082');
  });
});
