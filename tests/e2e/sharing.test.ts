import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { callApiAs } from './support/get-started';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

const AGENT = 'Reisekosten-Helfer';
const SHOTS = process.env.SHARING_SHOTS_DIR;

/** Screenshots only when asked for (SHARING_SHOTS_DIR): looked at when the screens change, not every run. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function assertNoSeriousViolations(page: Page) {
  const violations = await seriousAxeViolations(page);
  assert.equal(violations.length, 0, describeViolations(violations));
}

// Two colleagues in one department (employee and colleague, group finance) and a third outside it
// (outsider, sales), each in a browser of their own: the matrices of who reads what are server
// tests (shares-routes, collections, agents and apps sharing); conversation-sharing.test.ts shares a
// conversation. This is the share dialog with a group, the bell, and the lists' badges.
describe('sharing between colleagues end to end', { timeout: 10 * 60_000 }, () => {
  let portal: RunningPortal;
  before(async () => {
    portal = await startPortal();
  });
  after(async () => {
    await portal?.stop();
  });

  it('shares an agent with the department: the colleague is told on a phone and uses it, the outsider never sees it, a revoke takes it back', async () => {
    // Everyone signed in once (the directory knows people from their sign-in), and the employee has an agent.
    for (const user of ['colleague', 'outsider']) assert.equal((await callApiAs(portal, user, 'GET', 'shared-with-me')).status, 200);
    const created = await callApiAs(portal, 'employee', 'POST', 'agents', { name: AGENT, instructions: 'Beantworte Fragen zu Reisekosten.' });
    assert.equal(created.status, 201);
    const agent = (await created.json()) as { id: string };

    // The employee (German, desktop) shares the agent with the whole department.
    const employee = await signInToPortal(portal, '/agents', 'employee', 'de-DE');
    try {
      const page = employee.page;
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('button', { name: `${AGENT} teilen` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Personen oder Gruppen hinzufügen').fill('fin');
      await dialog.getByRole('button', { name: 'finance hinzufügen' }).click();
      await dialog.getByText('finance').first().waitFor();
      await shot(page, 'agent-dialog-desktop-de');
      await assertNoSeriousViolations(page);
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await dialog.waitFor({ state: 'detached' });
      // The list says with whom it is shared.
      await page.getByText(/Geteilt mit finance/).first().waitFor();
      await shot(page, 'agents-list-desktop-de');
    } finally {
      await employee.browser.close();
    }

    // Chris (English, phone): the bell says one new thing; its list names who shared it and how.
    const colleague = await signInToPortal(portal, '/chat', 'colleague', 'en-US');
    try {
      const page = colleague.page;
      await page.setViewportSize({ width: 390, height: 844 });
      const bell = page.getByRole('button', { name: 'Shared with you, 1 new' });
      await bell.waitFor({ timeout: 30_000 });
      await bell.click();
      const agentLink = page.getByRole('link', { name: new RegExp(AGENT) });
      await agentLink.waitFor();
      await page.getByText('Erika Employee', { exact: false }).first().waitFor();
      await shot(page, 'shared-with-you-phone-en');
      await assertNoSeriousViolations(page);
      await agentLink.click();
      await page.waitForURL((url) => url.pathname.startsWith('/agents'));
      await page.getByText(AGENT).first().waitFor();
      // Seen: the bell no longer counts it.
      await page.getByRole('button', { name: 'Shared with you' }).waitFor();
      await page.goto(`${portal.portalUrl}/agents`);
      await page.getByText('Shared by Erika Employee', { exact: false }).first().waitFor();
      await shot(page, 'agents-list-phone-en');
    } finally {
      await colleague.browser.close();
    }

    // Olivia (sales): nothing new, and the agent reaches her neither in the portal nor through the API.
    const outsider = await signInToPortal(portal, '/agents', 'outsider', 'en-US');
    try {
      const page = outsider.page;
      await page.getByRole('button', { name: 'Shared with you' }).waitFor();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      assert.equal(await page.getByText(AGENT).count(), 0, 'the agent is not in her list');
    } finally {
      await outsider.browser.close();
    }
    assert.equal((await callApiAs(portal, 'outsider', 'GET', `agents/${agent.id}`)).status, 404);

    // Revoked: Chris reads it no more.
    assert.equal((await callApiAs(portal, 'colleague', 'GET', `agents/${agent.id}`)).status, 200);
    assert.equal((await callApiAs(portal, 'employee', 'DELETE', `shares/agent/${agent.id}`)).status, 204);
    assert.equal((await callApiAs(portal, 'colleague', 'GET', `agents/${agent.id}`)).status, 404);
  });
});
