import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { CIRCULAR_DOCX, GROUNDING_FIXTURES_DIR, POLICY_PDF } from '../fixtures/documents/make-grounding-fixtures';
import { groundedAnswerRules } from '../fixtures/grounded-answer-script';
import { sideCallRules, startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

// Screenshots only when asked for: looked at when the screens change, not written every run.
const SHOTS = process.env.CONVERSATION_SHARING_SCREENSHOTS_DIR;
const QUESTION = 'Wie hoch ist die Reisekostenpauschale für Dienstreisen ins Ausland?';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

// Sharing a conversation in a real browser against the started system: an employee asks about two
// attached documents, waits for the sources, and shares the conversation with their department
// (finance) with the attachments (German, desktop); a colleague in finance reads the snapshot with
// its sources and marks and continues it in their own chat (English, desktop and phone; the German
// page is the jest tests'); an outsider in sales is told it is not shared with them.
describe('conversation sharing end to end', { timeout: 20 * 60_000 }, () => {
  let model: ScriptedModelServer;
  let portal: RunningPortal;
  before(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    model = await startScriptedModelServer({ models: ['scripted-model'], rules: [...groundedAnswerRules(), ...sideCallRules('Reisekostenpauschale')] });
    portal = await startPortal({ env: { OPENAI_BASE_URL: model.url } });
  });
  after(async () => {
    await portal?.stop();
    await model?.close();
  });

  const shot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  };
  const expectNoAxeViolations = async (page: Page, where: string) => {
    const violations = await seriousAxeViolations(page);
    assert.equal(violations.length, 0, `${where}: ${describeViolations(violations)}`);
  };

  it('is shared with finance as a snapshot with its sources, read and continued by a colleague, not by an outsider', async () => {
    let sharedPath: string;
    const owner = await signInToPortal(portal, '/chat', 'employee', 'de-DE');
    try {
      const page = owner.page;
      await page.setViewportSize(DESKTOP);
      await page.getByRole('textbox', { name: 'Ihre Nachricht' }).waitFor();
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Dateien anhängen' }).click();
      await (await chooser).setFiles([join(GROUNDING_FIXTURES_DIR, CIRCULAR_DOCX), join(GROUNDING_FIXTURES_DIR, POLICY_PDF)]);
      await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
      const chips = page.getByRole('list', { name: 'Anhänge' });
      for (const name of [CIRCULAR_DOCX, POLICY_PDF]) await chips.getByRole('listitem').filter({ hasText: name }).filter({ hasText: 'Bereit' }).waitFor({ timeout: 120_000 });
      await page.getByRole('textbox', { name: 'Ihre Nachricht' }).fill(QUESTION);
      await page.keyboard.press('Enter');
      const answer = page.getByRole('list', { name: 'Nachrichten' }).getByRole('article', { name: 'Antwort' });
      await answer.getByRole('region', { name: 'Belegend (1)' }).waitFor({ timeout: 120_000 });
      const conversationId = page.url().split('/').at(-1)!;
      sharedPath = `/chat/shared/${conversationId}`;

      // Share with the department, with the attachments.
      await page.getByRole('button', { name: /teilen$/ }).first().click();
      const dialog = page.getByRole('dialog', { name: /teilen/ });
      await dialog.getByRole('searchbox', { name: 'Personen oder Gruppen hinzufügen' }).fill('finance');
      await dialog.getByRole('button', { name: 'finance hinzufügen' }).click();
      await dialog.getByRole('checkbox', { name: /Anhänge mitteilen/ }).check();
      await shot(page, 'desktop-de-share-dialog');
      await expectNoAxeViolations(page, 'share dialog (de)');
      await dialog.getByRole('button', { name: 'Speichern' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await shot(page, 'desktop-de-owner');

      // The owner's phone: the conversation's top bar keeps Share.
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: /teilen$/ }).first().waitFor();
      await shot(page, 'phone-de-owner');
    } finally {
      await owner.browser.close();
    }

    const colleague = await signInToPortal(portal, sharedPath, 'colleague', 'en-US');
    try {
      const page = colleague.page;
      await page.setViewportSize(DESKTOP);
      await page.getByText(/^Shared by Erika Employee on /).waitFor({ timeout: 60_000 });
      const messages = page.getByRole('list', { name: 'Messages' });
      await messages.getByText(QUESTION).waitFor();
      await messages.getByRole('button', { name: `Download ${POLICY_PDF}` }).waitFor();
      const sources = messages.getByRole('region', { name: 'Sources' });
      assert.match(await sources.getByRole('region', { name: 'Supporting (1)' }).innerText(), new RegExp(POLICY_PDF.replace('.', '\\.')));
      assert.ok((await sources.locator('mark').count()) > 0, 'the marks');
      assert.equal(await page.getByRole('textbox', { name: 'Your message' }).count(), 0, 'read-only');
      await shot(page, 'desktop-en-shared');
      await sources.scrollIntoViewIfNeeded();
      await shot(page, 'desktop-en-shared-sources');
      await expectNoAxeViolations(page, 'shared conversation (en)');

      await page.setViewportSize(PHONE);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'phone-en-shared');

      await page.getByRole('button', { name: 'Continue in my own chat' }).click();
      await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
      await page.getByRole('textbox', { name: 'Your message' }).waitFor();
      await page.getByRole('list', { name: 'Messages' }).getByText(QUESTION).waitFor();
      await shot(page, 'phone-en-continued');
    } finally {
      await colleague.browser.close();
    }

    const outsider = await signInToPortal(portal, sharedPath, 'outsider', 'de-DE');
    try {
      const page = outsider.page;
      await page.setViewportSize(DESKTOP);
      await page.getByRole('heading', { name: 'Diese Unterhaltung ist nicht mit Ihnen geteilt' }).waitFor({ timeout: 60_000 });
      assert.equal(await page.getByText('Reisekostenpauschale').count(), 0, 'nothing of it');
      await shot(page, 'desktop-de-not-shared');
      await page.setViewportSize(PHONE);
      await shot(page, 'phone-de-not-shared');
    } finally {
      await outsider.browser.close();
    }
  });
});
