import { launchBrowser, signInOnProviderPage } from './browser';
import type { RunningPortal } from './start-portal';

/**
 * A fresh browser that opened `path` of the portal, was sent to the identity provider, signed in
 * as `username` (the demo accounts' password is the username) and came back; the privacy notice
 * shown once per user is acknowledged. The caller closes the browser.
 */
export async function signInToPortal(portal: RunningPortal, path: string, username: string, locale = 'de-DE') {
  const browser = await launchBrowser({ locale });
  const page = await browser.context.newPage();
  await page.goto(`${portal.portalUrl}${path}`);
  await page.waitForURL((url) => url.origin === portal.issuer);
  await signInOnProviderPage(page, username, username);
  await page.waitForURL((url) => url.origin === portal.portalUrl && !url.pathname.startsWith('/callback'));
  const notice = page.getByRole('dialog');
  await notice.getByRole('button', { name: locale.startsWith('en') ? 'Got it' : 'Verstanden' }).click();
  await notice.waitFor({ state: 'detached' });
  return { browser, page };
}
