import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONFIG_DEFAULTS, CUSTOMIZATION_NAME_MAX_LENGTH, DEFAULT_CUSTOMIZATION, configSchema, customizationSchema, defaultConfig } from '../config';
import { accepts, rejects } from './helpers';

const base = defaultConfig(false);

describe('config', () => {
  it('has the defaults of SPEC section 9', () => {
    assert.equal(CONFIG_DEFAULTS.maxFileUploadSizeMB, 20);
    assert.equal(CONFIG_DEFAULTS.maxAudioFileUploadSizeMB, 25);
    assert.equal(CONFIG_DEFAULTS.requestTimeoutInSeconds, 180);
    assert.equal(CONFIG_DEFAULTS.taskResultExpiryTime, 4320 * 60);
    assert.equal(CONFIG_DEFAULTS.taskResultExpiryTime, 3 * 24 * 60 * 60);
    assert.equal(CONFIG_DEFAULTS.applicationName, 'Assistant');
    assert.equal(CONFIG_DEFAULTS.fontFamily, 'Raleway');
    assert.equal(CONFIG_DEFAULTS.fontSize, 16);
    assert.equal(CONFIG_DEFAULTS.fontMinimumRem, 1);
    assert.deepEqual(DEFAULT_CUSTOMIZATION.fonts, { family: 'Raleway', size: 16 });
    assert.equal(DEFAULT_CUSTOMIZATION.application_name, 'Assistant');
  });

  it('defaultConfig(true) is the fallback after a failed load, and valid by its own schema', () => {
    const fallback = defaultConfig(true);
    assert.equal(fallback.hasError, true);
    assert.equal(fallback.maxFileUploadSizeMB, 20);
    assert.equal(fallback.requestTimeoutInSeconds, 180);
    assert.equal(base.hasError, false);
    accepts(configSchema, fallback);
    accepts(configSchema, base);
  });

  it('privacy notice defaults exist in de and en and say it is a test system', () => {
    assert.match(DEFAULT_CUSTOMIZATION.privacy_policy_notice.en.text, /test system/);
    assert.match(DEFAULT_CUSTOMIZATION.privacy_policy_notice.de.text, /Testsystem/);
  });

  it('refuses a negative limit', () => {
    const bad = rejects(configSchema, { ...base, maxFileUploadSizeMB: -1 });
    assert.equal(bad.message, 'Must not be below 0');
    assert.deepEqual(bad.path, ['maxFileUploadSizeMB']);
    assert.deepEqual(rejects(configSchema, { ...base, requestTimeoutInSeconds: -5 }).path, ['requestTimeoutInSeconds']);
  });

  it('refuses links that are not URLs', () => {
    const bad = rejects(configSchema, { ...base, customization: { ...base.customization, imprint_link: 'imprint page' } });
    assert.equal(bad.message, 'Must be a URL (https://...)');
    assert.deepEqual(bad.path, ['customization', 'imprint_link']);
    assert.equal(rejects(configSchema, { ...base, osProxyUrl: 'proxy' }).message, 'Must be a URL (https://...)');
    accepts(configSchema, { ...base, osProxyUrl: 'https://proxy.example.com' });
  });

  it('refuses a support email that is not an email address', () => {
    const bad = rejects(customizationSchema, { ...DEFAULT_CUSTOMIZATION, support_email: 'helpdesk' });
    assert.equal(bad.message, 'Must be an email address');
    assert.deepEqual(bad.path, ['support_email']);
    accepts(customizationSchema, { ...DEFAULT_CUSTOMIZATION, support_email: 'helpdesk@example.com' });
  });

  it('refuses a logo of another type and an empty application name', () => {
    assert.deepEqual(
      rejects(customizationSchema, { ...DEFAULT_CUSTOMIZATION, logo: { data: 'AAAA', type: 'gif', name: 'logo.gif' } }).path,
      ['logo', 'type'],
    );
    assert.deepEqual(rejects(customizationSchema, { ...DEFAULT_CUSTOMIZATION, application_name: '' }).path, ['application_name']);
  });

  it('caps the application and company names at CUSTOMIZATION_NAME_MAX_LENGTH (the admin form uses it too)', () => {
    assert.equal(CUSTOMIZATION_NAME_MAX_LENGTH, 100);
    const name = 'x'.repeat(CUSTOMIZATION_NAME_MAX_LENGTH);
    accepts(customizationSchema, { ...DEFAULT_CUSTOMIZATION, application_name: name, company_name: name });
    assert.deepEqual(rejects(customizationSchema, { ...DEFAULT_CUSTOMIZATION, application_name: `${name}x` }).path, ['application_name']);
    assert.deepEqual(rejects(customizationSchema, { ...DEFAULT_CUSTOMIZATION, company_name: `${name}x` }).path, ['company_name']);
  });
});
