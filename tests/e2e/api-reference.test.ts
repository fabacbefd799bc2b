import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

/** Set to look at the screens (not an assertion); unset in CI, where nothing is written. */
const SCREENSHOTS = process.env.OPENAPI_SCREENSHOTS_DIR;
const PHONE = { width: 390, height: 844 };

// The API reference (/developer/api) as a signed-in employee finds it: from the user menu,
// rendered from the server's own OpenAPI document, on a phone (where an operation could push the
// page sideways) in an English browser. The page's texts in German and English, the search and
// the error codes of a small document are jest's (host/src/pages/developer-api); the document
// itself is the server's (openapi-routes.test.ts).
describe('API reference', { timeout: 20 * 60_000 }, () => {
  let portal: RunningPortal;
  before(async () => {
    portal = await startPortal();
  });
  after(async () => {
    await portal?.stop();
  });

  async function shot(page: Page, name: string) {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `api-reference-phone-en-${name}.png`) });
  }

  async function expectNoSidewaysScroll(page: Page, what: string) {
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
    assert.ok(scrollWidth <= clientWidth, `${what} scrolls sideways: ${scrollWidth} > ${clientWidth}`);
  }

  it('lists the operations of the server’s document from the user menu, opens one and finds one', async () => {
    const { browser, page } = await signInToPortal(portal, '/', 'employee', 'en-US');
    try {
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: /User menu/ }).click();
      await page.getByRole('menuitem', { name: 'API reference' }).click();
      await page.getByRole('heading', { level: 1, name: 'API reference' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'conversations' }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/developer/api');
      await shot(page, 'list');

      const operation = page.locator('details', { has: page.locator('summary', { hasText: '/api/conversations/{id}/messages' }) }).first();
      await operation.locator('summary').click();
      await operation.getByRole('heading', { name: 'Errors and their codes' }).waitFor();
      await operation.getByText('not_found').first().waitFor();
      await shot(page, 'operation');
      await expectNoSidewaysScroll(page, 'an opened operation');
      const violations = await seriousAxeViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));

      await page.getByRole('searchbox', { name: 'Search operations' }).fill('health');
      await page.getByRole('status').filter({ hasText: '1 operation' }).waitFor();
      await shot(page, 'search');
    } finally {
      await browser.close();
    }
  });
});
