import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { sideCallRules, startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { eventually, settled } from './support/eventually';
import { launchBrowser, signInOnProviderPage } from './support/browser';
import { callApiAs, markGetStartedDone } from './support/get-started';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

const QUESTION = 'Erzähl mir von Lissabon';
const LONG_QUESTION = 'Schreib eine lange Geschichte';
let answers = 0;
const lisbon = () =>
  `## Lissabon\n\nLissabon ist die **Hauptstadt** Portugals (Fassung ${++answers}).\n\n| Viertel | Bekannt für |\n|---|---|\n| Alfama | Fado |\n| Belém | Pastéis |\n\nViel Spaß in der Stadt!`;
const STORY = Array.from({ length: 300 }, (_, i) => `Satz${i}.`).join(' ');
/** A long Markdown answer (a list of points), ending in a line that says which question it answered. */
const tenPoints = (question: string, points = 24) =>
  `Zu ${question}:\n\n${Array.from({ length: points }, (_, i) => `- Punkt ${i + 1}: ein Satz, der etwas Platz braucht.`).join('\n')}\n\nEnde von ${question}.`;

/** The user's app an empty conversation suggests; choosing it puts its template into the message box. */
const APP = {
  name: 'Kurzfassung',
  icon: 'sparkles',
  description: 'Fasst einen Text in drei Punkten zusammen.',
  template: 'Fasse {{text}} in drei Punkten zusammen.',
  variables: [{ name: 'text', label: 'Text', kind: 'short_text' }],
};

const SIZES = [
  { name: 'desktop', width: 1280, height: 800, locale: 'de-DE' },
  { name: 'phone', width: 390, height: 844, locale: 'en-US' },
] as const;

type Box = { x: number; y: number; width: number; height: number };
const within = (inner: Box | null, outer: Box, slack = 2) =>
  inner !== null && inner.y >= outer.y - slack && inner.y + inner.height <= outer.y + outer.height + slack;

// Chat in a real browser against the started system (conversations kept by the server, the demo
// default) with the scripted OpenAI-compatible model server as the model (a test double: tests only).
describe('chat end to end', { timeout: 20 * 60_000 }, () => {
  let model: ScriptedModelServer;
  let portal: RunningPortal;
  before(async () => {
    model = await startScriptedModelServer({
      models: ['scripted-model'],
      rules: [
        ...sideCallRules('Reise nach Lissabon'),
        { match: QUESTION, reply: lisbon, delayMs: 40 },
        { match: LONG_QUESTION, reply: STORY, delayMs: 100 },
        { match: /^(Frage|Question) \d+$/, reply: (question) => tenPoints(question), delayMs: 8 },
        { match: /^(Noch eine lange Frage|One more long question)$/, reply: () => tenPoints('Lang', 160), delayMs: 15 },
        // Memory (docs/memory.md): the answer says what the model was given as the user's memories.
        { match: /^Merke dir/, reply: 'Gut, das merke ich mir.' },
        { match: 'Wo arbeite ich?', reply: (_question, request) => (JSON.stringify(request.messages?.[0]).includes('Ich arbeite im Einkauf') ? 'Sie arbeiten im Einkauf.' : 'Das weiß ich nicht.') },
      ],
    });
    portal = await startPortal({ env: { OPENAI_BASE_URL: model.url } });
    // An app of the user's own: an empty conversation suggests it (docs/chat-ui.md "Layout").
    const created = await callApiAs(portal, 'employee', 'POST', 'custom-apps', APP);
    assert.equal(created.status, 201, await created.text());
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

      // Record what the page shows while the answer arrives.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { __seen: string[] }).__seen = seen;
        new MutationObserver(() => seen.push(document.body.innerText)).observe(document.body, { subtree: true, childList: true, characterData: true });
      });
      await ask(page, QUESTION);
      // The first question created the conversation (not the click on "new").
      await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
      const conversationUrl = page.url();
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
      await list.getByRole('button', { name: 'Aktionen für Reise nach Lissabon' }).click();
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
      await list.getByRole('button', { name: 'Aktionen für Lissabon-Planung' }).click();
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

  it('remembers what the user asks it to, lists it on the memory page and knows it in a new conversation', async () => {
    const shots = process.env.MEMORY_SCREENSHOTS_DIR;
    const { browser, page } = await signedIn('/chat');
    let chatUrl: string;
    try {
      await ask(page, 'Merke dir, dass ich im Einkauf arbeite');
      const answer = page.getByRole('list', { name: 'Nachrichten' }).getByRole('article', { name: 'Antwort' }).last();
      await answer.getByText('Erinnerung aktualisiert').waitFor();
      await answer.getByText('„Ich arbeite im Einkauf“').waitFor();
      await answer.getByText('Gut, das merke ich mir.').waitFor();
      await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
      chatUrl = page.url();
      await answer.getByRole('link', { name: 'Erinnerungen verwalten' }).click();
      await page.waitForURL(/\/memory$/);
      const memories = page.getByRole('list', { name: 'Ihre Erinnerungen' });
      await memories.getByText('Ich arbeite im Einkauf').waitFor();
      await memories.getByText(/^Im Chat gesagt am/).waitFor();
      const violations = await seriousAxeViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));

      // A new conversation: the model is given the memory (the scripted model answers from it).
      await page.goto(`${portal.portalUrl}/chat`);
      await ask(page, 'Wo arbeite ich?');
      await page.getByRole('list', { name: 'Nachrichten' }).getByText('Sie arbeiten im Einkauf.').waitFor();
      const prompt = model.chatRequests().findLast((request) => request.stream && request.lastUserMessage === 'Wo arbeite ich?')?.systemMessage ?? '';
      assert.match(prompt, /<memories>\n\["Ich arbeite im Einkauf"\]\n<\/memories>/);
    } finally {
      await browser.close();
    }
    // The note and the page at both sizes in both languages, to look at (MEMORY_SCREENSHOTS_DIR only).
    if (!shots) return;
    for (const { width, height, locale } of [
      { width: 1280, height: 800, locale: 'de-DE' },
      { width: 390, height: 844, locale: 'de-DE' },
      { width: 1280, height: 800, locale: 'en-US' },
      { width: 390, height: 844, locale: 'en-US' },
    ]) {
      const en = locale.startsWith('en');
      const variant = `${width}x${height}-${en ? 'en' : 'de'}`;
      const shown = await signInToPortal(portal, new URL(chatUrl).pathname, 'employee', locale);
      try {
        await shown.page.setViewportSize({ width, height });
        await shown.page.getByText(en ? 'Memory updated' : 'Erinnerung aktualisiert').waitFor();
        await shown.page.screenshot({ path: `${shots}/memory-note-${variant}.png` });
        await shown.page.goto(`${portal.portalUrl}/memory`);
        await shown.page.getByRole('list', { name: en ? 'Your memories' : 'Ihre Erinnerungen' }).waitFor();
        await shown.page.screenshot({ path: `${shots}/memory-page-${variant}.png`, fullPage: true });
      } finally {
        await shown.browser.close();
      }
    }
  });

  for (const size of SIZES) {
    it(`keeps the newest answer and the message box in view at ${size.width}x${size.height} (${size.locale}): five questions, scroll up, jump to latest`, async () => {
      const en = size.locale.startsWith('en');
      const texts = {
        composer: en ? 'Your message' : 'Ihre Nachricht',
        messages: en ? 'Messages' : 'Nachrichten',
        jump: en ? 'Jump to latest' : 'Zum Neuesten springen',
        toggle: en ? 'Show or hide navigation' : 'Navigation ein- oder ausblenden',
        nav: en ? 'Main navigation' : 'Hauptnavigation',
        list: en ? 'Conversations' : 'Unterhaltungen',
        suggestions: en ? 'Suggestions from your apps' : 'Vorschläge aus Ihren Apps',
        newConversation: en ? 'New conversation' : 'Neue Unterhaltung',
        question: en ? 'Question' : 'Frage',
        long: en ? 'One more long question' : 'Noch eine lange Frage',
        notFound: en ? 'This conversation does not exist' : 'Diese Unterhaltung gibt es nicht',
        startNew: en ? 'Start a new conversation' : 'Neue Unterhaltung beginnen',
        startScreen: en ? 'Start a conversation' : 'Eine Unterhaltung beginnen',
        stop: en ? 'Stop answer' : 'Antwort anhalten',
      };
      // Screenshots only when asked for (CHAT_SCREENSHOTS_DIR), to look at the screens.
      const shot = async (name: string) => {
        if (process.env.CHAT_SCREENSHOTS_DIR) await page.screenshot({ path: `${process.env.CHAT_SCREENSHOTS_DIR}/chat-${size.name}-${name}.png` });
      };
      const { browser, page } = await signInToPortal(portal, '/chat', 'employee', size.locale);
      try {
        await page.setViewportSize({ width: size.width, height: size.height });
        const viewport: Box = { x: 0, y: 0, width: size.width, height: size.height };
        const composer = page.getByRole('textbox', { name: texts.composer });
        const messages = page.getByRole('list', { name: texts.messages });
        const scroller = page.getByTestId('conversation-scroller');
        const list = page.getByRole('complementary', { name: texts.list });
        const toggle = page.getByRole('button', { name: texts.toggle });
        // Enter sends nothing while an answer still streams: its last words can show before the
        // stream's end arrives, which takes longer on a busy machine.
        const send = async (text: string) => {
          await page.getByRole('button', { name: texts.stop }).waitFor({ state: 'hidden' });
          await composer.fill(text);
          await composer.press('Enter');
        };

        // /chat: a message box at once, pinned at the bottom of the window, under the start screen
        // with the user's apps as suggestions; choosing one puts its template into the message box.
        await page.getByRole('heading', { name: texts.startScreen }).waitFor();
        assert.ok(within(await composer.boundingBox(), viewport), 'the message box is in view on /chat');
        await page.getByRole('list', { name: texts.suggestions }).getByRole('button', { name: APP.name }).click();
        await eventually(async () => (await composer.inputValue()) === APP.template, 'the suggestion fills the message box');
        assert.equal(await composer.evaluate((el: HTMLTextAreaElement) => el.value.slice(el.selectionStart, el.selectionEnd)), '{{text}}', 'its variable is selected');
        await shot('suggestion');
        // One side panel: the shell's, with the conversations under its navigation.
        const nav = page.getByRole('navigation', { name: texts.nav });
        if (size.name === 'phone') {
          // On a phone it is a drawer, closed at first.
          assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
          assert.equal(await list.isVisible(), false);
          await toggle.click();
          await list.waitFor();
          await shot('drawer');
          const drawerViolations = await seriousAxeViolations(page);
          assert.equal(drawerViolations.length, 0, describeViolations(drawerViolations));
          await page.keyboard.press('Escape');
          await list.waitFor({ state: 'hidden' });
          assert.equal(await toggle.evaluate((el) => el === document.activeElement), true, 'Escape returns to the toggle');
          await toggle.click();
        }
        const navBox = (await nav.boundingBox())!;
        const listBox = (await list.boundingBox())!;
        assert.ok(listBox.y >= navBox.y + navBox.height - 2 && Math.abs(listBox.x - navBox.x) < 24, 'the conversations are under the navigation, in one panel');
        await list.getByRole('button', { name: texts.newConversation }).click();
        await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
        assert.equal(await composer.evaluate((el) => el === document.activeElement), true, 'the focus is in the message box after "new conversation"');
        // The drawer gave way to the new conversation.
        if (size.name === 'phone') assert.equal(await list.isVisible(), false, 'the drawer closed');

        // Five questions of a screen or more each: while each answer streams, its newest text and
        // the message box stay in view.
        for (let n = 1; n <= 5; n += 1) {
          const question = `${texts.question} ${n}`;
          await send(question);
          await messages.getByText(`Punkt 12:`, { exact: false }).nth(n - 1).waitFor();
          const newest = messages.getByRole('listitem').last();
          const box = await scroller.boundingBox();
          assert.ok(box && within(box, viewport), `the messages fit the window (question ${n})`);
          assert.ok(within(await composer.boundingBox(), viewport), `the message box is in view while answer ${n} streams`);
          // The view follows a frame after the text grows.
          await eventually(async () => {
            const newestBox = await newest.boundingBox();
            return newestBox !== null && newestBox.y + newestBox.height <= box!.y + box!.height + 2 && newestBox.y + newestBox.height >= box!.y;
          }, `the end of answer ${n} is in view while it streams`);
          if (n === 3) await shot('streaming');
          await messages.getByText(`Ende von ${question}.`).waitFor();
        }
        await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
        assert.equal(await page.evaluate(() => document.scrollingElement!.scrollTop), 0, 'the page itself does not scroll');
        const atEnd = () => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 50);
        await eventually(atEnd, 'the newest answer is in view after five questions');
        await shot('five');
        const violations = await seriousAxeViolations(page);
        assert.equal(violations.length, 0, describeViolations(violations));

        // Scrolling up stops the following; "jump to latest" brings it back.
        await send(texts.long);
        await messages.getByText('Punkt 3:', { exact: false }).last().waitFor();
        const sbox = (await scroller.boundingBox())!;
        await page.mouse.move(sbox.x + sbox.width / 2, sbox.y + sbox.height / 2);
        await page.mouse.wheel(0, -3000);
        const jump = page.getByRole('button', { name: texts.jump });
        await jump.waitFor();
        // The wheel's scroll may still be moving: where it comes to rest is where the reader is.
        const top = await settled(() => scroller.evaluate((el) => el.scrollTop));
        await messages.getByText('Punkt 20:', { exact: false }).last().waitFor();
        assert.equal(await scroller.evaluate((el) => el.scrollTop), top, 'scrolled up, the view stays where the reader is');
        assert.ok(!(await atEnd()));
        await shot('scrolled-up');
        const jumpViolations = await seriousAxeViolations(page);
        assert.equal(jumpViolations.length, 0, describeViolations(jumpViolations));
        await jump.click();
        await jump.waitFor({ state: 'detached' });
        await eventually(atEnd, 'jump to latest goes to the end');
        await messages.getByText('Punkt 60:', { exact: false }).last().waitFor();
        await eventually(atEnd, 'and follows the answer again');
        assert.ok(within(await composer.boundingBox(), viewport));
        await page.keyboard.press('Escape');

        // Opened again, the conversation shows its latest message.
        await page.reload();
        await messages.getByText('Ende von', { exact: false }).last().waitFor();
        await page.waitForFunction(() => {
          const el = document.querySelector('[data-testid="conversation-scroller"]');
          return el !== null && el.scrollHeight - el.scrollTop - el.clientHeight < 50;
        });
        assert.ok(within(await composer.boundingBox(), viewport));
        await shot('reopened');

        // A conversation that does not exist says so within about 3 s, with no message box.
        await page.goto(`${portal.portalUrl}/chat/00000000-0000-4000-8000-000000000000`);
        await page.getByRole('heading', { level: 1, name: 'Chat' }).waitFor();
        const started = Date.now();
        await page.getByRole('heading', { name: texts.notFound }).waitFor({ timeout: 10_000 });
        const waited = Date.now() - started;
        assert.ok(waited < 4_500, `the not-found state came after ${waited} ms`);
        assert.equal(await composer.count(), 0);
        await shot('not-found');
        const notFoundViolations = await seriousAxeViolations(page);
        assert.equal(notFoundViolations.length, 0, describeViolations(notFoundViolations));
        await page.getByRole('button', { name: texts.startNew }).click();
        await page.getByRole('heading', { name: texts.startScreen }).waitFor();
      } finally {
        await browser.close();
      }
    });
  }

  // Pin, archive, a temporary chat and the shortcut list (docs/chat-ui.md "Organize", "Temporary
  // chat", "Keyboard shortcuts"), as a colleague with a list of their own.
  it('pins to the top, archives into "Archived chats", keeps a temporary chat nowhere and lists the shortcuts', async () => {
    const names = ['Budget 2027', 'Teamausflug', 'Lissabon-Reise'];
    const made: Record<string, string> = {};
    for (const name of names) {
      const response = await callApiAs(portal, 'colleague', 'POST', `conversations?name=${encodeURIComponent(name)}`);
      const body = await response.text();
      assert.equal(response.status, 201, body);
      made[name] = (JSON.parse(body) as { id: string }).id;
      // Distinct times: the list's order below.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const storedCount = async () => ((await (await callApiAs(portal, 'colleague', 'GET', 'conversations')).json()) as { conversations: unknown[] }).conversations.length;
    const { browser, page } = await signInToPortal(portal, '/chat', 'colleague');
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      const list = page.getByRole('complementary', { name: 'Unterhaltungen' });
      await list.getByRole('link', { name: 'Lissabon-Reise' }).waitFor();

      // Pin the oldest: the Pinned group comes first.
      await list.getByRole('button', { name: 'Aktionen für Budget 2027' }).click();
      await list.getByRole('button', { name: 'Budget 2027 anheften' }).click();
      const pinned = list.getByRole('region', { name: 'Angeheftet' });
      await pinned.getByRole('link', { name: 'Budget 2027' }).waitFor();
      assert.equal(await list.getByRole('heading', { level: 3 }).first().textContent(), 'Angeheftet');

      // Archive one: it leaves the list for "Archived chats".
      await list.getByRole('button', { name: 'Aktionen für Teamausflug' }).click();
      await list.getByRole('button', { name: 'Teamausflug archivieren' }).click();
      await list.getByRole('button', { name: 'Archivierte Chats (1)' }).click();
      const archive = page.getByRole('dialog', { name: 'Archivierte Chats' });
      await archive.getByRole('link', { name: 'Teamausflug' }).waitFor();
      assert.equal(await list.getByRole('link', { name: 'Teamausflug' }).count(), 0);
      const archiveViolations = await seriousAxeViolations(page);
      assert.equal(archiveViolations.length, 0, describeViolations(archiveViolations));
      await page.keyboard.press('Escape');
      const stored = (await (await callApiAs(portal, 'colleague', 'GET', 'conversations')).json()) as { conversations: { name: string; pinned?: true; archived?: true }[] };
      // Kept by the server; neither changed the order (most recently updated first).
      assert.deepEqual(
        stored.conversations.map((c) => [c.name, Boolean(c.pinned), Boolean(c.archived)]),
        [['Lissabon-Reise', false, false], ['Teamausflug', false, true], ['Budget 2027', true, false]],
      );

      // The shortcut list: ? outside a text field.
      await list.getByRole('heading', { name: 'Unterhaltungen' }).click();
      await page.keyboard.press('?');
      const shortcuts = page.getByRole('dialog', { name: 'Tastenkombinationen' });
      await shortcuts.getByRole('rowheader', { name: 'Neuen Chat beginnen' }).waitFor();
      const shortcutViolations = await seriousAxeViolations(page);
      assert.equal(shortcutViolations.length, 0, describeViolations(shortcutViolations));
      await page.keyboard.press('Escape');
      await shortcuts.waitFor({ state: 'detached' });

      // A temporary chat: marked, answered through the stateless call, kept nowhere.
      const before = await storedCount();
      await page.getByRole('button', { name: 'Temporärer Chat' }).click();
      await page.getByRole('note', { name: 'Temporärer Chat.' }).waitFor();
      await ask(page, 'Frage 3');
      await page.getByRole('list', { name: 'Nachrichten' }).getByText('Ende von Frage 3.').waitFor();
      assert.match(page.url(), /\/chat$/);
      const temporaryViolations = await seriousAxeViolations(page);
      assert.equal(temporaryViolations.length, 0, describeViolations(temporaryViolations));
      assert.equal(await storedCount(), before, 'no conversation was stored');
      const idb = await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name));
      assert.ok(!idb.some((name) => name?.startsWith('assistant-chat')), `no IndexedDB of conversations: ${idb.join(', ')}`);
      assert.ok(!model.chatRequests().some((request) => request.systemMessage?.startsWith('Write a short title') && request.lastUserMessage?.includes('Frage 3')), 'no title call');
      // A new chat (Ctrl+Shift+O) ends it, after asking.
      await page.keyboard.press('Control+Shift+O');
      await page.getByRole('alertdialog', { name: 'Temporären Chat beenden?' }).getByRole('button', { name: 'Beenden' }).click();
      await page.getByRole('note', { name: 'Temporärer Chat.' }).waitFor({ state: 'detached' });
      assert.equal(await page.getByText('Ende von Frage 3.').count(), 0);

      const shots = process.env.ORGANIZE_SCREENSHOTS_DIR;
      if (shots) await organizeScreenshots(shots);
    } finally {
      await browser.close();
      for (const id of Object.values(made)) await callApiAs(portal, 'colleague', 'DELETE', `conversations/${id}`);
    }
  });

  /** The list with its pinned group, the archive, the temporary chat's banner and the shortcut list, at both sizes in both languages. */
  async function organizeScreenshots(shots: string) {
    for (const { width, height } of SIZES) {
      for (const locale of ['de-DE', 'en-US']) {
        const en = locale.startsWith('en');
        const variant = `${width}x${height}-${en ? 'en' : 'de'}`;
        const shown = await signInToPortal(portal, '/chat', 'colleague', locale);
        try {
          const { page } = shown;
          await page.setViewportSize({ width, height });
          const list = page.getByRole('complementary', { name: en ? 'Conversations' : 'Unterhaltungen' });
          const openPanel = async () => {
            if (width < 700) await page.getByRole('button', { name: en ? 'Show or hide navigation' : 'Navigation ein- oder ausblenden' }).click();
            await list.getByRole('link', { name: 'Lissabon-Reise' }).waitFor();
          };
          await openPanel();
          await page.screenshot({ path: `${shots}/list-pinned-${variant}.png` });
          await list.getByRole('button', { name: en ? 'Archived chats (1)' : 'Archivierte Chats (1)' }).click();
          await page.getByRole('dialog', { name: en ? 'Archived chats' : 'Archivierte Chats' }).getByRole('link', { name: 'Teamausflug' }).waitFor();
          await page.waitForTimeout(500);
          await page.screenshot({ path: `${shots}/archive-${variant}.png` });
          await page.keyboard.press('Escape');
          if (width < 700) await page.keyboard.press('Escape');
          await page.getByRole('button', { name: en ? 'Temporary chat' : 'Temporärer Chat' }).click();
          await page.getByRole('textbox', { name: en ? 'Your message' : 'Ihre Nachricht' }).fill(en ? 'Question 4' : 'Frage 4');
          await page.keyboard.press('Enter');
          await page.getByRole('list', { name: en ? 'Messages' : 'Nachrichten' }).getByText(`Ende von ${en ? 'Question' : 'Frage'} 4.`).waitFor();
          await page.screenshot({ path: `${shots}/temporary-${variant}.png` });
          await page.locator('body').click({ position: { x: 2, y: 2 } });
          await page.keyboard.press('Control+/');
          await page.getByRole('dialog', { name: en ? 'Keyboard shortcuts' : 'Tastenkombinationen' }).waitFor();
          // The dialog fades in: the picture once it is there.
          await page.waitForTimeout(500);
          await page.screenshot({ path: `${shots}/shortcuts-${variant}.png` });
        } finally {
          await shown.browser.close();
        }
      }
    }
  }
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
        ...sideCallRules(),
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
      await markGetStartedDone(portal, 'employee');
      await page.goto(`${portal.portalUrl}/chat`);
      await page.waitForURL((url) => url.origin === portal.issuer);
      await signInOnProviderPage(page, 'employee', 'employee');
      await page.waitForURL((url) => url.origin === portal.portalUrl && !url.pathname.startsWith('/callback'));
      await page.getByRole('button', { name: 'Neue Unterhaltung' }).click();
      const composer = page.getByRole('textbox', { name: 'Ihre Nachricht' });
      await composer.fill(QUESTION);
      await composer.press('Enter');
      await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
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
