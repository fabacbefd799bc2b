import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { apiErrorSchema, type AdminSettings } from '@assistant/contracts';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { isPng, sanitizeSvg } from '../../settings/sanitize-image';

const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">' +
  '<script>alert(2)</script><defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>' +
  '<rect width="10" height="10" fill="url(#g)" onclick="steal()"/><circle r="3" fill="url(https://evil.example/x)"/>' +
  '<foreignObject><div>html</div></foreignObject><image href="https://evil.example/x.png"/>' +
  '<use xlink:href="https://evil.example/x.svg#a"/><style>@import url(https://evil.example/a.css)</style></svg>';
const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('SVG sanitizer', () => {
  it('strips scripts, event handlers, foreignObject and every external reference; keeps the drawing', () => {
    const clean = sanitizeSvg(HOSTILE_SVG);
    for (const gone of ['<script', 'alert', 'onload', 'onclick', 'foreignObject', 'evil.example', '<style', '@import', '<image', '<use']) {
      assert.ok(!clean.includes(gone), `${gone} left in ${clean}`);
    }
    assert.match(clean, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.ok(clean.includes('fill="url(#g)"'), 'a reference inside the image stays');
    assert.ok(clean.includes('<rect'), clean);
  });

  it('refuses what is not an SVG', () => {
    assert.throws(() => sanitizeSvg('<html><body><p>no</p></body></html>'));
    assert.throws(() => sanitizeSvg('<script>alert(1)</script>'));
  });

  it('recognises a PNG by its signature', () => {
    assert.equal(isPng(Buffer.from(PNG_1PX, 'base64')), true);
    assert.equal(isPng(Buffer.from('<svg/>')), false);
  });
});

describe('PATCH /api/admin/settings', () => {
  let t: TestApp;
  let original: AdminSettings;
  before(async () => {
    t = await startTestApp();
    original = (await t.as('admin', { method: 'GET', url: '/api/admin/settings' })).json();
  });
  after(() => t.close());
  beforeEach(async () => {
    const reset = await t.as('admin', {
      method: 'PATCH',
      url: '/api/admin/settings',
      payload: { feature_flags: { enableCustomization: true }, feature_set: 'BETA', customization: original.customization, confirm_lockout: true },
    });
    assert.equal(reset.statusCode, 200, reset.body);
  });
  const patch = (payload: object) => t.as('admin', { method: 'PATCH', url: '/api/admin/settings', payload });
  const stored = async () => (await t.as('admin', { method: 'GET', url: '/api/admin/settings' })).json() as AdminSettings;

  describe('lock-out', () => {
    it('refuses switching off the customization flag with 409 conflict and stores nothing', async () => {
      const response = await patch({ feature_flags: { enableCustomization: false, enableChat: false } });
      assert.equal(response.statusCode, 409, response.body);
      const body = apiErrorSchema.parse(response.json());
      assert.equal(body.code, 'conflict');
      assert.match(body.message, /confirm_lockout/);
      const after = await stored();
      assert.equal(after.feature_flags.enableCustomization, true);
      assert.notEqual(after.feature_flags.enableChat, false, 'nothing of the refused change is stored');
    });

    it('refuses a feature set without the customization page', async () => {
      const response = await patch({ feature_set: '251000' });
      assert.equal(response.statusCode, 409, response.body);
      assert.equal((await stored()).feature_set, 'BETA');
    });

    it('stores the change when it is confirmed explicitly', async () => {
      const response = await patch({ feature_flags: { enableCustomization: false }, confirm_lockout: true });
      assert.equal(response.statusCode, 200, response.body);
      assert.equal((await stored()).feature_flags.enableCustomization, false);
    });

    it('lets other changes through without confirmation', async () => {
      const response = await patch({ feature_flags: { enableChat: false } });
      assert.equal(response.statusCode, 200, response.body);
    });

    it('refuses confirm_lockout: false and a confirmation alone', async () => {
      assert.equal((await patch({ feature_flags: { enableCustomization: false }, confirm_lockout: false })).statusCode, 400);
      assert.equal((await patch({ confirm_lockout: true })).statusCode, 400);
    });
  });

  describe('customization rules', () => {
    it('answers 400 naming a colour that is not a CSS colour and an empty name', async () => {
      const response = await patch({
        customization: { ...original.customization, application_name: '  ', colors: { primary: 'red; background:url(x)' } },
      });
      assert.equal(response.statusCode, 400, response.body);
      const paths = apiErrorSchema.parse(response.json()).issues!.map((issue) => issue.path.join('.'));
      assert.ok(paths.includes('body.customization.colors.primary'), paths.join(', '));
      assert.ok(paths.includes('body.customization.application_name'), paths.join(', '));
    });

    it('accepts CSS colours', async () => {
      const response = await patch({ customization: { ...original.customization, colors: { primary: '#1d4ed8', background: 'rgb(255 255 255)' } } });
      assert.equal(response.statusCode, 200, response.body);
    });
  });

  describe('logo and favicon', () => {
    it('stores an SVG logo sanitized', async () => {
      const logo = { type: 'svg', name: 'logo.svg', data: base64(HOSTILE_SVG) };
      const response = await patch({ customization: { ...original.customization, logo } });
      assert.equal(response.statusCode, 200, response.body);
      const saved = Buffer.from((await stored()).customization.logo!.data, 'base64').toString('utf8');
      assert.ok(saved.startsWith('<svg'), saved);
      assert.ok(!/script|onload|onclick|foreignObject|evil\.example/.test(saved), saved);
      const config = (await t.as('employee', { method: 'GET', url: '/api/config' })).json();
      assert.equal(config.customization.logo.data, (await stored()).customization.logo!.data, 'everyone gets the sanitized logo');
    });

    it('stores a real PNG favicon and refuses a PNG that is not one', async () => {
      const ok = await patch({ customization: { ...original.customization, favicon: { type: 'png', name: 'f.png', data: PNG_1PX } } });
      assert.equal(ok.statusCode, 200, ok.body);
      const fake = await patch({ customization: { ...original.customization, favicon: { type: 'png', name: 'f.png', data: base64('<svg onload="x()"/>') } } });
      assert.equal(fake.statusCode, 400, fake.body);
      const body = apiErrorSchema.parse(fake.json());
      assert.deepEqual(body.issues!.map((issue) => issue.path.join('.')), ['body.customization.favicon']);
      assert.equal(body.issues![0]!.message, 'Must be a PNG image');
    });

    it('refuses an SVG that is no SVG and a logo over the size limit', async () => {
      const notSvg = await patch({ customization: { ...original.customization, logo: { type: 'svg', name: 'x.svg', data: base64('<p>hello</p>') } } });
      assert.equal(notSvg.statusCode, 400, notSvg.body);
      const big = await patch({ customization: { ...original.customization, logo: { type: 'png', name: 'x.png', data: 'A'.repeat(800_000) } } });
      assert.equal(big.statusCode, 400, big.body);
    });
  });
});
