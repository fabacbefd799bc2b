import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { sideCallRules, startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { signOutFromUserMenu } from './support/get-started';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

/**
 * Sessions that survive, in a real browser against the started system with the dev
 * identity provider set to short lifetimes: access tokens live 75 s, so the platform renews 15 s
 * after each sign-in or renew (60 s before expiry), all through the test; the provider rotates
 * refresh tokens (a spent one is refused with invalid_grant) and its signing key every 20 s.
 *
 * One portal and one signed-in browser for all steps, in order: a renew during a streaming answer,
 * two pages renewing, the provider stopped during a renew and started again, key rotation.
 */

const ACCESS_TOKEN_TTL_SECONDS = 75;
const KEY_ROTATION_SECONDS = 20;
const STORY_QUESTION = 'Erzähl eine lange Geschichte';
const STORY_END = 'Ende der Geschichte.';
/** About 30 s of streaming: longer than the 15 s between two renews. */
const STORY = `${Array.from({ length: 200 }, (_, i) => `Wort${i}`).join(' ')} ${STORY_END}`;
let shortAnswers = 0;

interface TokenCall {
  at: number;
  grant: string | null;
  refreshToken: string | null;
  /** HTTP status, or 0 when the request failed (aborted: the provider was "stopped"). */
  status: number;
  body: string;
}

/** Every call of the browser to the token endpoint, from any page of the context. */
function recordTokenCalls(context: BrowserContext, tokenEndpoint: string): TokenCall[] {
  const calls: TokenCall[] = [];
  const base = (request: Request) => {
    const form = new URLSearchParams(request.postData() ?? '');
    return { at: Date.now(), grant: form.get('grant_type'), refreshToken: form.get('refresh_token') };
  };
  context.on('requestfinished', (request) => {
    if (request.url() !== tokenEndpoint || request.method() !== 'POST') return;
    const entry = base(request);
    void request.response().then(async (response) => {
      calls.push({ ...entry, status: response?.status() ?? 0, body: (await response?.text().catch(() => '')) ?? '' });
    });
  });
  context.on('requestfailed', (request) => {
    if (request.url() !== tokenEndpoint || request.method() !== 'POST') return;
    calls.push({ ...base(request), status: 0, body: request.failure()?.errorText ?? '' });
  });
  return calls;
}

const refreshes = (calls: TokenCall[]) => calls.filter((call) => call.grant === 'refresh_token');

/** What the token endpoint saw, for a failure message: seconds since the first call, grant, status. */
let describeCalls: () => string = () => '';

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.fail(`timed out after ${timeoutMs} ms waiting for: ${what}\ntoken calls:\n${describeCalls()}`);
}

/** The signed-in user the page holds (oidc-client-ts's entry in localStorage). */
async function storedUser(page: Page): Promise<{ access_token: string; refresh_token?: string; expires_at: number } | null> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i)!;
      if (key.startsWith('oidc.user:')) return JSON.parse(localStorage.getItem(key)!) as { access_token: string; expires_at: number };
    }
    return null;
  });
}

const kidOf = (jwt: string): string => (JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString()) as { kid: string }).kid;

async function ask(page: Page, text: string) {
  const composer = page.getByRole('textbox', { name: 'Ihre Nachricht' });
  await composer.fill(text);
  await composer.press('Enter');
}

/** A short question in `page`, answered in full. */
async function askShort(page: Page) {
  const n = ++shortAnswers;
  await ask(page, `Kurze Frage ${n}`);
  await page.getByRole('list', { name: 'Nachrichten' }).getByText(`Kurze Antwort ${n}.`).waitFor({ timeout: 20_000 });
}

/** The session-expired notice must not show while the token is still good. */
async function assertNoSessionNotice(page: Page) {
  assert.equal(await page.getByRole('alert').filter({ hasText: 'Sitzung ist abgelaufen' }).count(), 0, 'no session-expired notice');
}

