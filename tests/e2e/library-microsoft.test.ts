import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DEV_GRAPH_RESOURCE, DEV_LIBRARY_CLIENT_ID } from '../../server/src/idp/dev-identity-provider';
import { GraphDouble, jwtTokens, type GraphUser } from '../../server/src/testing/graph-double';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

/** Where the screenshot goes to be looked at (not an assertion). */
const SCREENS = process.env.SCREENS_DIR ?? '/work/screens/microsoft';

/**
 * The Microsoft 365 sign-in popup in Chromium, against the system as a user starts it: the dev
 * identity provider is the authorization server, the Graph double stands in for Graph. The popup
 * goes to the provider, returns to the portal's /oauth/callback (no portal sign-in there, no
 * Cross-Origin-Opener-Policy that would cut `window.opener`), hands code and state to the page that
 * opened it and closes; the server completes the sign-in and Graph answers with the provider's token.
 * Then a folder is bound and its file synced through Graph's delta and /content.
 */
describe('Microsoft 365 sign-in popup end to end', { timeout: 5 * 60_000 }, () => {
  let portal: RunningPortal;
  let double: GraphDouble;
  let verify: ((token: string) => Promise<GraphUser | null>) | undefined;

  before(async () => {
    double = await GraphDouble.start({ verifyToken: (token) => verify?.(token) ?? Promise.resolve(null) });
    const drive = double.addPersonalDrive();
    const reports = double.addFolder(drive.id, drive.rootId, 'Berichte');
    double.addFile(drive.id, reports, 'Quartalsbericht.txt', 'Der Umsatz im dritten Quartal stieg um zwölf Prozent.', 'text/plain');
    portal = await startPortal({
      env: ({ issuer }) => ({
        MICROSOFT_CLIENT_ID: DEV_LIBRARY_CLIENT_ID,
        MICROSOFT_AUTHORITY: issuer,
        MICROSOFT_GRAPH_URL: double.url,
        LIBRARY_ALLOWED_HOSTS: '127.0.0.1,localhost',
      }),
    });
    verify = jwtTokens(portal.issuer, DEV_GRAPH_RESOURCE);
  });
  after(async () => {
    await portal?.stop();
    await double?.close();
  });

  it('connects Microsoft 365 from the collections screen: popup to the provider, back, closed; the folders from Graph; a folder synced', async () => {
    const { browser, page } = await signInToPortal(portal, '/collections/personal', 'employee', 'en-US');
    try {
      await page.getByRole('button', { name: 'Connect a document library' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Connect a document library' });
      await dialog.getByRole('radio', { name: /Microsoft 365/ }).check();
      await dialog.getByLabel('Name').fill('Work files');
      const opened = page.waitForEvent('popup');
      await dialog.getByRole('button', { name: 'Sign in with Microsoft' }).click();
      const popup = await opened;
      // The provider knows the browser already (the portal's own sign-in): straight back to the
      // portal's /oauth/callback, which hands the code to this page and closes.
      const choose = page.getByRole('dialog', { name: 'Choose folders from Work files' });
      await choose.waitFor({ timeout: 30_000 });
      if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 5_000 });
      assert.ok(popup.isClosed(), 'the popup closed itself');
      // The folders come from Graph with the stored token: OneDrive at the root, its folders inside.
      await choose.getByRole('checkbox', { name: 'OneDrive' }).waitFor();
      await choose.getByRole('button', { name: 'Open folder OneDrive' }).click();
      await choose.getByRole('checkbox', { name: 'Berichte' }).waitFor();
      mkdirSync(SCREENS, { recursive: true });
      await page.screenshot({ path: join(SCREENS, 'choose-folders-after-sign-in.png') });

      // Synced: the file comes through Graph's delta and /content into a new collection.
      await choose.getByRole('checkbox', { name: 'Berichte' }).check();
      await choose.getByLabel('Name of the new collection').fill('Berichte aus Microsoft 365');
      await choose.getByRole('button', { name: 'Start syncing' }).click();
      try {
        await page.getByText(/1 of 1 file\b/).first().waitFor({ timeout: 60_000 });
        await page.getByText('Up to date').first().waitFor({ timeout: 60_000 });
      } catch (error) {
        await page.screenshot({ path: join(SCREENS, 'sync-not-done.png') });
        const graph = double.requests.map((request) => `${request.status} ${request.url.slice(0, 120)}`).join('\n');
        throw new Error(`the sync did not finish: ${String(error)}\nGraph saw:\n${graph}\nserver:\n${portal.output().slice(-3000)}`, { cause: error });
      }
      await page.screenshot({ path: join(SCREENS, 'synced-folder.png') });
      const download = double.requests.find((request) => request.url.startsWith('/download/'));
      assert.equal(download?.status, 200);
      assert.equal(download?.authorization, undefined, 'the bearer token stayed with Graph');
      assert.ok(double.graphCalls(/\/root\/delta$/).length > 0, 'the scan was a delta query');

      const calls = double.graphCalls(/^\/me/);
      assert.ok(calls.some((call) => call.status === 200 && call.authorization?.startsWith('Bearer eyJ')), 'Graph accepted the token the provider issued');
      assert.ok(!calls.some((call) => call.status === 401), 'no token was refused');
    } finally {
      await browser.close();
    }
  });
});
