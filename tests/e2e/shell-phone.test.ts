import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signOutFromUserMenu } from './support/get-started';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

// Screenshots only when asked for (they cost time in every run).
const SHOTS = process.env.SHELL_PHONE_SCREENSHOTS_DIR;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

// The browser's language here (the other one's texts are jest's).
const TEXT = {
  language: 'en',
  locale: 'en-US',
  toggle: 'Show or hide navigation',
  nav: 'Main navigation',
  collections: 'Collections',
  signOut: 'Sign out',
  signedOut: 'Signed out',
  signInAgain: 'Sign in again',
  providerUsername: 'Username',
  titles: {
    '/chat': 'Chat',
    '/agents': 'Agents',
    '/translate': 'Translate',
    '/collections': 'Collections',
    '/customization': 'Customization',
    '/accessibility': 'Accessibility statement',
    '/no-such-page': 'Page not found',
  },
} as const;

// The shell on a phone (390x844) and on a desktop (1280x800). What only a browser shows (the real
// layout, axe with the real styles, the drawer's keyboard and backdrop, the provider's pages) in one
// language; the other language's titles and words are jest's (host pages/__tests__/page-titles,
// layout/__tests__/shell-drawer, auth/__tests__/signed-out-page, each remote's module test) and the
// server's (idp: the provider's login page).
describe('portal shell on a phone and a desktop', { timeout: 30 * 60_000 }, () => {
  let portal: RunningPortal;
  before(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    portal = await startPortal();
  });
  after(async () => {
    await portal?.stop();
  });

  async function screenshot(page: Page, name: string, fullPage = false) {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });
  }

  async function expectNoSeriousAxeViolations(page: Page, what: string) {
    const violations = await seriousAxeViolations(page);
    assert.equal(violations.length, 0, `${what}:\n${describeViolations(violations)}`);
  }

  /** Nothing is wider than the screen: the page does not scroll sideways, nothing sticks out of it. */
  async function expectNoSidewaysScroll(page: Page, what: string) {
    const found = await page.evaluate(() => {
      // (No named functions inside: tsx would wrap them in a helper the page does not have.)
      const width = document.documentElement.clientWidth;
      const outside = Array.from(document.querySelectorAll('body *'))
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          if (rect.width <= 1 || rect.right <= width + 0.5) return false;
          for (let parent = element.parentElement; parent; parent = parent.parentElement) {
            if (getComputedStyle(parent).overflowX !== 'visible') return false;
          }
          return true;
        })
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)} (${Math.round(element.getBoundingClientRect().right)})`);
      return { scrollWidth: document.documentElement.scrollWidth, clientWidth: width, outside };
    });
    assert.deepEqual(found.outside, [], `${what}: elements past the screen's edge`);
    assert.ok(found.scrollWidth <= found.clientWidth, `${what} scrolls sideways: ${found.scrollWidth} > ${found.clientWidth}`);
  }

  const isInDrawer = (page: Page) => page.evaluate(() => document.activeElement?.closest('.ui-app__sidebar') !== null);

  it('shows a collection\'s files on a phone as a list that keeps the status and the actions', async () => {
    const { browser, page } = await signInToPortal(portal, '/collections/personal', 'employee', 'de-DE');
    const name = 'Protokoll der Sitzung vom dritten Quartal mit einem recht langen Dateinamen.txt';
    try {
      await page.getByRole('heading', { level: 1, name: 'Sammlungen' }).waitFor();
      await page.getByRole('button', { name: 'Neue Sammlung' }).click();
      const create = page.getByRole('dialog');
      await create.getByLabel('Name').fill('Telefon E2E');
      await create.getByRole('button', { name: 'Anlegen' }).click();
      // The list re-renders while it settles: open the new collection by its address.
      const href = await page.getByRole('link', { name: 'Telefon E2E' }).getAttribute('href');
      await page.goto(new URL(href!, portal.portalUrl).toString());
      await page.getByRole('heading', { level: 1, name: 'Telefon E2E' }).waitFor();
      await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from('Ein kurzer Text.') });
      const files = page.getByRole('table', { name: 'Dokumente in dieser Sammlung' });
      const row = files.getByRole('row', { name: /Protokoll der Sitzung/ });
      await row.getByText('Verarbeitet').waitFor({ timeout: 60_000 });

      await page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(page, 'the files list');
      const nameBox = (await row.getByRole('rowheader').boundingBox())!;
      assert.ok(nameBox.x >= 0 && nameBox.x + nameBox.width <= PHONE.width, `the name fits the screen: ${JSON.stringify(nameBox)}`);
      assert.ok(nameBox.height > 30, 'the long name wraps onto more than one line');
      // The name breaks between words only: every word of it is on one line.
      const brokenWords = await row.getByRole('rowheader').evaluate((cell) => {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const broken: string[] = [];
        let words = 0;
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const content = node.textContent ?? '';
          let offset = 0;
          for (const word of content.split(' ')) {
            if (word) {
              words += 1;
              const range = document.createRange();
              range.setStart(node, offset);
              range.setEnd(node, offset + word.length);
              if (range.getClientRects().length > 1) broken.push(word);
            }
            offset += word.length + 1;
          }
        }
        return words > 3 ? broken : [`only ${words} words found`];
      });
      assert.deepEqual(brokenWords, []);
      await row.getByText('Verarbeitet').waitFor();
      const remove = row.getByRole('button', { name: /Entfernen/ });
      assert.equal(await remove.isVisible(), true);
      const removeBox = (await remove.boundingBox())!;
      assert.ok(removeBox.x + removeBox.width <= PHONE.width, 'the remove button is on the screen');
      // The runs table below is a list on a phone as well: its file name is not broken letter by letter.
      const runName = page.locator('.runs-section').getByRole('rowheader', { name: /Protokoll der Sitzung/ });
      await runName.waitFor();
      assert.ok(((await runName.boundingBox())?.width ?? 0) > 200, 'the run\'s file name has the width of the screen');
      await screenshot(page, 'shell-phone-files', true);
      await expectNoSeriousAxeViolations(page, 'the files list on a phone');
    } finally {
      await browser.close();
    }
  });

  it(`opens and closes the phone drawer with the keyboard, the backdrop and a link (${TEXT.language})`, async () => {
    const { browser, page } = await signInToPortal(portal, '/accessibility', 'employee', TEXT.locale);
    try {
      await page.setViewportSize(PHONE);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: TEXT.titles['/accessibility'] }).waitFor();
      const toggle = page.getByRole('button', { name: TEXT.toggle });
      const nav = page.getByRole('navigation', { name: TEXT.nav });
      // Starts closed on a phone.
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await nav.count(), 0);
      await expectNoSidewaysScroll(page, 'the phone shell');
      await screenshot(page, `shell-phone-closed-${TEXT.language}`);

      // Enter opens it; the focus moves into the drawer.
      await toggle.focus();
      await page.keyboard.press('Enter');
      await nav.waitFor();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      assert.equal(await isInDrawer(page), true, 'the focus moved into the drawer');
      await page.locator('.ui-app__backdrop').waitFor();
      await screenshot(page, `shell-phone-drawer-${TEXT.language}`);
      await expectNoSeriousAxeViolations(page, 'the open drawer');

      // Escape closes it and gives the focus back to the menu button.
      await page.keyboard.press('Escape');
      await nav.waitFor({ state: 'hidden' });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(await toggle.evaluate((element) => element === document.activeElement), true);

      // Space opens it; the backdrop closes it.
      await page.keyboard.press('Space');
      await nav.waitFor();
      assert.equal(await isInDrawer(page), true);
      await page.mouse.click(PHONE.width - 10, PHONE.height / 2);
      await nav.waitFor({ state: 'hidden' });
      assert.equal(await toggle.getAttribute('aria-expanded'), 'false');

      // A followed link shows its page with the drawer closed.
      await toggle.click();
      await nav.getByRole('link', { name: TEXT.collections }).click();
      await page.getByRole('heading', { level: 1, name: TEXT.titles['/collections'] }).waitFor();
      await nav.waitFor({ state: 'hidden' });

      // On a desktop the navigation is beside the page again.
      await page.setViewportSize(DESKTOP);
      await nav.waitFor();
    } finally {
      await browser.close();
    }
  });

  it(`titles every page from its route, says not-found once, passes axe at both sizes (${TEXT.language})`, async () => {
    const { browser, page } = await signInToPortal(portal, '/', 'admin', TEXT.locale);
    try {
      const icon = await page.locator('link[rel="icon"]').getAttribute('href');
      assert.ok(icon, 'a favicon is linked');
      const response = await page.request.get(new URL(icon, portal.portalUrl).toString());
      assert.equal(response.status(), 200);
      assert.match(response.headers()['content-type'] ?? '', /^image\//);

      for (const [size, viewport] of SIZES) {
        await page.setViewportSize(viewport);
        for (const [path, title] of Object.entries(TEXT.titles)) {
          await page.goto(`${portal.portalUrl}${path}`);
          await page.getByRole('heading', { level: 1, name: title }).waitFor();
          await page.waitForFunction((expected) => document.title === expected, `${title} – Assistant`);
          if (path === '/no-such-page') assert.equal(await page.getByRole('heading', { name: title }).count(), 1);
          const name = path.slice(1);
          await screenshot(page, `shell-${TEXT.language}-${size}-${name}`, true);
          await expectNoSeriousAxeViolations(page, `${path} at ${size} (${TEXT.language})`);
          if (size === 'phone') await expectNoSidewaysScroll(page, path);
        }
      }
    } finally {
      await browser.close();
    }
  });

  it(`shows a signed-out page after sign-out, and the provider's login page in the browser's language (${TEXT.language})`, async () => {
    const { browser, page } = await signInToPortal(portal, '/accessibility', 'employee', TEXT.locale);
    try {
      await page.setViewportSize(PHONE);
      await signOutFromUserMenu(page, TEXT.signOut);
      await page.getByRole('heading', { level: 1, name: TEXT.signedOut }).waitFor({ timeout: 30_000 });
      assert.equal(new URL(page.url()).origin, portal.portalUrl, 'back on the portal, not on a login form');
      assert.match(await page.title(), new RegExp(`^${TEXT.signedOut}`));
      await screenshot(page, `shell-signed-out-phone-${TEXT.language}`);
      await expectNoSeriousAxeViolations(page, 'the signed-out page on a phone');
      await page.setViewportSize(DESKTOP);
      await screenshot(page, `shell-signed-out-desktop-${TEXT.language}`);
      await expectNoSeriousAxeViolations(page, 'the signed-out page');

      await page.getByRole('button', { name: TEXT.signInAgain }).click();
      await page.waitForURL((url) => url.origin === portal.issuer);
      await page.getByLabel(TEXT.providerUsername).waitFor();
      assert.equal(await page.locator('html').getAttribute('lang'), TEXT.language);
      await screenshot(page, `shell-provider-login-${TEXT.language}`);
      await expectNoSeriousAxeViolations(page, "the provider's login page");
    } finally {
      await browser.close();
    }
  });

  // Last: it switches chat off for everybody.
  it("takes an area an administrator switches off out of that administrator's navigation without a reload", async () => {
    const { browser, page } = await signInToPortal(portal, '/customization', 'admin', 'en-US');
    try {
      await page.getByRole('heading', { level: 1, name: 'Customization' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Chat', exact: true }).waitFor();
      let reloaded = false;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) reloaded = true;
      });
      await page.getByRole('checkbox', { name: 'Chat', exact: true }).uncheck();
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Saved.', { exact: false }).waitFor();
      await nav.getByRole('link', { name: 'Chat', exact: true }).waitFor({ state: 'detached' });
      await nav.getByRole('link', { name: 'Collections', exact: true }).waitFor();
      assert.equal(reloaded, false, 'no reload');
    } finally {
      await browser.close();
    }
  });
});
