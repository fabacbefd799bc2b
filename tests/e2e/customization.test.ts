import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

const SHOTS = '/tmp/shots-12';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40" onload="window.top.__pwned = 1">' +
  '<script>window.top.__pwned = 2</script><rect width="40" height="40" rx="8" fill="#1d4ed8"/>' +
  '<circle cx="20" cy="20" r="10" fill="#ffffff"/><image href="https://evil.example/x.png" width="1" height="1"/></svg>';

// The customization screen in a real browser against the system as a user starts it:
// field validation, the lock-out question, a hostile SVG logo stored clean, axe at both sizes.
describe('customization end to end', { timeout: 20 * 60_000 }, () => {
  let portal: RunningPortal;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    portal = await startPortal();
  });
  after(async () => {
    await portal?.stop();
  });

  async function expectNoSeriousAxeViolations(page: Page, what: string) {
    const violations = await seriousAxeViolations(page);
    assert.equal(violations.length, 0, `${what}:\n${describeViolations(violations)}`);
  }
  const isFocused = (page: Page, label: RegExp) => page.getByLabel(label).evaluate((element) => element === document.activeElement);

  it('shows field errors and focuses the first, asks before switching customization off, stores an SVG logo without its script', async () => {
    const { browser, page } = await signInToPortal(portal, '/customization', 'admin', 'en-US');
    try {
      await page.getByRole('heading', { level: 1, name: 'Customization' }).waitFor();
      for (const [size, name] of [
        [DESKTOP, 'desktop'],
        [PHONE, 'phone'],
      ] as const) {
        await page.setViewportSize(size);
        await expectNoSeriousAxeViolations(page, `customization page (${name})`);
        await page.screenshot({ path: `${SHOTS}/custom-${name}.png`, fullPage: true });
      }
      await page.setViewportSize(DESKTOP);

      // An empty name and a colour that is none: messages at the fields, the first focused, nothing sent.
      await page.getByLabel(/Application name/).fill('');
      await page.getByLabel(/^Primary colour/).fill('not-a-colour');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Enter a name (at most 100 characters).').waitFor();
      await page.getByText(/Enter a CSS colour/).waitFor();
      assert.equal(await page.getByLabel(/Application name/).getAttribute('aria-invalid'), 'true');
      assert.equal(await page.getByLabel(/^Primary colour/).getAttribute('aria-invalid'), 'true');
      assert.equal(await isFocused(page, /Application name/), true, 'the first wrong field has the focus');
      for (const [size, name] of [
        [DESKTOP, 'errors-desktop'],
        [PHONE, 'errors-phone'],
      ] as const) {
        await page.setViewportSize(size);
        await expectNoSeriousAxeViolations(page, `customization with field errors (${name})`);
        await page.screenshot({ path: `${SHOTS}/custom-${name}.png`, fullPage: true });
      }
      await page.setViewportSize(DESKTOP);
      await page.getByLabel(/Application name/).fill('Assistant');
      await page.getByLabel(/^Primary colour/).fill('#1d4ed8');
      assert.equal(await page.getByText(/Enter a CSS colour/).count(), 0, 'the message goes once the value is right');

      // A hostile SVG logo: stored without script, handler or external reference; shown in the header.
      await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(HOSTILE_SVG) });
      await page.getByRole('img', { name: 'Preview: logo.svg' }).waitFor();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved.', { exact: false }).waitFor();

      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Customization' }).waitFor();
      const headerLogo = page.locator('.shell-header__logo');
      await headerLogo.waitFor();
      const src = (await headerLogo.getAttribute('src')) ?? '';
      assert.match(src, /^data:image\/svg\+xml;base64,/);
      const stored = Buffer.from(src.slice(src.indexOf(',') + 1), 'base64').toString('utf8');
      assert.ok(stored.includes('<rect'), stored);
      for (const gone of ['<script', 'onload', '__pwned', 'evil.example', '<image']) assert.ok(!stored.includes(gone), `${gone} in ${stored}`);
      const drawn = await headerLogo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0);
      assert.equal(drawn, true, 'the sanitized logo is drawn in the header');
      assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined);
      await page.screenshot({ path: `${SHOTS}/custom-logo.png` });

      // Switching customization off asks first and says how to get it back; cancel keeps it reachable.
      await page.getByRole('checkbox', { name: 'Customization', exact: true }).uncheck();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      assert.match((await dialog.textContent()) ?? '', /SETTINGS_SEED_FILE/);
      for (const [size, name] of [
        [DESKTOP, 'lockout-desktop'],
        [PHONE, 'lockout-phone'],
      ] as const) {
        await page.setViewportSize(size);
        await expectNoSeriousAxeViolations(page, `lock-out question (${name})`);
        await page.screenshot({ path: `${SHOTS}/custom-${name}.png` });
      }
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Customization' }).waitFor();
      assert.equal(await page.getByRole('checkbox', { name: 'Customization', exact: true }).isChecked(), true, 'nothing was stored');

      // On a phone the "saved" notification does not cover the save button.
      await page.getByLabel(/Company name/).fill('Firma');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const notice = page.getByText('Saved.', { exact: false });
      await notice.waitFor();
      const save = await page.getByRole('button', { name: 'Save', exact: true }).boundingBox();
      const box = await page.locator('.shell-notifications').boundingBox();
      assert.ok(save && box, 'both are on screen');
      const overlaps = box.x < save.x + save.width && save.x < box.x + box.width && box.y < save.y + save.height && save.y < box.y + box.height;
      assert.equal(overlaps, false, `notification ${JSON.stringify(box)} covers the save button ${JSON.stringify(save)}`);
      await page.screenshot({ path: `${SHOTS}/custom-saved-phone.png` });
    } finally {
      await browser.close();
    }
  });
});
