import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { sideCallRules, startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { eventually } from './support/eventually';
import { markGetStartedDone } from './support/get-started';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

const FIRST_QUESTION = 'Wie reiche ich eine Reisekostenabrechnung ein?';
const SECOND_QUESTION = 'Und bis wann muss ich sie einreichen?';
const ANSWER = 'Laden Sie die Belege im Reiseportal hoch und reichen Sie die Abrechnung dort ein.';
/**
 * The budget of group finance, in tokens. The model server reports exact usage: the answer counts
 * 1,200, so the one answer uses the budget up (its side calls, intent and title, come after it and
 * are refused) and the next question is refused.
 */
const BUDGET = 1000;
const SIDE_CALL_USAGE = { prompt_tokens: 40, completion_tokens: 20 };
const ANSWER_USAGE = { prompt_tokens: 700, completion_tokens: 500 };

/** Monthly budgets start again at 00:00 UTC on the first of the next month: that day in words, as the platform writes days. */
function resetDay(locale: 'de-DE' | 'en-GB'): string {
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(next);
}

const SHOTS = process.env.GOVERNANCE_SCREENSHOTS_DIR;

/** Screenshots only when asked for (GOVERNANCE_SCREENSHOTS_DIR): looked at when the screens change, not every run. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  // The whole page, from its top: scrolled, the sticky header would be drawn in its middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function assertNoSeriousViolations(page: Page) {
  const violations = await seriousAxeViolations(page);
  assert.equal(violations.length, 0, describeViolations(violations));
}

// An administrator gives the finance group a small monthly budget, a member of finance runs into
// it in the chat (and rates the answer on the way), and the administrator sees all of it on the
// governance tabs. The budget arithmetic, concurrency and replicas are server tests
// (server/src/usage/__tests__); this is what the people see, in a real browser.
describe('governance end to end', { timeout: 10 * 60_000 }, () => {
  let model: ScriptedModelServer;
  let portal: RunningPortal;
  before(async () => {
    model = await startScriptedModelServer({
      models: ['scripted-model'],
      rules: [
        ...sideCallRules('Reisekosten').map((rule) => ({ ...rule, usage: SIDE_CALL_USAGE })),
        { match: FIRST_QUESTION, reply: ANSWER, usage: ANSWER_USAGE, delayMs: 20 },
        { match: SECOND_QUESTION, reply: 'Diese Antwort darf nie erscheinen.', usage: ANSWER_USAGE },
      ],
    });
    portal = await startPortal({ env: { OPENAI_BASE_URL: model.url } });
    // The portal knows a group from its members' sign-ins: the employee has signed in before.
    await markGetStartedDone(portal, 'employee');
  });
  after(async () => {
    await portal?.stop();
    await model?.close();
  });

  it('an administrator sets a budget for finance; a member rates an answer, runs into the budget and sees when it resets', async () => {
    // Adam (English, desktop) gives finance a monthly budget.
    const admin = await signInToPortal(portal, '/governance/budgets', 'admin', 'en-US');
    try {
      const page = admin.page;
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('heading', { level: 1, name: 'Governance' }).waitFor();
      await page.getByRole('link', { name: 'Budgets' }).and(page.locator('[aria-current="page"]')).waitFor();
      await page.getByLabel('Group', { exact: true }).selectOption({ label: 'finance' });
      await page.getByRole('button', { name: 'Add group' }).click();
      const limit = page.getByRole('textbox', { name: 'Monthly budget of finance (tokens)' });
      await limit.fill(String(BUDGET));
      await shot(page, 'budgets-desktop-en');
      await assertNoSeriousViolations(page);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('status').filter({ hasText: /^Saved\.$/ }).waitFor();
      await page.getByRole('region', { name: 'Notifications' }).getByText('The budgets were saved.').waitFor();
      // Saved on the server: a reload shows it again.
      await page.reload();
      await eventually(async () => /^1[,.]?000$/.test(await limit.inputValue().catch(() => '')), 'the budget of finance is there after a reload', 20_000);
    } finally {
      await admin.browser.close();
    }

    // Erika (finance, German, phone) asks, rates the answer, asks again and is refused.
    const employee = await signInToPortal(portal, '/chat', 'employee', 'de-DE');
    try {
      const page = employee.page;
      await page.setViewportSize({ width: 390, height: 844 });
      const composer = page.getByRole('textbox', { name: 'Ihre Nachricht' });
      const messages = page.getByRole('list', { name: 'Nachrichten' });
      await composer.fill(FIRST_QUESTION);
      await composer.press('Enter');
      await messages.getByText(ANSWER).waitFor({ timeout: 30_000 });

      // Thumbs up, with a reason.
      const answer = messages.getByRole('article').filter({ hasText: ANSWER });
      await answer.getByRole('group', { name: 'Antwort bewerten' }).getByRole('button', { name: 'Gute Antwort' }).click();
      const feedback = answer.getByRole('group', { name: 'Ihre Rückmeldung' });
      await feedback.getByRole('button', { name: 'Hilfreich' }).click();
      await feedback.getByRole('button', { name: 'Senden' }).click();
      await answer.getByRole('status').filter({ hasText: 'Danke für Ihre Rückmeldung.' }).waitFor();
      assert.equal(await answer.getByRole('button', { name: 'Gute Antwort' }).getAttribute('aria-pressed'), 'true');

      // The budget is used up: the next question is refused, saying when the budget starts again.
      await composer.fill(SECOND_QUESTION);
      await composer.press('Enter');
      const refusal = `Ihr monatliches Budget ist aufgebraucht. Ab dem ${resetDay('de-DE')} steht es wieder zur Verfügung.`;
      await messages.getByText(refusal).waitFor({ timeout: 30_000 });
      const refused = messages.getByRole('article').filter({ hasText: refusal });
      // Nothing to try again before the reset.
      for (const retry of ['Erneut versuchen', 'Antwort neu erzeugen']) {
        assert.equal(await refused.getByRole('button', { name: retry }).count(), 0, `the refused answer offers no "${retry}"`);
      }
      assert.equal(
        model.chatRequests().filter((request) => request.lastUserMessage === SECOND_QUESTION).length,
        0,
        'the refused question never reached the model',
      );
      await shot(page, 'chat-refused-phone-de');

      // Usage and data: the budget used up, and the day it resets.
      await page.goto(`${portal.portalUrl}/usage`);
      const meter = page.getByRole('progressbar', { name: 'Verbrauchtes Budget' });
      await meter.waitFor({ timeout: 20_000 });
      const figures = (await meter.getAttribute('aria-valuetext')) ?? '';
      const used = /^([\d.]+) Tokens von 1\.000 Tokens verbraucht \((\d+) %\)$/.exec(figures);
      assert.ok(used, `the budget's figures read "${figures}"`);
      assert.ok(Number(used[2]) >= 100, `${used[2]} % of the budget used`);
      await page.getByText(`Es wird am ${resetDay('de-DE')} erneuert.`).waitFor();
      await page.getByText('Ihr Budget ist aufgebraucht.', { exact: false }).waitFor();
      await page.getByText('Das Budget Ihrer Gruppe (bei mehreren Gruppen das größte).').waitFor();
      await shot(page, 'usage-phone-de');
      await assertNoSeriousViolations(page);
    } finally {
      await employee.browser.close();
    }
  });

  it('the administrator sees the usage, the budget change in the audit log, the rating, and a retention run', async () => {
    const admin = await signInToPortal(portal, '/governance/usage', 'admin', 'en-US');
    try {
      const page = admin.page;
      await page.setViewportSize({ width: 1280, height: 800 });
      const tab = (name: string) => page.getByRole('navigation', { name: 'Governance areas' }).getByRole('link', { name, exact: true });

      // Usage: the employee among the top users, chat the feature. The server writes usage in
      // batches every few seconds: reload until it is there.
      const topUsers = page.getByRole('table', { name: 'People with the most usage' });
      await eventually(
        async () => {
          await page.reload();
          return topUsers
            .getByRole('row', { name: /Erika Employee/ })
            .waitFor({ timeout: 5000 })
            .then(
              () => true,
              () => false,
            );
        },
        'Erika Employee is among the people with the most usage',
        45_000,
      );
      await page.getByRole('img', { name: /^By feature, .*most: Chat with/ }).waitFor();
      await shot(page, 'usage-desktop-en');
      await assertNoSeriousViolations(page);

      // Audit log: the budget change, by the administrator.
      await tab('Audit log').click();
      const records = page.getByRole('table', { name: 'Audit log records, newest first' });
      await records.getByRole('row').filter({ hasText: 'Budgets changed' }).filter({ hasText: 'Adam Admin' }).waitFor({ timeout: 20_000 });
      await shot(page, 'audit-desktop-en');
      await assertNoSeriousViolations(page);

      // Answer ratings: the one good answer, with its reason.
      await tab('Answer ratings').click();
      const totals = page.getByRole('region', { name: 'In the period' });
      await totals.waitFor({ timeout: 20_000 });
      const totalsText = (await totals.innerText()).replace(/\s+/g, ' ');
      assert.match(totalsText, /Good answers 100\s?%/);
      assert.match(totalsText, /Thumbs up 1 Thumbs down 0/);
      await page.getByText('Helpful', { exact: false }).first().waitFor();
      await shot(page, 'ratings-desktop-en');
      await assertNoSeriousViolations(page);

      // Retention: "Run now" gives a run that is listed as done.
      await tab('Retention').click();
      const runs = page.getByRole('list', { name: 'Latest retention runs' });
      await page.getByRole('button', { name: 'Run now' }).click();
      await runs.getByRole('listitem').filter({ hasText: 'Done' }).filter({ hasText: 'Started by' }).first().waitFor({ timeout: 30_000 });
      await shot(page, 'retention-desktop-en');
      await assertNoSeriousViolations(page);
    } finally {
      await admin.browser.close();
    }
  });

  it('in the dark theme, chosen in the user menu and kept over a reload, the main screens keep AA contrast', async () => {
    const admin = await signInToPortal(portal, '/chat', 'admin', 'de-DE');
    try {
      const page = admin.page;
      await page.setViewportSize({ width: 1280, height: 800 });
      const theme = () => page.evaluate(() => [document.documentElement.dataset.theme, getComputedStyle(document.documentElement).colorScheme]);
      await page.getByRole('button', { name: /^Benutzermenü von/ }).click();
      await page.getByRole('group', { name: 'Darstellung' }).getByRole('menuitemradio', { name: 'Dunkel' }).click();
      assert.deepEqual(await theme(), ['dark', 'dark']);

      // The chat with an answer (Markdown, code colours, the rating), then a dialog over it.
      const composer = page.getByRole('textbox', { name: 'Ihre Nachricht' });
      await composer.fill(FIRST_QUESTION);
      await composer.press('Enter');
      await page.getByRole('list', { name: 'Nachrichten' }).getByText(ANSWER).waitFor();
      await shot(page, 'dark-chat-desktop-de');
      await assertNoSeriousViolations(page);
      await page.getByRole('button', { name: /^„.+“ teilen$/ }).click();
      await page.getByRole('dialog').waitFor();
      await shot(page, 'dark-dialog-desktop-de');
      await assertNoSeriousViolations(page);
      await page.keyboard.press('Escape');

      // Remembered: after a reload the page is dark before the app runs (host/public/theme.js).
      await page.goto(`${portal.portalUrl}/translate`, { waitUntil: 'domcontentloaded' });
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
      await page.getByRole('heading', { level: 1, name: 'Übersetzen' }).waitFor();
      await assertNoSeriousViolations(page);

      await page.goto(`${portal.portalUrl}/collections/company`);
      await page.getByRole('heading', { level: 1, name: 'Sammlungen' }).waitFor();
      await assertNoSeriousViolations(page);

      // Governance: the usage charts take their colours from the dark tokens.
      await page.goto(`${portal.portalUrl}/governance/usage`);
      await page.getByRole('img', { name: /^Nach Funktion/ }).waitFor();
      await shot(page, 'dark-usage-desktop-de');
      await assertNoSeriousViolations(page);
      assert.deepEqual(await theme(), ['dark', 'dark']);
    } finally {
      await admin.browser.close();
    }
  });
});
