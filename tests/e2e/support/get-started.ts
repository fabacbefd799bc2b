import { portalRuntimeConfigSchema } from '@assistant/contracts';
import type { Page } from 'playwright-core';
import { signInWithPkce } from '../../support/pkce-sign-in';
import type { RunningPortal } from './start-portal';

/**
 * One API call as `username` (the demo accounts' password is the username), with a token from a
 * browser-less sign-in to the portal's own client.
 */
export async function callApiAs(portal: RunningPortal, username: string, method: string, path: string, body?: unknown): Promise<Response> {
  const config = portalRuntimeConfigSchema.parse(await (await fetch(`${portal.portalUrl}/portal-config.json`)).json());
  const tokens = await signInWithPkce({
    issuer: portal.issuer,
    clientId: config.oidc.clientId,
    redirectUri: `${portal.portalUrl}/callback`,
    username,
    password: username,
    origin: portal.portalUrl,
  });
  return fetch(`${portal.apiUrl}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${tokens.access_token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/**
 * Records for `username` that they have been through the guided start (PUT /api/me/onboarding
 * with a token of their own), so that a suite about something else finds the portal as a
 * returning user does: no guided start and, since it includes the privacy notice, no notice
 * either. The guided start itself is get-started.test.ts's.
 */
export async function markGetStartedDone(portal: RunningPortal, username: string): Promise<void> {
  const response = await callApiAs(portal, username, 'PUT', 'me/onboarding', { status: 'completed' });
  if (!response.ok) throw new Error(`marking the guided start done for ${username}: ${response.status} ${await response.text()}`);
}

/** Signs out as a person does: the user menu in the header, then its sign-out item. */
export async function signOutFromUserMenu(page: Page, signOutLabel: string): Promise<void> {
  await page.getByRole('button', { name: /^(Benutzermenü von|User menu of) / }).click();
  await page.getByRole('menuitem', { name: signOutLabel }).click();
}
