import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { sideCallRules, startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

const SHOTS = process.env.CANVAS_SCREENSHOTS_DIR ?? '/tmp/shots-canvas';

// The first line of the server's canvas edit prompt (server/src/canvas/canvas-edit-prompt.ts).
const EDIT_PROMPT = 'You edit one passage of a Markdown document';
const QUESTION = 'Schreib eine Notiz über das Projekt';
const LONG_SENTENCE = 'Es hat ein sehr großes Team mit vielen erfahrenen Leuten aus allen Abteilungen.';
const SHORT_SENTENCE = 'Das Team ist groß.';
const NOTE = `## Projektnotiz\n\nDas Projekt startet im März. ${LONG_SENTENCE} Die Kosten sind gering.\n\n- Planung im Februar\n- Start im März`;
const PARAGRAPH = `Das Projekt startet im März. ${LONG_SENTENCE} Die Kosten sind gering.`;
// A free instruction whose answer turns one paragraph into several blocks: a heading and a list.
const AS_LIST = 'Als Überschrift mit Stichpunkten';
const HEADING_AND_LIST = '### Eckdaten\n\n- Start im März\n- Großes Team\n- Geringe Kosten';

/**
 * The model's canvas edits: the passage given back with the marked part rewritten by the
 * instruction ("kürzer"/"shorter": the short sentence; "Englisch"/"English": a translation).
 */
function edit(message: string): string {
  const passage = /<<<passage (\w+)>>>\n([\s\S]*?)\n<<<end passage \1>>>/.exec(message)?.[2];
  if (passage === undefined) return 'no passage';
  return passage.replace(/⟦([\s\S]*?)⟧/, (_, selected: string) => {
    if (message.includes(AS_LIST)) return HEADING_AND_LIST;
    if (/kürzer|shorter/i.test(message)) return selected.includes('Team') ? SHORT_SENTENCE : selected.split(' ').slice(0, 3).join(' ');
    if (/English/i.test(message)) return 'The team is large.';
    return selected.toUpperCase();
  });
}

/** Selects `text` inside the editor as a person would with the mouse (a DOM selection ProseMirror reads). */
async function selectText(editor: Locator, text: string): Promise<void> {
  await editor.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(wanted);
      if (at < 0) continue;
      (root as HTMLElement).focus();
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const selection = window.getSelection()!;
      selection.removeAllRanges();
      selection.addRange(range);
      return;
    }
    throw new Error(`"${wanted}" is not in the editor`);
  }, text);
}

/** Asks for the note (German), opens the answer in the canvas and waits for its first version. */
async function openNoteInCanvas(page: Page): Promise<{ canvas: Locator; editor: Locator }> {
  const composer = page.getByRole('textbox', { name: 'Ihre Nachricht' });
  await composer.fill(QUESTION);
  await composer.press('Enter');
  await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
  const messages = page.getByRole('list', { name: 'Nachrichten' });
  await messages.getByText('Die Kosten sind gering.').waitFor({ timeout: 60_000 });
  await messages.getByRole('button', { name: 'Im Canvas öffnen' }).click();
  const canvas = page.getByRole('region', { name: 'Projektnotiz' });
  await canvas.getByText('Gespeichert · Version 1').waitFor({ timeout: 30_000 });
  return { canvas, editor: canvas.getByRole('textbox', { name: 'Dokument: Projektnotiz' }) };
}

