import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FEATURE_SETS_ORDERED, featureSetResponseSchema, featureSetValueSchema } from '../feature-set';
import { accepts, rejects } from './helpers';

describe('feature set', () => {
  it('accepts BETA, the legacy 1 and release codes', () => {
    for (const value of ['BETA', '1', ...FEATURE_SETS_ORDERED]) accepts(featureSetValueSchema, value);
    assert.deepEqual(accepts(featureSetResponseSchema, { feature_set: '250700' }), { feature_set: '250700' });
  });

  it('keeps the release codes in order', () => {
    assert.deepEqual([...FEATURE_SETS_ORDERED], ['250600', '250601', '250700', '251000']);
  });

  it("refuses 'FOO', a lowercase beta and a short code", () => {
    const bad = rejects(featureSetResponseSchema, { feature_set: 'FOO' });
    assert.equal(bad.message, 'Feature set must be BETA, 1 or a six-digit release code such as 250600');
    assert.deepEqual(bad.path, ['feature_set']);
    rejects(featureSetValueSchema, 'beta');
    rejects(featureSetValueSchema, '2506');
  });
});
