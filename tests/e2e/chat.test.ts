import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { launchBrowser, signInOnProviderPage } from './support/browser';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

const QUESTION = 'Erzähl mir von Lissabon';
const LONG_QUESTION = 'Schreib eine lange Geschichte';
let answers = 0;
const lisbon = () =>
  `## Lissabon\n\nLissabon ist die **Hauptstadt** Portugals (Fassung ${++answers}).\n\n| Viertel | Bekannt für |\n|---|---|\n| Alfama | Fado |\n| Belém | Pastéis |\n\nViel Spaß in der Stadt!`;
const STORY = Array.from({ length: 300 }, (_, i) => `Satz${i}.`).join(' ');

// Chat in a real browser against the started system (conversations kept by the server, the demo
// default) with the scripted OpenAI-compatible model server as the model (a test double: tests only).
describe('chat end to end', { timeout: 20 * 60_000 }, () => {
  let model: ScriptedModelServer;
  let portal: RunningPortal;
  before(async () => {
    model = await startScriptedModelServer({
      models: ['scripted-model'],
      rules: [
        { system: 'Classify the user', reply: '{"greeting":false,"chitchat":false,"question":true,"clarification":false,"unclear":false,"summary":false}' },
        { system: 'Write a short title', reply: 'Reise nach Lissabon' },
        { match: QUESTION, reply: lisbon, delayMs: 40 },
        { match: LONG_QUESTION, reply: STORY, delayMs: 100 },
      ],
    });
    portal = await startPortal({ env: { OPENAI_BASE_URL: model.url } });
  });
  after(async () => {
    await portal?.stop();
    await model?.close();
  });

  const signedIn = (path: string) => signInToPortal(portal, path, 'employee');

  async function ask(page: Page, text: string) {
    const composer = page.getByRole('textbox', { name: 'Ihre Nachricht' });
    await composer.fill(text);
    await composer.press('Enter');
  }

  it('asks, streams, regenerates, stops, renames, finds it again after a reload, and deletes', async () => {
    const { browser, page } = await signedIn('/chat');
    try {
      await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
      await page.getByRole('button', { name: 'Neue Unterhaltung' }).click();
      await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
      const conversationUrl = page.url();

      // Record what the page shows while the answer arrives.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { __seen: string[] }).__seen = seen;
        new MutationObserver(() => seen.push(document.body.innerText)).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await ask(page, QUESTION);
      const messages = page.getByRole('list', { name: 'Nachrichten' });
      const table = messages.getByRole('table');
      await table.getByRole('cell', { name: 'Alfama' }).waitFor();
      await messages.getByText('Viel Spaß in der Stadt!').waitFor();
      const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
      assert.ok(
        seen.some((text) => text.includes('Hauptstadt') && !text.includes('Viel Spaß')),
        'the answer appeared progressively, not all at once',
      );
      // Rendered as Markdown: a heading and bold text, not the raw marks.
      await messages.getByRole('heading', { name: 'Lissabon' }).waitFor();
      assert.equal(await messages.getByText('Hauptstadt', { exact: true }).evaluate((el) => el.tagName), 'STRONG');
      // The server named the conversation after the first exchange.
      const list = page.getByRole('complementary', { name: 'Unterhaltungen' });
      await list.getByRole('link', { name: 'Reise nach Lissabon' }).waitFor();

      const violations = await seriousAxeViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));

      // Regenerate: a second version of the answer; the switcher goes back to the first.
      await page.getByRole('button', { name: 'Antwort neu erzeugen' }).click();
      await messages.getByText('(Fassung 2)').waitFor();
      await messages.getByRole('group', { name: 'Version 2 von 2' }).first().waitFor();
      await page.getByRole('button', { name: 'Vorherige Version' }).first().click();
      await messages.getByText('(Fassung 1)').waitFor();
      await page.getByRole('button', { name: 'Nächste Version' }).first().click();
      await messages.getByText('(Fassung 2)').waitFor();

      // Stop a long answer midway: the model request is aborted, what arrived stays, marked stopped.
      await ask(page, LONG_QUESTION);
      await messages.getByText('Satz5.', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Antwort anhalten' }).click();
      await messages.getByText('Angehalten').first().waitFor();
      const storyRequest = () => model.chatRequests().find((r) => r.lastUserMessage === LONG_QUESTION && r.stream);
      for (let i = 0; i < 50 && !storyRequest()?.aborted; i += 1) await page.waitForTimeout(100);
      assert.equal(storyRequest()?.aborted, true, 'the stop reached the model server');
      assert.equal(await messages.getByText('Satz299.').count(), 0);

      // Rename.
      await list.getByRole('button', { name: 'Reise nach Lissabon umbenennen' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill('Lissabon-Planung');
      await dialog.getByRole('button', { name: 'Umbenennen' }).click();
      await list.getByRole('link', { name: 'Lissabon-Planung' }).waitFor();

      // A reload finds everything: the name, both versions, the stopped answer.
      await page.reload();
      await list.getByRole('link', { name: 'Lissabon-Planung' }).waitFor();
      await messages.getByText('Satz5.', { exact: false }).waitFor();
      await messages.getByText('Angehalten').first().waitFor();
      await messages.getByText('(Fassung 2)').waitFor();
      assert.equal(page.url(), conversationUrl);

      // Delete, after confirming.
      await list.getByRole('button', { name: 'Lissabon-Planung löschen' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
      await list.getByText('Noch keine Unterhaltungen').waitFor();
      await page.reload();
      await list.getByText('Noch keine Unterhaltungen').waitFor();
      assert.equal(await list.getByRole('link', { name: 'Lissabon-Planung' }).count(), 0);
    } finally {
      await browser.close();
    }
  });
});

// The same screens with conversations kept in the browser (enableLocalChatHistory): the answer
// streams through POST /api/chat/stream, nothing goes to the server's conversations, and a
// reload finds the conversation in this browser's IndexedDB.
describe('chat end to end, conversations kept in the browser', { timeout: 20 * 60_000 }, () => {
  let model: ScriptedModelServer;
  let portal: RunningPortal;
  let seedDir: string;
  before(async () => {
    model = await startScriptedModelServer({
      models: ['scripted-model'],
      rules: [
        { system: 'Classify the user', reply: '{"greeting":false,"chitchat":false,"question":true,"clarification":false,"unclear":false,"summary":false}' },
        { match: QUESTION, reply: 'Lissabon liegt am **Tejo**.', delayMs: 20 },
      ],
    });
    const seed = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../server/seed/settings.demo.json'), 'utf8'));
    seed.feature_flags.enableLocalChatHistory = true;
    seedDir = mkdtempSync(join(tmpdir(), 'assistant-seed-'));
    writeFileSync(join(seedDir, 'settings.json'), JSON.stringify(seed));
    portal = await startPortal({ env: { OPENAI_BASE_URL: model.url, SETTINGS_SEED_FILE: join(seedDir, 'settings.json') } });
  });
  after(async () => {
    await portal?.stop();
    await model?.close();
    if (seedDir) rmSync(seedDir, { recursive: true, force: true });
  });

  it('answers, keeps the conversation in this browser only, and finds it after a reload', async () => {
    const browser = await launchBrowser({ locale: 'de-DE' });
    try {
      const page = await browser.context.newPage();
      const calls: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/conversations') || url.pathname === '/api/chat/stream') calls.push(`${request.method()} ${url.pathname}`);
      });
      await page.goto(`${portal.portalUrl}/chat`);
      await page.waitForURL((url) => url.origin === portal.issuer);
      await signInOnProviderPage(page, 'employee', 'employee');
      await page.waitForURL((url) => url.origin === portal.portalUrl && !url.pathname.startsWith('/callback'));
      await page.getByRole('dialog').getByRole('button', { name: 'Verstanden' }).click();
      await page.getByRole('button', { name: 'Neue Unterhaltung' }).click();
      await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
      const composer = page.getByRole('textbox', { name: 'Ihre Nachricht' });
      await composer.fill(QUESTION);
      await composer.press('Enter');
      const messages = page.getByRole('list', { name: 'Nachrichten' });
      await messages.getByText('Tejo', { exact: true }).waitFor();
      // Named after the first question by the browser.
      const list = page.getByRole('complementary', { name: 'Unterhaltungen' });
      await list.getByRole('link', { name: QUESTION }).waitFor();

      await page.reload();
      await messages.getByText('Tejo', { exact: true }).waitFor();
      await list.getByRole('link', { name: QUESTION }).waitFor();
      assert.deepEqual([...new Set(calls)], ['POST /api/chat/stream'], 'only the answer went through the server');
    } finally {
      await browser.close();
    }
  });
});
