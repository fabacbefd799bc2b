import { launchBrowser, signInOnProviderPage } from './browser';
import { markGetStartedDone } from './get-started';
import type { RunningPortal } from './start-portal';

/**
 * A fresh browser that opened `path` of the portal, was sent to the identity provider, signed in
 * as `username` (the demo accounts' password is the username) and came back, as a returning
 * user: the guided start, which includes the privacy notice, is recorded as done for them
 * beforehand (support/get-started.ts), so no dialog stands in the way. `browserOptions`: more
 * Chromium flags (a fake microphone), or a browser of its own (support/browser.ts). The caller
 * closes the browser.
 */
export async function signInToPortal(portal: RunningPortal, path: string, username: string, locale = 'de-DE', browserOptions: { args?: readonly string[]; ownBrowser?: boolean } = {}) {
  await markGetStartedDone(portal, username);
  const browser = await launchBrowser({ locale, ...browserOptions });
  const page = await browser.context.newPage();
  await page.goto(`${portal.portalUrl}${path}`);
  await page.waitForURL((url) => url.origin === portal.issuer);
  await signInOnProviderPage(page, username, username);
  await page.waitForURL((url) => url.origin === portal.portalUrl && !url.pathname.startsWith('/callback'));
  return { browser, page };
}
