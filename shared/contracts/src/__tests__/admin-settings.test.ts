import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminSettingsPatchSchema, adminSettingsSchema } from '../admin-settings';
import { DEFAULT_CUSTOMIZATION } from '../config';
import { accepts, rejects } from './helpers';

describe('admin settings', () => {
  it('accepts the stored settings', () => {
    const settings = accepts(adminSettingsSchema, { feature_flags: { enableChat: true }, feature_set: 'BETA', customization: DEFAULT_CUSTOMIZATION });
    assert.equal(settings.feature_set, 'BETA');
  });

  it('accepts a patch of any one part', () => {
    accepts(adminSettingsPatchSchema, { feature_flags: { enableTranslate: true } });
    accepts(adminSettingsPatchSchema, { feature_set: '251000' });
  });

  it('refuses an empty patch, an unknown part, an unknown flag and feature set FOO', () => {
    assert.equal(rejects(adminSettingsPatchSchema, {}).message, 'Name at least one of feature_flags, feature_set, customization');
    assert.equal(rejects(adminSettingsPatchSchema, { theme: 'dark' }).message, 'Unrecognized key: "theme"');
    const flag = rejects(adminSettingsPatchSchema, { feature_flags: { enableEverything: true } });
    assert.equal(flag.message, 'Unrecognized key: "enableEverything"');
    assert.deepEqual(flag.path, ['feature_flags']);
    const set = rejects(adminSettingsPatchSchema, { feature_set: 'FOO' });
    assert.equal(set.message, 'Feature set must be BETA, 1 or a six-digit release code such as 250600');
  });

  it('refuses a customization with a bad support email', () => {
    const bad = rejects(adminSettingsPatchSchema, { customization: { ...DEFAULT_CUSTOMIZATION, support_email: 'not-an-email' } });
    assert.equal(bad.message, 'Must be an email address');
    assert.deepEqual(bad.path, ['customization', 'support_email']);
  });
});