describe('sessions that survive (short token lifetimes, refresh-token and key rotation)', { timeout: 15 * 60_000 }, () => {
  let model: ScriptedModelServer;
  let portal: RunningPortal;
  before(async () => {
    model = await startScriptedModelServer({
      models: ['scripted-model'],
      rules: [
        ...sideCallRules('Sitzungstest'),
        { match: STORY_QUESTION, reply: STORY, delayMs: 150 },
        { match: /^Kurze Frage (\d+)$/, reply: (question) => `Kurze Antwort ${question.replace(/\D+/g, '')}.` },
      ],
    });
    portal = await startPortal({
      env: {
        DEV_IDP: 'on',
        DEV_IDP_ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL_SECONDS),
        DEV_IDP_KEY_ROTATION_SECONDS: String(KEY_ROTATION_SECONDS),
        OPENAI_BASE_URL: model.url,
      },
    });
  });
  after(async () => {
    await close();
    await portal?.stop();
    await model?.close();
  });

  // The signed-in browser with its two pages, shared by the steps (they run in order).
  let close: () => Promise<void> = async () => undefined;
  let page: Page;
  let second: Page;
  let calls: TokenCall[];
  /** Moments worth seeing in a failure message (provider stopped, started; console warnings). */
  const marks: Array<{ at: number; mark: string }> = [];
  let discovery: { token_endpoint: string; jwks_uri: string; authorization_endpoint: string };
  let firstKid: string;

  before(async () => {
    discovery = (await (await fetch(`${portal.issuer}/.well-known/openid-configuration`)).json()) as typeof discovery;
    const signedIn = await signInToPortal(portal, '/chat', 'employee');
    close = () => signedIn.browser.close();
    page = signedIn.page;
    calls = recordTokenCalls(page.context(), discovery.token_endpoint);
    const t0 = Date.now();
    describeCalls = () =>
      [...calls, ...marks]
        .sort((a, b) => a.at - b.at)
        .map((c) => ('mark' in c ? `  ${((c.at - t0) / 1000).toFixed(1)} s: ${c.mark}` : `  ${((c.at - t0) / 1000).toFixed(1)} s: ${c.grant} ${c.refreshToken?.slice(0, 6) ?? ''} -> ${c.status} ${c.body.slice(0, 80)}`))
        .join('\n');
    page.context().on('console', (message) => {
      if (message.type() !== 'warning' && message.type() !== 'error') return;
      const which = message.page() === page ? 'page 1' : 'page 2';
      marks.push({ at: Date.now(), mark: `${which} console ${message.type()}: ${message.text().slice(0, 160)}` });
    });
    const firstUser = await storedUser(page);
    assert.ok(firstUser, 'signed in');
    firstKid = kidOf(firstUser.access_token);
    const lifetime = firstUser.expires_at - Math.floor(Date.now() / 1000);
    assert.ok(lifetime <= ACCESS_TOKEN_TTL_SECONDS && lifetime > 60, `the dev provider issued a short-lived token (${lifetime} s left)`);
    // A second page of the same browser: signed in through the shared localStorage.
    second = await page.context().newPage();
    await second.goto(`${portal.portalUrl}/chat`);
    await second.getByRole('textbox', { name: 'Ihre Nachricht' }).waitFor();
  });

  it('(a) renews while an answer streams, and the answer completes', async () => {
    await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
    const streamStart = Date.now();
    await ask(page, STORY_QUESTION);
    const messages = page.getByRole('list', { name: 'Nachrichten' });
    await messages.getByText('Wort5', { exact: false }).waitFor({ timeout: 20_000 });
    await messages.getByText(STORY_END, { exact: false }).waitFor({ timeout: 60_000 });
    const streamEnd = Date.now();
    const duringStream = refreshes(calls).filter((call) => call.at > streamStart && call.at < streamEnd);
    assert.ok(duringStream.length >= 1, `a renew happened while the answer streamed (${duringStream.length})`);
    assert.ok(duringStream.every((call) => call.status === 200), 'the renews during the stream succeeded');
    assert.equal(await messages.getByText('Angehalten').count(), 0, 'the answer was not stopped');
    assert.equal(await messages.getByText(/Die Antwort ist fehlgeschlagen/).count(), 0, 'the answer did not fail');
    const storyRequest = model.chatRequests().find((r) => r.lastUserMessage === STORY_QUESTION && r.stream);
    assert.equal(storyRequest?.aborted, false, 'the model request ran to its end');
  });

  it('(b) two pages renew once per cycle with refresh-token rotation: no spent refresh token, nobody signed out', async () => {
    assert.equal(await page.evaluate(() => typeof navigator.locks?.request), 'function', 'the browser offers the Web Locks API the renew uses');
    await until('two renews with both pages open', () => refreshes(calls).length >= 2, 40_000);
    const renewed = refreshes(calls);
    assert.deepEqual(
      renewed.filter((call) => call.status !== 200).map((call) => `${call.status} ${call.body}`),
      [],
      'every renew succeeded (no invalid_grant)',
    );
    assert.equal(new Set(renewed.map((call) => call.refreshToken)).size, renewed.length, 'no refresh token was presented twice');
    for (let i = 1; i < renewed.length; i += 1) {
      const gap = renewed[i]!.at - renewed[i - 1]!.at;
      assert.ok(gap > 8_000, `one renew per cycle for both pages (renews ${i - 1} and ${i} were ${gap} ms apart)`);
    }
    await askShort(second);
    assert.equal((await storedUser(second))?.access_token, (await storedUser(page))?.access_token, 'both pages hold the same, newest token');
  });

  it('(c) the provider stopped during a renew: the user keeps working, and a retry renews once it is back', async (t) => {
    // Stopped right after a renew, so the next renew (15 s later) and its retries fail while the
    // access token still has a minute to live.
    const context = page.context();
    const renewsSoFar = refreshes(calls).length;
    await until('the next renew', () => refreshes(calls).length > renewsSoFar, 25_000);
    await context.route(discovery.token_endpoint, (route) => route.abort('connectionrefused'));
    const stoppedAt = Date.now();
    marks.push({ at: stoppedAt, mark: 'provider stopped' });
    await until(
      'the renew and a retry failing while the provider is stopped',
      () => refreshes(calls).filter((c) => c.at > stoppedAt && c.status === 0).length >= 2,
      40_000,
    );
    await askShort(page);
    await askShort(second);
    await assertNoSessionNotice(page);
    await context.unroute(discovery.token_endpoint);
    const startedAt = Date.now();
    marks.push({ at: startedAt, mark: 'provider started' });
    await until('a renew after the provider started again', () => refreshes(calls).some((c) => c.at > startedAt && c.status === 200), 30_000);
    assert.deepEqual(
      refreshes(calls).filter((call) => call.status >= 400).map((call) => `${call.status} ${call.body}`),
      [],
      'no refusal by the provider (no invalid_grant) at any time',
    );
    await askShort(page);
    await assertNoSessionNotice(page);
    await assertNoSessionNotice(second);
    t.diagnostic(`token calls so far:\n${describeCalls()}`);
  });

  it('(d) the provider rotated its signing key while the user worked: the API accepts the new key', async () => {
    // The token now in use is signed with a newer key than the one at sign-in; the older keys are
    // still published.
    const keys = (await (await fetch(discovery.jwks_uri)).json()) as { keys: Array<{ kid: string }> };
    const current = await storedUser(page);
    assert.ok(current, 'still signed in');
    assert.notEqual(kidOf(current.access_token), firstKid, 'the provider rotated its signing key while the user worked');
    assert.ok(keys.keys.length >= 2, 'the provider still publishes the older keys');
    assert.ok(keys.keys.some((key) => key.kid === kidOf(current.access_token)), 'the current token names a published key');
    const status = await page.evaluate(
      (token) => fetch('/api/conversations', { headers: { Authorization: `Bearer ${token}` } }).then((response) => response.status),
      current.access_token,
    );
    assert.equal(status, 200, 'the API accepts a token signed with the new key');
    await askShort(second);
    // Nobody was signed out: both pages are still in the portal with a user.
    for (const p of [page, second]) {
      assert.equal(new URL(p.url()).origin, portal.portalUrl, 'still in the portal');
      assert.ok(await storedUser(p), 'still signed in');
    }
  });

  it('(e) signing out is not raced by a sign-in: the page ends on "signed out"', async () => {
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await signOutFromUserMenu(page, 'Abmelden');
    // With keys rotating every 20 s the provider may no longer hold the key of the ID token sent as
    // hint; it then asks the user to confirm the sign-out on its own page, as a person would.
    const signedOut = page.getByRole('heading', { level: 1, name: 'Abgemeldet' });
    const confirm = page.locator('button[name="logout"]');
    await signedOut.or(confirm).first().waitFor({ timeout: 30_000 });
    if (await confirm.isVisible()) await confirm.click();
    await signedOut.waitFor({ timeout: 30_000 });
    assert.ok(
      !visited.some((url) => url.startsWith(discovery.authorization_endpoint)),
      `no sign-in started during the sign-out: ${visited.join(' -> ')}`,
    );
    assert.equal(await storedUser(page), null, 'signed out in this browser');
  });
});
