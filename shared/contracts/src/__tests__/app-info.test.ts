import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { APP_NAME, APP_VERSION, versionResponseSchema } from '../app-info';
import { accepts, rejects } from './helpers';

describe('app info', () => {
  it('identifies as assistant 3.244.1-alpha.0 (SPEC section 1)', () => {
    assert.equal(APP_NAME, 'assistant');
    assert.equal(APP_VERSION, '3.244.1-alpha.0');
    assert.deepEqual(accepts(versionResponseSchema, { version: APP_VERSION }), { version: '3.244.1-alpha.0' });
  });

  it('refuses an empty or missing version', () => {
    assert.deepEqual(rejects(versionResponseSchema, { version: '' }).path, ['version']);
    assert.deepEqual(rejects(versionResponseSchema, {}).path, ['version']);
  });
});
