import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FEATURE_FLAG_NAMES, featureFlagsSchema, featureFlagsUpdateSchema } from '../feature-flags';
import { accepts, rejects } from './helpers';

describe('feature flags', () => {
  it('lists every flag of SPEC section 3', () => {
    for (const name of [
      'enableHomepage',
      'enableChat',
      'enableNls',
      'enableDeepResearch',
      'enableTranslate',
      'enableExtensibleSummarize',
      'enableExtensibleGenerate',
      'enableLocalChatHistory',
      'enableCollections',
    ]) {
      assert.ok((FEATURE_FLAG_NAMES as readonly string[]).includes(name), name);
    }
  });

  it('accepts any subset, and drops unknown flags from a newer server when reading', () => {
    assert.deepEqual(accepts(featureFlagsSchema, {}), {});
    assert.deepEqual(accepts(featureFlagsSchema, { enableChat: true, enableFuture: true }), { enableChat: true });
  });

  it('refuses a flag that is not a boolean', () => {
    assert.deepEqual(rejects(featureFlagsSchema, { enableChat: 'yes' }).path, ['enableChat']);
  });

  it('refuses an unknown flag in an update', () => {
    const bad = rejects(featureFlagsUpdateSchema, { enableChat: true, enableChatt: true });
    assert.equal(bad.message, 'Unrecognized key: "enableChatt"');
    accepts(featureFlagsUpdateSchema, { enableTranslate: false });
  });
});
