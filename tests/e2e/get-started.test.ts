import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { adminSettingsSchema } from '@assistant/contracts';
import type { Page } from 'playwright-core';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { launchBrowser, signInOnProviderPage } from './support/browser';
import { callApiAs } from './support/get-started';
import { startPortal, type RunningPortal } from './support/start-portal';

/** Set to look at the screens, each at desktop and phone size (not an assertion); unset in CI, where nothing is written. */
const SCREENSHOTS = process.env.GET_STARTED_SCREENSHOTS_DIR;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// The guided start on a user's first visit, remembered on the server (docs/get-started.md), as
// only a real browser against the started system shows it: the real sign-in, the server's answer,
// the focus, axe with real styles, the pages it leads to and where the footer sits at each size.
// One German browser: every step in both languages, skipping at each step, the user menu's
// keyboard use and texts and the footer's links are jest's (host/src/get-started, host/src/layout),
// the state per user and a second browser's view of it the server's (onboarding-routes.test.ts).
describe('guided start', { timeout: 20 * 60_000 }, () => {
  let portal: RunningPortal;
  before(async () => {
    portal = await startPortal();
    // Every footer entry configured: the footer shows what the administrators saved.
    const stored = adminSettingsSchema.parse(await (await callApiAs(portal, 'admin', 'GET', 'admin/settings')).json());
    const customization = {
      ...stored.customization,
      imprint_link: 'https://example.com/impressum',
      documentation_link: 'https://example.com/docs',
      help_center_link: 'https://example.com/help',
      support_phone: '+49 30 1234567',
    };
    const saved = await callApiAs(portal, 'admin', 'PATCH', 'admin/settings', { customization });
    assert.equal(saved.status, 200, await saved.text());
  });
  after(async () => {
    await portal?.stop();
  });

  /** Screenshots at desktop and phone size when GET_STARTED_SCREENSHOTS_DIR asks for them; the page is left at desktop size. */
  async function shot(page: Page, name: string) {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: join(SCREENSHOTS, `${name}-${size}-de.png`) });
    }
    await page.setViewportSize(DESKTOP);
  }

  /** Loads (or reloads) the page and waits until the shell has asked the server about the guided start. */
  async function openAndSettle(page: Page, open: () => Promise<unknown>) {
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me/onboarding' && response.request().method() === 'GET');
    await open();
    assert.equal((await asked).status(), 200);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).waitFor();
    // The answer is in; give React a moment to show a dialog if it were going to.
    await page.waitForTimeout(500);
  }

  async function expectNoSeriousAxeViolations(page: Page, what: string) {
    const violations = await seriousAxeViolations(page);
    assert.equal(violations.length, 0, `${what}:\n${describeViolations(violations)}`);
  }

  it('shows on the first visit, skipped stays away after a reload, reopens from the user menu, every step focused, and leads to an upload; the privacy page and the footer at desktop and phone size', async () => {
    const browser = await launchBrowser({ locale: 'de-DE' });
    try {
      const page = await browser.context.newPage();
      await page.setViewportSize(DESKTOP);
      await page.goto(`${portal.portalUrl}/`);
      await page.waitForURL((url) => url.origin === portal.issuer);
      await signInOnProviderPage(page, 'employee', 'employee');
      await page.waitForURL((url) => url.origin === portal.portalUrl && !url.pathname.startsWith('/callback'));

      // The first visit: the server says pending. Skipped at step 2, it is remembered on the server.
      const dialog = page.getByRole('dialog', { name: 'Erste Schritte mit Assistant' });
      await dialog.getByRole('heading', { level: 3, name: /Schritt 1 von 4/ }).waitFor();
      await dialog.getByRole('button', { name: 'Weiter' }).click();
      await dialog.getByRole('heading', { level: 3, name: /Schritt 2 von 4\W+Datenschutz/ }).waitFor();
      const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me/onboarding' && response.request().method() === 'PUT');
      await dialog.getByRole('button', { name: 'Überspringen', exact: true }).click();
      assert.equal((await saved).status(), 200);
      await dialog.waitFor({ state: 'detached' });
      await openAndSettle(page, () => page.reload());
      assert.equal(await page.getByRole('dialog').count(), 0, 'no guided start and no privacy notice after a reload');

      // Reopened from the user menu: each step's heading takes the focus; axe with the real styles.
      await page.getByRole('button', { name: /^Benutzermenü von / }).click();
      await page.getByRole('menuitem', { name: 'Erste Schritte' }).click();
      for (let step = 1; step <= 4; step += 1) {
        const heading = dialog.getByRole('heading', { level: 3, name: new RegExp(`Schritt ${step} von 4`) });
        await heading.waitFor();
        assert.equal(await heading.evaluate((element) => element === document.activeElement), true, `step ${step}'s heading has the focus`);
        await shot(page, `get-started-step-${step}`);
        await expectNoSeriousAxeViolations(page, `guided start step ${step}`);
        if (step < 4) await dialog.getByRole('button', { name: 'Weiter' }).click();
      }
      await dialog.getByRole('button', { name: 'Dokument hochladen' }).click();
      await page.waitForURL((url) => url.pathname === '/collections/personal');
      await page.getByRole('heading', { level: 1, name: 'Sammlungen' }).waitFor();
      await dialog.waitFor({ state: 'detached' });

      // The user menu gives the focus back to its button; its privacy item leads to the page.
      const menuButton = page.getByRole('button', { name: /^Benutzermenü von / });
      await menuButton.click();
      const menu = page.getByRole('menu');
      await menu.getByRole('menuitem', { name: 'Erste Schritte' }).waitFor();
      await shot(page, 'user-menu');
      await expectNoSeriousAxeViolations(page, 'the user menu');
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      assert.equal(await menuButton.evaluate((element) => element === document.activeElement), true, 'Escape gives the focus back to the menu button');
      await menuButton.click();
      await menu.getByRole('menuitem', { name: 'Datenschutzerklärung' }).click();
      await page.waitForURL((url) => url.pathname === '/privacy-policy');
      await page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' }).waitFor();
      await shot(page, 'privacy-policy');
      await expectNoSeriousAxeViolations(page, 'the privacy policy page');

      // On a desktop the footer is under the page, with what the administrators saved.
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: /example\.com|\+49/ }).first().waitFor();
      assert.equal(await page.locator('.ui-app__sidebar').getByRole('contentinfo').count(), 0, 'the footer is not in the navigation on a desktop');

      // On a phone it would take room from the page (the chat's composer): it is at the end of the navigation drawer.
      await page.setViewportSize(PHONE);
      await footer.waitFor({ state: 'hidden' });
      const toggle = page.getByRole('button', { name: 'Navigation ein- oder ausblenden' });
      await toggle.click();
      const drawer = page.locator('.ui-app__sidebar');
      await drawer.getByRole('contentinfo').getByRole('link', { name: /example\.com|\+49/ }).first().waitFor();
      await drawer.getByRole('contentinfo').getByRole('link', { name: 'Datenschutzerklärung' }).scrollIntoViewIfNeeded();
      assert.ok(await drawer.getByRole('contentinfo').getByRole('link', { name: 'Datenschutzerklärung' }).isVisible(), 'the footer can be reached in the drawer');
      if (SCREENSHOTS) await page.screenshot({ path: join(SCREENSHOTS, 'footer-in-drawer-phone-de.png') });
      await expectNoSeriousAxeViolations(page, 'the drawer with the footer');
      await page.keyboard.press('Escape');
      await page.setViewportSize(DESKTOP);

      // The German address shows the same page.
      await page.goto(`${portal.portalUrl}/datenschutz`);
      await page.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' }).waitFor();
    } finally {
      await browser.close();
    }
  });
});