// The canvas in a real browser against the started system: an employee opens an answer in the
// canvas, selects one sentence and asks for it shorter (only that sentence changes, streamed from
// the scripted model server), compares the versions, restores the first, downloads the document
// as Word and finds its text in it; on a phone in English an empty canvas is written and saved.
describe('canvas end to end', { timeout: 15 * 60_000 }, () => {
  let model: ScriptedModelServer;
  let portal: RunningPortal;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    model = await startScriptedModelServer({
      models: ['scripted-model'],
      rules: [
        { system: EDIT_PROMPT, reply: edit, delayMs: 60 },
        ...sideCallRules('Projektnotiz'),
        { match: QUESTION, reply: NOTE, delayMs: 10 },
      ],
    });
    portal = await startPortal({ env: { OPENAI_BASE_URL: model.url } });
  });
  after(async () => {
    await portal?.stop();
    await model?.close();
  });

  const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: false });
  const expectNoAxeViolations = async (page: Page, where: string) => {
    const violations = await seriousAxeViolations(page);
    assert.equal(violations.length, 0, `${where}: ${describeViolations(violations)}`);
  };

  it('opens an answer in the canvas, rewrites one sentence, compares and restores versions, and downloads it as Word (desktop, German)', async () => {
    const { browser, page } = await signInToPortal(portal, '/chat', 'employee');
    try {
      const { canvas, editor } = await openNoteInCanvas(page);
      assert.match(await editor.innerText(), new RegExp(LONG_SENTENCE));
      await shot(page, 'desktop-de-opened');
      await expectNoAxeViolations(page, 'canvas opened');

      // One sentence selected, "shorter" from the selection's toolbar, reached by keyboard.
      await selectText(editor, LONG_SENTENCE);
      await page.keyboard.press('Control+k');
      const toolbar = page.getByRole('toolbar', { name: 'Mit dem Modell überarbeiten' });
      await toolbar.waitFor();
      await shot(page, 'desktop-de-toolbar');
      await toolbar.getByRole('button', { name: 'Kürzer' }).click();
      await canvas.getByText('Gespeichert · Version 2').waitFor({ timeout: 60_000 });
      const after = await editor.innerText();
      assert.ok(after.includes(`Das Projekt startet im März. ${SHORT_SENTENCE} Die Kosten sind gering.`), after);
      assert.ok(!after.includes(LONG_SENTENCE));
      assert.ok(after.includes('Planung im Februar') && after.includes('Projektnotiz'));
      // The model saw the sentence marked inside its paragraph, and nothing else was asked of it.
      const asked = model.requests.filter((request) => (request.systemMessage ?? '').includes(EDIT_PROMPT));
      assert.equal(asked.length, 1);
      assert.ok((asked[0]!.lastUserMessage ?? '').includes(`⟦${LONG_SENTENCE}⟧`));
      await shot(page, 'desktop-de-rewritten');

      // The versions: the model's edit with its instruction, its word diff against version 1.
      await canvas.getByRole('tab', { name: 'Versionen' }).click();
      const versions = canvas.getByRole('list', { name: 'Versionen, neueste zuerst' });
      await versions.getByText(/Modell: Kürzer/).waitFor();
      const diff = canvas.getByLabel('Änderungen in Version 2');
      await diff.waitFor();
      const added = (await diff.locator('ins').allInnerTexts()).join(' ');
      const removed = (await diff.locator('del').allInnerTexts()).join(' ');
      assert.ok(added.includes('Das') && added.includes('groß') && !added.includes('März'), `added: ${added}`);
      assert.ok(removed.includes('erfahrenen') && !removed.includes('Kosten'), `removed: ${removed}`);
      await shot(page, 'desktop-de-versions');
      await expectNoAxeViolations(page, 'versions');

      // Restore version 1: a new version 3 with the first text.
      await versions.getByRole('button', { name: /^Version 1/ }).click();
      await canvas.getByRole('button', { name: 'Version 1 wiederherstellen' }).click();
      await canvas.getByText('Gespeichert · Version 3').waitFor({ timeout: 30_000 });
      assert.ok((await editor.innerText()).includes(LONG_SENTENCE));
      await canvas.getByRole('tab', { name: 'Versionen' }).click();
      await versions.getByText('Aus Version 1 wiederhergestellt').waitFor();
      await canvas.getByRole('tab', { name: 'Dokument' }).click();

      // Word: a valid document (a zip with the main part) holding the text.
      await canvas.getByRole('button', { name: 'Exportieren' }).click();
      const [download] = await Promise.all([page.waitForEvent('download'), canvas.getByRole('button', { name: '.docx (Word) herunterladen' }).click()]);
      assert.equal(download.suggestedFilename(), 'Projektnotiz.docx');
      const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
      assert.ok(files['[Content_Types].xml'] && files['word/document.xml'], 'a Word document has its content types and main part');
      const xml = strFromU8(files['word/document.xml']!);
      const text = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join('');
      assert.ok(text.includes('Projektnotiz') && text.includes(LONG_SENTENCE) && text.includes('Planung im Februar'), text);
      assert.match(xml, /w:val="Heading2"/);
    } finally {
      await browser.close();
    }
  });

  it('turns one selected paragraph into a heading and a list; the editor shows the stored version and the next save works', async () => {
    const { browser, page } = await signInToPortal(portal, '/chat', 'employee');
    try {
      const { canvas, editor } = await openNoteInCanvas(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));

      await selectText(editor, PARAGRAPH);
      await page.keyboard.press('Control+k');
      const toolbar = page.getByRole('toolbar', { name: 'Mit dem Modell überarbeiten' });
      await toolbar.getByRole('textbox', { name: 'Ihre Anweisung an das Modell' }).fill(AS_LIST);
      await toolbar.getByRole('textbox', { name: 'Ihre Anweisung an das Modell' }).press('Enter');
      await canvas.getByText('Gespeichert · Version 2').waitFor({ timeout: 60_000 });
      await editor.getByRole('heading', { level: 3, name: 'Eckdaten' }).waitFor();
      const items = await editor.locator('li').allInnerTexts();
      assert.deepEqual(items.slice(0, 3), ['Start im März', 'Großes Team', 'Geringe Kosten']);
      assert.ok(!(await editor.innerText()).includes(LONG_SENTENCE));
      assert.equal(await canvas.getByRole('alert').count(), 0);
      await shot(page, 'desktop-de-blocks');

      // The next save is based on version 2: no conflict.
      await editor.getByText('Geringe Kosten').click();
      await page.keyboard.press('End');
      await page.keyboard.type(' und Puffer');
      await canvas.getByText('Ungespeicherte Änderungen').waitFor();
      await page.keyboard.press('Control+s');
      await canvas.getByText('Gespeichert · Version 3').waitFor({ timeout: 30_000 });
      assert.equal(await canvas.getByRole('alert').count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });

  it('writes a new empty canvas, saves it and rewrites the whole document (phone, English)', async () => {
    const { browser, page } = await signInToPortal(portal, '/chat', 'employee', 'en-US');
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('textbox', { name: 'Your message' }).waitFor();
      await page.getByRole('button', { name: 'Canvas', exact: true }).click();
      await page.getByRole('button', { name: 'New empty document' }).click();
      const canvas = page.getByRole('region', { name: 'New document' });
      await canvas.getByText('Saved · version 1').waitFor({ timeout: 30_000 });
      // On a phone the canvas covers the conversation.
      assert.equal(await page.getByRole('textbox', { name: 'Your message' }).isVisible(), false);
      const editor = canvas.getByRole('textbox', { name: 'Document: New document' });
      await editor.click();
      await page.keyboard.type('Our plan for the spring is ambitious and needs many people.');
      await canvas.getByText('Unsaved changes').waitFor();
      await page.keyboard.press('Control+s');
      await canvas.getByText('Saved · version 2').waitFor({ timeout: 30_000 });

      // Nothing selected: the instruction is for the whole document.
      await page.evaluate(() => window.getSelection()?.removeAllRanges());
      await canvas.getByRole('textbox', { name: 'Instruction for the model' }).fill('Make it shorter');
      await canvas.getByRole('button', { name: 'Rewrite' }).click();
      await canvas.getByText('Saved · version 3').waitFor({ timeout: 60_000 });
      assert.equal((await editor.innerText()).trim(), 'Our plan for');
      await shot(page, 'phone-en-canvas');
      await expectNoAxeViolations(page, 'phone canvas');

      await canvas.getByRole('button', { name: 'Close canvas' }).click();
      await page.getByRole('textbox', { name: 'Your message' }).waitFor();
      await shot(page, 'phone-en-closed');
    } finally {
      await browser.close();
    }
  });
});
