import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

const SHOTS = process.env.OPENAPI_SCREENSHOTS_DIR ?? '/tmp/shots-openapi';
const SIZES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;

const TEXTS = {
  de: { locale: 'de-DE', menu: /Benutzermenü/, link: 'API-Referenz', search: 'Aufrufe durchsuchen', errors: 'Fehler und ihre Codes', one: '1 Aufruf' },
  en: { locale: 'en-US', menu: /User menu/, link: 'API reference', search: 'Search operations', errors: 'Errors and their codes', one: '1 operation' },
} as const;

// The API reference (/developer/api) as a signed-in employee finds it: from the user menu, on a
// desktop and a phone, in German and English, rendered from the server's own OpenAPI document.
describe('API reference', { timeout: 20 * 60_000 }, () => {
  let portal: RunningPortal;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    portal = await startPortal();
  });
  after(async () => {
    await portal?.stop();
  });

  async function expectNoSidewaysScroll(page: Page, what: string) {
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
    assert.ok(scrollWidth <= clientWidth, `${what} scrolls sideways: ${scrollWidth} > ${clientWidth}`);
  }

  for (const language of ['de', 'en'] as const) {
    for (const [size, viewport] of SIZES) {
      it(`lists the operations from the user menu, opens one and finds one by its error code (${language}, ${size})`, async () => {
        const texts = TEXTS[language];
        const { browser, page } = await signInToPortal(portal, '/', 'employee', texts.locale);
        try {
          await page.setViewportSize(viewport);
          await page.getByRole('button', { name: texts.menu }).click();
          await page.getByRole('menuitem', { name: texts.link }).click();
          await page.getByRole('heading', { level: 1, name: texts.link }).waitFor();
          await page.getByRole('heading', { level: 2, name: 'conversations' }).waitFor();
          assert.equal(new URL(page.url()).pathname, '/developer/api');
          await page.screenshot({ path: join(SHOTS, `api-reference-${size}-${language}-list.png`) });

          const operation = page.locator('details', { has: page.locator('summary', { hasText: '/api/conversations/{id}/messages' }) }).first();
          await operation.locator('summary').click();
          await operation.getByRole('heading', { name: texts.errors }).waitFor();
          await operation.getByText('not_found').first().waitFor();
          await page.screenshot({ path: join(SHOTS, `api-reference-${size}-${language}-operation.png`) });
          await expectNoSidewaysScroll(page, 'an opened operation');
          const violations = await seriousAxeViolations(page);
          assert.equal(violations.length, 0, describeViolations(violations));

          await page.getByRole('searchbox', { name: texts.search }).fill('health');
          await page.getByRole('status').filter({ hasText: texts.one }).waitFor();
          await page.screenshot({ path: join(SHOTS, `api-reference-${size}-${language}-search.png`) });
        } finally {
          await browser.close();
        }
      });
    }
  }
});
