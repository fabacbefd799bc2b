import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DEV_GRAPH_RESOURCE, DEV_LIBRARY_CLIENT_ID } from '../../server/src/idp/dev-identity-provider';
import { GraphDouble, jwtTokens, type GraphUser } from '../../server/src/testing/graph-double';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

interface SignInOutcome {
  status: number;
  body: { id?: string; kind?: string; account?: string; name?: string; message?: string };
  popupClosed: boolean;
}

/**
 * The Microsoft 365 sign-in popup in Chromium, against the system as a user starts it: the dev
 * identity provider is the authorization server, the Graph double stands in for Graph. The popup
 * goes to the provider, returns to the portal's /oauth/callback (no portal sign-in there, no
 * Cross-Origin-Opener-Policy that would cut `window.opener`), hands code and state to the page that
 * opened it and closes; the server completes the sign-in and Graph answers with the provider's token.
 */
describe('Microsoft 365 sign-in popup end to end', { timeout: 5 * 60_000 }, () => {
  let portal: RunningPortal;
  let double: GraphDouble;
  let verify: ((token: string) => Promise<GraphUser | null>) | undefined;

  before(async () => {
    double = await GraphDouble.start({ verifyToken: (token) => verify?.(token) ?? Promise.resolve(null) });
    const drive = double.addPersonalDrive();
    double.addFolder(drive.id, drive.rootId, 'Berichte');
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

  /** The bearer token the page sends to the API, read from one of its own requests. */
  async function pageToken(page: Page): Promise<string> {
    const request = page.waitForRequest((candidate) => candidate.url().includes('/api/') && Boolean(candidate.headers().authorization));
    await page.reload();
    return (await request).headers().authorization!.replace(/^Bearer /, '');
  }

  it('opens the popup on a click, signs in at the provider, and the popup hands the result back and closes', async () => {
    const { browser, page } = await signInToPortal(portal, '/collections/personal', 'employee', 'en-US');
    try {
      const token = await pageToken(page);
      // A button of the page's own whose click starts what the connect dialog's Microsoft 365
      // choice starts: the popup opened in the click's turn, then the two API calls around it.
      await page.evaluate((bearer) => {
        const button = document.createElement('button');
        button.id = 'connect-microsoft-e2e';
        button.textContent = 'Connect Microsoft 365';
        button.style.cssText = 'position:fixed;top:0;left:0;z-index:2147483647';
        button.addEventListener('click', () => {
          const popup = window.open('about:blank', 'assistant-oauth', 'popup,width=520,height=680');
          const headers = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
          (window as unknown as { signIn: Promise<unknown> }).signIn = (async () => {
            if (!popup) throw new Error('the popup was blocked');
            const authorize = await fetch('/api/libraries/microsoft/authorize', {
              method: 'POST',
              headers,
              body: JSON.stringify({ name: 'OneDrive', redirect_uri: `${location.origin}/oauth/callback` }),
            });
            const started = (await authorize.json()) as { authorize_url: string; state: string };
            popup.location.href = started.authorize_url;
            const params = await new Promise<Record<string, string>>((resolve) => {
              window.addEventListener('message', (event: MessageEvent<{ type?: string; params?: Record<string, string> }>) => {
                if (event.source === popup && event.origin === location.origin && event.data?.type === 'oauth-callback' && event.data.params?.state === started.state) {
                  resolve(event.data.params);
                }
              });
            });
            const complete = await fetch('/api/libraries/microsoft/complete', { method: 'POST', headers, body: JSON.stringify({ code: params.code, state: started.state }) });
            return { status: complete.status, body: await complete.json(), popupClosed: popup.closed };
          })();
        });
        document.body.append(button);
      }, token);

      const opened = page.waitForEvent('popup');
      await page.click('#connect-microsoft-e2e');
      const popup = await opened;
      // The provider knows the browser already (the portal's sign-in): straight back to the portal.
      const outcome = (await page.evaluate(() => (window as unknown as { signIn: Promise<unknown> }).signIn)) as SignInOutcome;
      if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 5_000 });
      assert.equal(outcome.status, 201, JSON.stringify(outcome.body));
      assert.equal(outcome.body.kind, 'microsoft');
      assert.equal(outcome.body.account, 'employee@contoso.example');
      assert.equal(outcome.popupClosed, true, 'the popup closed itself');

      const folders = await page.evaluate(
        async ({ bearer, id }) => (await (await fetch(`/api/libraries/${id}/folders`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as { folders: Array<{ path: string }> },
        { bearer: token, id: outcome.body.id! },
      );
      assert.deepEqual(folders.folders.map((folder) => folder.path), ['OneDrive']);
      assert.ok(double.graphCalls(/^\/me\/drive/).some((call) => call.status === 200), 'Graph accepted the token the provider issued');
    } finally {
      await browser.close();
    }
  });
});
