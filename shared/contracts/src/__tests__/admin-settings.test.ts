import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adminSettingsPatchSchema, adminSettingsSchema, BRAND_IMAGE_MAX_BYTES, customizationReachable, isCssColor } from '../admin-settings';
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

describe('admin settings: lock-out and the stricter write rules', () => {
  it('knows when /customization stays reachable: the flag on and the BETA feature set', () => {
    assert.equal(customizationReachable({ feature_flags: { enableCustomization: true }, feature_set: 'BETA' }), true);
    assert.equal(customizationReachable({ feature_flags: { enableCustomization: false }, feature_set: 'BETA' }), false);
    assert.equal(customizationReachable({ feature_flags: {}, feature_set: 'BETA' }), false);
    assert.equal(customizationReachable({ feature_flags: { enableCustomization: true }, feature_set: '251000' }), false);
  });

  it('takes confirm_lockout: true with a change, never alone or false', () => {
    accepts(adminSettingsPatchSchema, { feature_flags: { enableCustomization: false }, confirm_lockout: true });
    rejects(adminSettingsPatchSchema, { feature_flags: { enableCustomization: false }, confirm_lockout: false });
    assert.equal(rejects(adminSettingsPatchSchema, { confirm_lockout: true }).message, 'Name at least one of feature_flags, feature_set, customization');
  });

  it('refuses a colour that is no CSS colour and a blank application name, at their paths', () => {
    const colour = rejects(adminSettingsPatchSchema, { customization: { ...DEFAULT_CUSTOMIZATION, colors: { primary: 'red; background:url(x)' } } });
    assert.deepEqual(colour.path, ['customization', 'colors', 'primary']);
    assert.match(colour.message, /CSS colour/);
    const name = rejects(adminSettingsPatchSchema, { customization: { ...DEFAULT_CUSTOMIZATION, application_name: '   ' } });
    assert.deepEqual(name.path, ['customization', 'application_name']);
    assert.equal(name.message, 'Must not be empty');
  });

  it('knows CSS colours', () => {
    for (const ok of ['#1d4ed8', '#fff', 'rgb(29 78 216)', 'rgba(0, 0, 0, 0.5)', 'hsl(210 50% 40%)', 'RebeccaPurple']) assert.equal(isCssColor(ok), true, ok);
    for (const bad of ['', 'blau', '#12', 'url(x)', 'red;color:blue', 'var(--x)', 'expression(alert(1))']) assert.equal(isCssColor(bad), false, bad);
  });

  it('refuses a logo over the size limit or not base64; reading stays lenient', () => {
    const big = 'A'.repeat(Math.ceil(BRAND_IMAGE_MAX_BYTES / 3) * 4 + 4);
    rejects(adminSettingsPatchSchema, { customization: { ...DEFAULT_CUSTOMIZATION, logo: { type: 'png', name: 'l.png', data: big } } });
    rejects(adminSettingsPatchSchema, { customization: { ...DEFAULT_CUSTOMIZATION, logo: { type: 'svg', name: 'l.svg', data: '<svg/>' } } });
    accepts(adminSettingsSchema, { feature_flags: {}, feature_set: 'BETA', customization: { ...DEFAULT_CUSTOMIZATION, colors: { primary: 'blau' } } });
  });
});
