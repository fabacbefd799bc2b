import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { startAnalyticsCollector, type AnalyticsCollector, type AnalyticsEvent } from '../fixtures/analytics-collector';
import { launchBrowser, signInOnProviderPage } from './support/browser';
import { markGetStartedDone, signOutFromUserMenu } from './support/get-started';
import { startPortal, type RunningPortal } from './support/start-portal';

const SALT = 'e2e-salt-7f3a';
const API_KEY = 'phc_e2e_analytics_key';
/** Typed into the feedback form's message box: must never reach the collector in clear. */
const TYPED = 'Vertraulich Quokka 4711 Zebrafink';
/** Page text of the signed-in user (the header's "Angemeldet als Erika Employee"). */
const PAGE_TEXT = 'Erika Employee';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const distinctIdOf = (sub: string) => sha256(`${SALT}:${sub}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Chromium as a person runs it: posthog-js drops every event of a browser that looks automated
 * (`HeadlessChrome` in the user agent or its brands, `navigator.webdriver`), by design. The page
 * sees an ordinary Chrome; the portal and posthog-js are not changed for the test.
 */
async function launchOrdinaryBrowser(options: { doNotTrack?: boolean } = {}) {
  const browser = await launchBrowser(options);
  // As source text: a function would be compiled by tsx with helpers the page does not have.
  await browser.context.addInitScript(`{
    const userAgent = navigator.userAgent.replace('HeadlessChrome', 'Chrome');
    Object.defineProperty(Navigator.prototype, 'userAgent', { get: () => userAgent, configurable: true });
    Object.defineProperty(Navigator.prototype, 'userAgentData', { get: () => undefined, configurable: true });
    Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false, configurable: true });
  }`);
  return browser;
}

/** What the portal showed on the identity provider's page and back, as a returning user (support/get-started.ts). */
async function signIn(page: Page, portal: RunningPortal, username: string) {
  await markGetStartedDone(portal, username);
  await page.waitForURL((url) => url.origin === portal.issuer);
  await signInOnProviderPage(page, username, username);
  await page.waitForURL((url) => url.origin === portal.portalUrl && !url.pathname.startsWith('/callback'));
}

/** Uses a page as a person does: types into the feedback form and moves between pages. */
async function useFeedbackPage(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const message = page.getByLabel('Ihre Meldung');
  await message.click();
  await message.pressSequentially(TYPED, { delay: 5 });
  await page.getByText(PAGE_TEXT).first().waitFor();
}

/** Everything the collector decoded, recordings expanded: where a leak would show. */
function everything(collector: AnalyticsCollector): string {
  return [...collector.calls().map((call) => `${call.method} ${call.path}?${call.query} ${call.decodedText}`), JSON.stringify(collector.snapshots())].join('\n');
}

/** What reached the collector, one line a request: for the message of a failed wait. */
function summary(collector: AnalyticsCollector): string {
  return collector.requests
    .map((call) => `${call.method} ${call.path}?${call.query} ${call.events.map((event) => event.event).join(',') || call.decodedText.slice(0, 200)}`)
    .join('\n');
}

/** Waits for the collector to have seen something; on a timeout says what it did see. */
async function waitAt(collector: AnalyticsCollector, what: string, predicate: () => boolean, log: string[] = []) {
  try {
    await collector.waitFor(predicate, 60_000);
  } catch {
    throw new Error(`the collector did not see ${what} within 60 s. It saw:\n${summary(collector)}\nBrowser console:\n${log.slice(-30).join('\n')}`);
  }
}

const identifies = (collector: AnalyticsCollector, distinctId: string) =>
  collector.events().filter((event) => event.event === '$identify' && event.properties.distinct_id === distinctId);

const pageviewsOf = (events: AnalyticsEvent[], path: string) =>
  events.filter((event) => event.event === '$pageview' && typeof event.properties.$current_url === 'string' && new URL(event.properties.$current_url).pathname === path);

/** rrweb's serialized nodes (full snapshots and mutation adds) and input events, flattened. */
function recordedTexts(snapshots: unknown[]): { texts: string[]; inputs: string[]; fullSnapshots: number } {
  const texts: string[] = [];
  const inputs: string[] = [];
  let fullSnapshots = 0;
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const serialized = node as { type?: number; textContent?: unknown; childNodes?: unknown[]; attributes?: Record<string, unknown> };
    if (serialized.type === 3 && typeof serialized.textContent === 'string' && serialized.textContent.trim()) texts.push(serialized.textContent);
    if (typeof serialized.attributes?.value === 'string') inputs.push(serialized.attributes.value);
    serialized.childNodes?.forEach(walk);
  };
  for (const event of snapshots as { type?: number; data?: Record<string, unknown> }[]) {
    if (event.type === 2) {
      fullSnapshots += 1;
      walk(event.data?.node);
    }
    if (event.type === 3 && event.data) {
      if (event.data.source === 5 && typeof event.data.text === 'string') inputs.push(event.data.text);
      if (event.data.source === 0) {
        for (const add of (event.data.adds as { node?: unknown }[] | undefined) ?? []) walk(add.node);
        for (const text of (event.data.texts as { value?: unknown }[] | undefined) ?? []) if (typeof text.value === 'string') texts.push(text.value);
      }
    }
  }
  return { texts, inputs, fullSnapshots };
}

// posthog-js in a real browser against a local collector (tests/fixtures/analytics-collector.ts):
// nothing at all with do-not-track; otherwise events, a masked recording and the salted hash of
// the user id, sent once per change of user.
describe('analytics payloads at a local collector with DNT on and off', { timeout: 15 * 60_000 }, () => {
  let collector: AnalyticsCollector;
  let portal: RunningPortal;
  before(async () => {
    // The collector's project settings ask for no masking at all: the portal's own settings win.
    collector = await startAnalyticsCollector({ remoteMasking: { maskAllInputs: false, maskTextSelector: null, maskAllElementAttributes: false } });
    portal = await startPortal({
      // DEV_IDP: the development identity provider starts only when asked for.
      env: { DEV_IDP: 'on', ANALYTICS_COLLECTOR_URL: collector.url, ANALYTICS_API_KEY: API_KEY, ANALYTICS_SALT: SALT },
    });
  });
  after(async () => {
    await portal?.stop();
    await collector?.close();
  });

  it('sends nothing at all when the browser asks not to be tracked', async () => {
    const config = (await (await fetch(`${portal.portalUrl}/portal-config.json`)).json()) as { analytics?: { collectorUrl?: string } };
    assert.equal(config.analytics?.collectorUrl, collector.url, 'analytics is configured');
    const browser = await launchOrdinaryBrowser({ doNotTrack: true });
    try {
      const page = await browser.context.newPage();
      await page.goto(`${portal.portalUrl}/accessibility`);
      await signIn(page, portal, 'employee');
      assert.equal(await page.evaluate(() => navigator.doNotTrack), '1');
      await useFeedbackPage(page);
      await page.reload();
      await page.getByLabel('Ihre Meldung').waitFor();
      await page.goto(`${portal.portalUrl}/translate`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Longer than posthog-js's batch flush (3 s) and its recording flush.
      await sleep(5_000);
      assert.equal(await page.evaluate(() => 'posthog' in window || '__PosthogExtensions__' in window), false, 'posthog-js was not even loaded');
    } finally {
      await browser.close();
    }
    assert.deepEqual(
      collector.requests.map((request) => `${request.method} ${request.path}`),
      [],
      'not a single request reached the collector (no config, no flags, no events)',
    );
  });

  it('sends events, a masked recording and the salted hash once per user', async () => {
    const employee = distinctIdOf('employee');
    const colleague = distinctIdOf('colleague');
    const browser = await launchOrdinaryBrowser();
    const violations: string[] = [];
    try {
      const page = await browser.context.newPage();
      const log: string[] = [];
      page.on('console', (message) => {
        log.push(`${message.type()}: ${message.text()}`);
        if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) violations.push(message.text());
      });
      await page.goto(`${portal.portalUrl}/accessibility`);
      await signIn(page, portal, 'employee');
      assert.equal(await page.evaluate(() => navigator.doNotTrack), null);
      assert.equal(await page.evaluate(() => navigator.webdriver), false);
      await useFeedbackPage(page);

      // Identified by the salted hash, and a recording with the typed text in it (masked).
      await waitAt(collector, "the employee's $identify", () => identifies(collector, employee).length > 0, log);
      await waitAt(collector, 'the typed text in the recording', () => recordedTexts(collector.snapshots()).inputs.some((value) => value.length >= TYPED.length), log);

      // A reload and a navigation: the same user, so no second $identify.
      await page.reload();
      await page.getByLabel('Ihre Meldung').waitFor();
      await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Übersetzen' }).click();
      await page.waitForURL((url) => url.pathname === '/translate');
      await waitAt(collector, 'a page view of /translate', () => pageviewsOf(collector.events(), '/translate').length > 0, log);
      await waitAt(collector, 'two page views of /accessibility', () => pageviewsOf(collector.events(), '/accessibility').length >= 2, log);
      assert.equal(identifies(collector, employee).length, 1, 'one $identify for the employee despite the reload and the navigation');

      // Sign out, sign in as someone else: identified once more, with the new user's hash.
      await signOutFromUserMenu(page, 'Abmelden');
      await page.getByRole('heading', { level: 1, name: 'Abgemeldet' }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Erneut anmelden' }).click();
      await signIn(page, portal, 'colleague');
      await waitAt(collector, "the colleague's $identify", () => identifies(collector, colleague).length > 0, log);
      await page.reload();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await sleep(4_000);
      assert.equal(identifies(collector, colleague).length, 1, `one $identify for the colleague (uuids ${identifies(collector, colleague).map((event) => event.uuid).join(', ')}; resent: ${collector.resent().length})`);
      assert.equal(identifies(collector, employee).length, 1, 'the employee was not identified again');
      const [identified] = identifies(collector, colleague);
      assert.notEqual(identified!.properties.$anon_distinct_id, employee, "the colleague's session does not continue the employee's");
    } finally {
      await browser.close();
    }

    const events = collector.events();
    assert.ok(events.some((event) => event.event === '$pageview'), 'page views arrived');
    assert.ok(events.some((event) => event.event === '$snapshot'), 'recording snapshots arrived');
    for (const event of events) assert.equal(event.properties.token, API_KEY, `${event.event} carries the project key`);
    // Only the config was fetched from the collector: no script (the recorder is bundled).
    const gets = collector.calls().filter((call) => call.method === 'GET').map((call) => call.path);
    assert.ok(gets.every((path) => path === `/array/${API_KEY}/config`), `GET requests: ${gets.join(', ')}`);
    assert.deepEqual(violations, [], 'no Content-Security-Policy violations');

    // The recording: inputs and text masked, although the collector asked for no masking.
    const recorded = recordedTexts(collector.snapshots());
    assert.ok(recorded.fullSnapshots > 0, 'a full snapshot was recorded');
    assert.ok(recorded.texts.length > 10, 'text nodes were recorded');
    // rrweb never records a script's content (the page's inlined start-up data is one): it puts
    // this stand-in of its own there.
    const masked = (text: string) => /^[*\s]*$/.test(text) || text === 'SCRIPT_PLACEHOLDER';
    assert.ok(recorded.texts.every(masked), `all text masked: ${recorded.texts.filter((text) => !masked(text)).slice(0, 5).join(' | ')}`);
    assert.ok(recorded.inputs.includes('*'.repeat(TYPED.length)), 'the typed message was recorded as asterisks');
    assert.ok(recorded.inputs.every((value) => /^\**$/.test(value)), `all input values masked: ${recorded.inputs.filter((value) => !/^\**$/.test(value)).slice(0, 5).join(' | ')}`);

    // Nowhere in any payload: the typed text, the page's text, the raw user ids.
    const all = everything(collector);
    for (const secret of [TYPED, 'Quokka', PAGE_TEXT, 'Erika', 'Chris Colleague', 'employee@example.com']) {
      assert.ok(!all.includes(secret), `"${secret}" is not in any payload`);
    }
    for (const sub of ['employee', 'colleague']) {
      assert.ok(!new RegExp(`\\b${sub}\\b`).test(all), `the raw user id "${sub}" is not in any payload`);
    }
    assert.ok(all.includes(employee) && all.includes(colleague), 'the hashed ids are what identifies the users');
  });
});
