import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { eventually } from './support/eventually';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

const SHOTS = process.env.PROMPTS_SCREENSHOTS_DIR ?? '/tmp/shots-prompts';

const TITLE = 'Zahlungserinnerung';
const TEXT = 'Schreibe eine höfliche Zahlungserinnerung an {{name}} zur Rechnung {{rechnung}}.';

// The prompt library in a real browser against the started system: an employee writes a prompt on
// the prompt page and shares it with their department (finance) through the share dialog, then
// picks it with "/" in the chat's message box (German, desktop); a colleague in finance finds it
// shared by her, on a phone in English, to use but not change; an outsider in sales does not see it.
describe('prompt library end to end', { timeout: 15 * 60_000 }, () => {
  let model: ScriptedModelServer;
  let portal: RunningPortal;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    model = await startScriptedModelServer({ models: ['scripted-model'], rules: [] });
    portal = await startPortal({ env: { OPENAI_BASE_URL: model.url } });
  });
  after(async () => {
    await portal?.stop();
    await model?.close();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });
  const expectNoAxeViolations = async (page: Page, where: string) => {
    const violations = await seriousAxeViolations(page);
    assert.equal(violations.length, 0, `${where}: ${describeViolations(violations)}`);
  };
  /** Opens the "/" list in the chat's message box and waits for `title` in it. */
  async function openPicker(page: Page, composerName: string, listName: string, title: string) {
    const composer = page.getByRole('textbox', { name: composerName });
    await composer.click();
    await page.keyboard.type('/');
    const option = page.getByRole('listbox', { name: listName }).getByRole('option', { name: new RegExp(title) });
    await option.waitFor();
    return { composer, option };
  }

  it('is written, shared with finance and picked with "/" by its author, used by a colleague, unseen by an outsider', async () => {
    // The author: desktop, German.
    const author = await signInToPortal(portal, '/chat/prompts', 'employee', 'de-DE');
    try {
      const page = author.page;
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('heading', { name: 'Noch keine gespeicherten Prompts' }).waitFor();
      await shot(page, 'desktop-de-empty');
      await page.getByRole('button', { name: 'Neuer Prompt' }).first().click();
      const form = page.getByRole('dialog', { name: 'Neuer Prompt' });
      await form.getByRole('textbox', { name: 'Titel' }).fill(TITLE);
      await form.getByRole('textbox', { name: 'Prompt' }).fill(TEXT);
      await form.getByText('Platzhalter: {{name}}, {{rechnung}}').waitFor();
      await shot(page, 'desktop-de-form');
      await form.getByRole('button', { name: 'Speichern' }).click();
      await page.getByRole('heading', { level: 3, name: TITLE }).waitFor();

      // Shared with the department, to read and use.
      await page.getByRole('button', { name: `${TITLE} teilen` }).click();
      const share = page.getByRole('dialog', { name: `„${TITLE}“ teilen` });
      await share.getByRole('searchbox', { name: 'Personen oder Gruppen hinzufügen' }).fill('finance');
      await share.getByRole('button', { name: 'finance hinzufügen' }).click();
      await shot(page, 'desktop-de-share');
      await share.getByRole('button', { name: 'Speichern' }).click();
      await share.waitFor({ state: 'hidden' });
      await page.getByText('Geteilt mit finance').waitFor();
      await shot(page, 'desktop-de-page');
      await expectNoAxeViolations(page, 'prompt page (de)');

      // "/" in the chat's message box: the list, then the prompt with its first placeholder selected.
      await page.getByRole('link', { name: 'Zurück zum Chat' }).click();
      const { composer } = await openPicker(page, 'Ihre Nachricht', 'Gespeicherte Prompts', TITLE);
      await shot(page, 'desktop-de-picker');
      await expectNoAxeViolations(page, 'the "/" list (de)');
      await page.keyboard.press('Enter');
      assert.equal(await composer.inputValue(), TEXT);
      const selection = await composer.evaluate((field: HTMLTextAreaElement) => field.value.slice(field.selectionStart, field.selectionEnd));
      assert.equal(selection, '{{name}}');
      await page.keyboard.type('Frau Berger');
      await page.keyboard.press('Tab');
      assert.equal(await composer.evaluate((field: HTMLTextAreaElement) => field.value.slice(field.selectionStart, field.selectionEnd)), '{{rechnung}}');
      await page.getByText('Noch auszufüllen: {{rechnung}}. Tab markiert ihn.').waitFor();
      await shot(page, 'desktop-de-inserted');
    } finally {
      await author.browser.close();
    }

    // A colleague in finance: phone, English; shared by Erika, to use only.
    const colleague = await signInToPortal(portal, '/chat', 'colleague', 'en-US');
    try {
      const page = colleague.page;
      await page.setViewportSize({ width: 390, height: 844 });
      const { option } = await openPicker(page, 'Your message', 'Saved prompts', TITLE);
      assert.match((await option.textContent()) ?? '', /Shared by Erika Employee/);
      const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      assert.ok(fits, 'the list stays within the phone’s width');
      await shot(page, 'phone-en-picker');
      await expectNoAxeViolations(page, 'the "/" list (phone, en)');
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: 'Prompts' }).click();
      await page.getByRole('heading', { level: 3, name: TITLE }).waitFor();
      await page.getByText('Shared by Erika Employee').waitFor();
      assert.equal(await page.getByRole('button', { name: `Edit ${TITLE}` }).count(), 0);
      assert.equal(await page.getByRole('button', { name: `Delete ${TITLE}` }).count(), 0);
      await shot(page, 'phone-en-page');
      await expectNoAxeViolations(page, 'prompt page (phone, en)');
      // Use: the chat opens with the prompt in the message box.
      await page.getByRole('button', { name: `Use ${TITLE} in the chat` }).click();
      const composer = page.getByRole('textbox', { name: 'Your message' });
      await page.waitForFunction((text) => (document.querySelector('textarea') as HTMLTextAreaElement | null)?.value === text, TEXT);
      assert.equal(await composer.evaluate((field: HTMLTextAreaElement) => field.value.slice(field.selectionStart, field.selectionEnd)), '{{name}}');
      await shot(page, 'phone-en-used');
    } finally {
      await colleague.browser.close();
    }

    // The same screens the other way round: the author in English on a desktop, the colleague in German on a phone.
    const authorEn = await signInToPortal(portal, '/chat/prompts', 'employee', 'en-US');
    try {
      const page = authorEn.page;
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByText('Shared with finance').waitFor();
      await shot(page, 'desktop-en-page');
      await page.getByRole('link', { name: 'Back to the chat' }).click();
      await openPicker(page, 'Your message', 'Saved prompts', TITLE);
      await shot(page, 'desktop-en-picker');
    } finally {
      await authorEn.browser.close();
    }
    const colleagueDe = await signInToPortal(portal, '/chat/prompts', 'colleague', 'de-DE');
    try {
      const page = colleagueDe.page;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByText('Geteilt von Erika Employee').waitFor();
      await shot(page, 'phone-de-page');
      await page.getByRole('link', { name: 'Zurück zum Chat' }).click();
      await openPicker(page, 'Ihre Nachricht', 'Gespeicherte Prompts', TITLE);
      await shot(page, 'phone-de-picker');
    } finally {
      await colleagueDe.browser.close();
    }

    // An outsider in sales: nothing.
    const outsider = await signInToPortal(portal, '/chat/prompts', 'outsider', 'en-US');
    try {
      await outsider.page.getByRole('heading', { name: 'No saved prompts yet' }).waitFor();
      assert.equal(await outsider.page.getByText(TITLE).count(), 0);
    } finally {
      await outsider.browser.close();
    }
  });

  // Projects (docs/projects.md) live beside the prompt library in the chat: a project made from the
  // side list, its instructions saved on its page, and a chat started in it whose question reaches
  // the model with them.
  it('gives a project\'s instructions to the model in a chat started in the project', async () => {
    const projectShots = process.env.PROJECTS_SCREENSHOTS_DIR;
    const { browser, page } = await signInToPortal(portal, '/chat', 'employee', 'de-DE');
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('button', { name: 'Neues Projekt' }).click();
      const dialog = page.getByRole('dialog', { name: 'Neues Projekt' });
      await dialog.getByRole('textbox', { name: 'Name des Projekts' }).fill('Reise nach Lissabon');
      await dialog.getByRole('button', { name: 'Projekt anlegen' }).click();
      await page.getByRole('heading', { level: 1, name: 'Reise nach Lissabon' }).waitFor();
      await page.getByRole('textbox', { name: 'Anweisungen des Projekts' }).fill('Nenne in jeder Antwort die Kostenstelle 4711.');
      await page.getByRole('button', { name: 'Anweisungen speichern' }).click();
      await page.getByText('Die Anweisungen wurden gespeichert.').waitFor();
      await expectNoAxeViolations(page, 'project page');

      await page.getByRole('link', { name: 'Neuer Chat in diesem Projekt' }).click();
      const composer = page.getByRole('textbox', { name: 'Ihre Nachricht' });
      await composer.fill('Welche Hotels gibt es in der Alfama?');
      await composer.press('Enter');
      await page.waitForURL((url) => /\/chat\/[0-9a-f-]{36}$/.test(url.pathname));
      const asked = () => model.chatRequests().find((request) => request.stream && request.lastUserMessage === 'Welche Hotels gibt es in der Alfama?');
      await eventually(() => asked() !== undefined, 'the question reached the model', 30_000);
      assert.match(asked()!.systemMessage ?? '', /<project_instructions>\nNenne in jeder Antwort die Kostenstelle 4711\.\n<\/project_instructions>/);

      // The chat is the project's: the top bar names it, and its page lists the chat.
      await page.getByRole('region', { name: 'Geöffnete Unterhaltung' }).getByRole('link', { name: 'Reise nach Lissabon' }).click();
      await page.getByRole('region', { name: 'Chats in diesem Projekt' }).getByRole('list').getByRole('link').first().waitFor();
      if (projectShots) {
        await projectScreenshots(page, projectShots, 'de');
        // The same page in English, in a browser whose language is English.
        const english = await signInToPortal(portal, new URL(page.url()).pathname, 'employee', 'en-US');
        try {
          await projectScreenshots(english.page, projectShots, 'en');
        } finally {
          await english.browser.close();
        }
      }
    } finally {
      await browser.close();
    }
  });
});

/** The project page and the side list at desktop and phone size (PROJECTS_SCREENSHOTS_DIR). */
async function projectScreenshots(page: Page, dir: string, language: 'de' | 'en') {
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.locator('.project-page h1').waitFor();
  await page.screenshot({ path: join(dir, `project-page-1280-${language}.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(dir, `project-page-390-${language}.png`), fullPage: true });
  // The side list on a phone: the shell's drawer.
  const menu = page.locator('header button[aria-expanded]').first();
  if ((await menu.count()) > 0) {
    await menu.click();
    await page.locator('.chat-projects').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(dir, `side-list-390-${language}.png`) });
    await page.keyboard.press('Escape');
  }
}
