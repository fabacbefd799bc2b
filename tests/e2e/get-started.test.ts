import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { adminSettingsSchema } from '@assistant/contracts';
import type { Page } from 'playwright-core';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { launchBrowser, signInOnProviderPage } from './support/browser';
import { callApiAs } from './support/get-started';
import { startPortal, type RunningPortal } from './support/start-portal';

const SHOTS = process.env.GET_STARTED_SCREENSHOTS_DIR ?? '/tmp/shots-get-started';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const TEXTS = {
  de: {
    locale: 'de-DE',
    dialog: 'Erste Schritte mit Assistant',
    step: (n: number) => `Schritt ${n} von 4`,
    next: 'Weiter',
    skip: 'Überspringen',
    upload: 'Dokument hochladen',
    menu: 'Benutzermenü von',
    getStarted: 'Erste Schritte',
    privacy: 'Datenschutzerklärung',
    collections: 'Sammlungen',
  },
  en: {
    locale: 'en-US',
    dialog: 'Get started with Assistant',
    step: (n: number) => `Step ${n} of 4`,
    next: 'Next',
    skip: 'Skip',
    upload: 'Upload a document',
    menu: 'User menu of',
    getStarted: 'Get started',
    privacy: 'Privacy policy',
    collections: 'Collections',
  },
} as const;

// The guided start on a user's first visit, remembered on the server (docs/get-started.md).
describe('guided start', { timeout: 20 * 60_000 }, () => {
  let portal: RunningPortal;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    portal = await startPortal();
    // Every footer entry configured, so that the screenshots show them.
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

  async function signIn(page: Page, username: string, path = '/') {
    await page.goto(`${portal.portalUrl}${path}`);
    await page.waitForURL((url) => url.origin === portal.issuer);
    await signInOnProviderPage(page, username, username);
    await page.waitForURL((url) => url.origin === portal.portalUrl && !url.pathname.startsWith('/callback'));
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

  it('shows on the first visit, and once skipped neither a reload nor another browser shows it again; the user menu reopens it', async () => {
    const first = await launchBrowser({ locale: 'de-DE' });
    try {
      const page = await first.context.newPage();
      await signIn(page, 'employee');
      const dialog = page.getByRole('dialog', { name: TEXTS.de.dialog });
      await dialog.waitFor();
      await dialog.getByRole('heading', { level: 3, name: /Schritt 1 von 4/ }).waitFor();
      await dialog.getByRole('button', { name: 'Weiter' }).click();
      await dialog.getByRole('heading', { level: 3, name: /Schritt 2 von 4\W+Datenschutz/ }).waitFor();
      const saved = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me/onboarding' && response.request().method() === 'PUT');
      await dialog.getByRole('button', { name: 'Überspringen', exact: true }).click();
      assert.equal((await saved).status(), 200);
      await dialog.waitFor({ state: 'detached' });

      await openAndSettle(page, () => page.reload());
      assert.equal(await page.getByRole('dialog').count(), 0, 'no guided start and no privacy notice after a reload');

      // Reopened from the user menu.
      await page.getByRole('button', { name: /^Benutzermenü von / }).click();
      await page.getByRole('menuitem', { name: 'Erste Schritte' }).click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await first.close();
    }

    // A second browser (a fresh profile: nothing in its storage) for the same user.
    const second = await launchBrowser({ locale: 'de-DE' });
    try {
      const page = await second.context.newPage();
      await openAndSettle(page, () => signIn(page, 'employee'));
      assert.equal(await page.getByRole('dialog').count(), 0, 'another browser shows neither the guided start nor the privacy notice');
    } finally {
      await second.close();
    }
  });

  for (const [language, username] of [
    ['de', 'admin'],
    ['en', 'colleague'],
  ] as const) {
    const text = TEXTS[language];
    it(`takes a new user through every step at desktop and phone size, then to an upload; menu, privacy page and footer (${language})`, async () => {
      const browser = await launchBrowser({ locale: text.locale });
      try {
        const page = await browser.context.newPage();
        await signIn(page, username);
        const dialog = page.getByRole('dialog', { name: text.dialog });
        await dialog.waitFor();
        for (let step = 1; step <= 4; step += 1) {
          const heading = dialog.getByRole('heading', { level: 3, name: new RegExp(text.step(step)) });
          await heading.waitFor();
          assert.equal(await heading.evaluate((element) => element === document.activeElement), true, `step ${step}'s heading has the focus`);
          for (const [size, viewport] of [
            ['desktop', DESKTOP],
            ['phone', PHONE],
          ] as const) {
            await page.setViewportSize(viewport);
            await page.screenshot({ path: `${SHOTS}/get-started-step-${step}-${size}-${language}.png` });
          }
          await page.setViewportSize(DESKTOP);
          await expectNoSeriousAxeViolations(page, `guided start step ${step}`);
          assert.equal(await dialog.getByRole('button', { name: text.skip, exact: true }).count(), 1, `step ${step} can be skipped`);
          if (step < 4) await dialog.getByRole('button', { name: text.next }).click();
        }
        await dialog.getByRole('button', { name: text.upload }).click();
        await page.waitForURL((url) => url.pathname === '/collections/personal');
        await page.getByRole('heading', { level: 1, name: text.collections }).waitFor();
        await dialog.waitFor({ state: 'detached' });

        for (const [size, viewport] of [
          ['desktop', DESKTOP],
          ['phone', PHONE],
        ] as const) {
          await page.setViewportSize(viewport);
          const menuButton = page.getByRole('button', { name: new RegExp(`^${text.menu} `) });
          await menuButton.click();
          const menu = page.getByRole('menu');
          await menu.getByRole('menuitem', { name: text.getStarted }).waitFor();
          await page.screenshot({ path: `${SHOTS}/user-menu-${size}-${language}.png` });
          await expectNoSeriousAxeViolations(page, `the user menu (${size})`);
          await page.keyboard.press('Escape');
          await menu.waitFor({ state: 'detached' });
          assert.equal(await menuButton.evaluate((element) => element === document.activeElement), true, 'Escape gives the focus back to the menu button');

          await menuButton.click();
          await menu.getByRole('menuitem', { name: text.privacy }).click();
          await page.waitForURL((url) => url.pathname === '/privacy-policy');
          await page.getByRole('heading', { level: 1, name: text.privacy }).waitFor();
          await page.screenshot({ path: `${SHOTS}/privacy-policy-${size}-${language}.png`, fullPage: true });
          await expectNoSeriousAxeViolations(page, `the privacy policy page (${size})`);

          const footer = page.getByRole('contentinfo');
          await footer.getByRole('link', { name: /example\.com|\+49/ }).first().waitFor();
          await footer.scrollIntoViewIfNeeded();
          await footer.screenshot({ path: `${SHOTS}/footer-${size}-${language}.png` });
        }

        // The German address shows the same page.
        await page.goto(`${portal.portalUrl}/datenschutz`);
        await page.getByRole('heading', { level: 1, name: text.privacy }).waitFor();
      } finally {
        await browser.close();
      }
    });
  }
});
