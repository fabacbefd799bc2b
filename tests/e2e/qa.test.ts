import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { PDF_LAYOUT } from '../fixtures/documents/make-documents';
import {
  CIRCULAR_DOCX,
  CIRCULAR_SENTENCE,
  GROUNDING_FIXTURES_DIR,
  POLICY_PAGES,
  POLICY_PDF,
  POLICY_SENTENCE,
} from '../fixtures/documents/make-grounding-fixtures';
import { groundedAnswerRules } from '../fixtures/grounded-answer-script';
import { sideCallRules, startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';
import { uploadToNewCollection } from './support/upload-documents';

// The fixture documents (tests/fixtures/documents/README.md): a two-page policy PDF whose key
// sentence starts in the middle of page 1's second-to-last line and ends on page 2's first line
// (another sentence follows there), and a circular (DOCX) that contradicts it.
const POLICY_BYTES = readFileSync(join(GROUNDING_FIXTURES_DIR, POLICY_PDF));
const CIRCULAR_BYTES = readFileSync(join(GROUNDING_FIXTURES_DIR, CIRCULAR_DOCX));
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const QUESTION = 'Wie hoch ist die Reisekostenpauschale für Dienstreisen ins Ausland?';
const COLLECTION = 'Reisen';
const SCREENSHOTS = process.env.QA_SCREENSHOTS_DIR;
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Marked texts read as one text: the pieces in order, joined by a space. */
const joined = (pieces: string[]) => squash(pieces.map(squash).join(' '));

// Question answering in a real browser against the started system, with the scripted
// OpenAI-compatible model server as the model and the judge (a test double: tests only).
describe('questions about documents end to end', { timeout: 20 * 60_000 }, () => {
  let model: ScriptedModelServer;
  let portal: RunningPortal;
  before(async () => {
    model = await startScriptedModelServer({
      models: ['scripted-model'],
      rules: [
        ...groundedAnswerRules({ answerDelayMs: 20 }),
        ...sideCallRules(),
      ],
    });
    portal = await startPortal({ env: { OPENAI_BASE_URL: model.url } });
  });
  after(async () => {
    await portal?.stop();
    await model?.close();
  });

  /** A screenshot to look at (QA_SCREENSHOTS_DIR set): the whole page, or the window when a dialog is open. */
  async function shot(page: Page, name: string, fullPage = true) {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
  }

  async function uploadDocuments(page: Page) {
    await uploadToNewCollection(page, portal.portalUrl, COLLECTION, [
      { name: POLICY_PDF, mimeType: 'application/pdf', buffer: POLICY_BYTES },
      { name: CIRCULAR_DOCX, mimeType: DOCX_TYPE, buffer: CIRCULAR_BYTES },
    ]);
  }

  it('answers with both documents cited; the PDF supports, the memo contradicts; the preview marks exactly the cited characters on pages 1 and 2', async () => {
    const { browser, page } = await signInToPortal(portal, '/collections/personal', 'employee');
    try {
      await uploadDocuments(page);

      await page.goto(`${portal.portalUrl}/usecases/qa`);
      await page.getByRole('heading', { level: 1, name: 'Fragen zu Dokumenten' }).waitFor();
      await page.getByRole('checkbox', { name: COLLECTION }).check();
      await shot(page, 'desktop-de-picker');
      const box = page.getByRole('textbox', { name: 'Ihre Frage' });
      await box.fill(QUESTION);
      await box.press('Enter');

      const answer = page.getByRole('article', { name: QUESTION });
      const policyLink = answer.getByRole('link', { name: new RegExp(`^Quelle \\d+: ${escape(POLICY_PDF)}$`) });
      const circularLink = answer.getByRole('link', { name: new RegExp(`^Quelle \\d+: ${escape(CIRCULAR_DOCX)}$`) });
      await page.getByRole('button', { name: 'Antwort kopieren' }).waitFor({ timeout: 60_000 });
      assert.match(squash(await answer.innerText()), /48 Euro pro Tag/);
      // Both documents are cited, each once, as links named after their source.
      assert.equal(await policyLink.count(), 1, 'the policy is cited');
      assert.equal(await circularLink.count(), 1, 'the circular is cited');
      const policyNumber = Number(((await policyLink.textContent()) ?? '').replace(/\D/g, ''));
      const circularNumber = Number(((await circularLink.textContent()) ?? '').replace(/\D/g, ''));

      // The sources: computed after the answer (trigger, then poll every 2 s).
      const sources = page.getByRole('region', { name: 'Quellen' });
      const list = sources.getByRole('list', { name: /Quellen?$/ }).first();
      await list.waitFor({ timeout: 90_000 });
      const policySource = sources.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Quelle ${policyNumber}: ${POLICY_PDF}` }) });
      const circularSource = sources.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Quelle ${circularNumber}: ${CIRCULAR_DOCX}` }) });
      await policySource.getByText('Stützt die Antwort').waitFor();
      await circularSource.getByText('Widerspricht der Antwort').waitFor();
      assert.equal(joined(await policySource.locator('mark').allTextContents()), POLICY_SENTENCE);
      assert.equal(joined(await circularSource.locator('mark').allTextContents()), CIRCULAR_SENTENCE);
      assert.match(await policySource.innerText(), /S\. 1–2/);
      assert.match(await policySource.innerText(), /Wert \+0,90/);
      assert.match(await circularSource.innerText(), /Wert -0,80/);
      await shot(page, 'desktop-de-answer');
      const violations = await seriousAxeViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));
      // The system in dark mode (the default choice follows it): the answer and its sources with
      // the cited characters marked keep AA contrast too.
      await page.emulateMedia({ colorScheme: 'dark' });
      await shot(page, 'desktop-de-answer-dark');
      const darkAnswerViolations = await seriousAxeViolations(page);
      assert.equal(darkAnswerViolations.length, 0, `dark: ${describeViolations(darkAnswerViolations)}`);
      await page.emulateMedia({ colorScheme: 'light' });

      // The policy's citation opens the preview with the cited characters marked on both pages.
      await policyLink.click();
      const dialog = page.getByRole('dialog', { name: POLICY_PDF });
      const pageOne = dialog.getByRole('listitem', { name: 'Seite 1 von 2' });
      const pageTwo = dialog.getByRole('listitem', { name: 'Seite 2 von 2' });
      const boxesOne = pageOne.locator('.ui-document-preview__box');
      const boxesTwo = pageTwo.locator('.ui-document-preview__box');
      await boxesOne.first().waitFor({ timeout: 30_000 });
      await boxesTwo.first().waitFor();
      // The marks' texts (read by screen readers) are the cited sentence, over the page break.
      assert.equal(joined(await dialog.locator('.ui-document-preview__box .ui-visually-hidden').allTextContents()), POLICY_SENTENCE);
      await page.waitForFunction(() => {
        const canvas = document.querySelector<HTMLCanvasElement>('[role="dialog"] [data-page-number="2"] canvas');
        return !!canvas && canvas.width > 0;
      });
      const PAGE_WIDTH = 595;
      const PAGE_HEIGHT = 842;
      const margin = PDF_LAYOUT.left / PAGE_WIDTH;
      const lineTop = (line: number) => (PDF_LAYOUT.firstBaselineFromTop + line * PDF_LAYOUT.lineHeight - PDF_LAYOUT.fontSize) / PAGE_HEIGHT;
      const lineOf = (top: number) => Math.round((top * PAGE_HEIGHT + PDF_LAYOUT.fontSize - PDF_LAYOUT.firstBaselineFromTop) / PDF_LAYOUT.lineHeight);
      const placesOn = async (sheetOf: typeof pageOne, marks: typeof boxesOne) => {
        const sheet = (await sheetOf.locator('.ui-document-preview__sheet').boundingBox())!;
        const boxes = await marks.evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect().toJSON() as { x: number; y: number; width: number }));
        return boxes.map((b) => {
          const top = (b.y - sheet.y) / sheet.height;
          return { top, line: lineOf(top), left: (b.x - sheet.x) / sheet.width, right: (b.x + b.width - sheet.x) / sheet.width };
        });
      };
      // Page 1: the second-to-last line from "Die Reisekostenpauschale" on (not the sentence before
      // it on that line), and the last line from the margin; nothing else.
      const lastLine = POLICY_PAGES[0]!.length - 1;
      const one = await placesOn(pageOne, boxesOne);
      assert.deepEqual([...new Set(one.map((p) => p.line))].sort((x, y) => x - y), [lastLine - 1, lastLine], `page 1: marks on the last two lines only (${JSON.stringify(one)})`);
      for (const p of one) assert.ok(Math.abs(p.top - lineTop(p.line)) < 0.01, `page 1: a mark sits on its line (top ${p.top.toFixed(3)})`);
      const start = Math.min(...one.filter((p) => p.line === lastLine - 1).map((p) => p.left));
      assert.ok(start > margin + 0.2, `page 1: the mark starts where the sentence does, mid-line (left ${start.toFixed(3)})`);
      assert.ok(Math.abs(Math.min(...one.filter((p) => p.line === lastLine).map((p) => p.left)) - margin) < 0.01, 'page 1: the last line is marked from the margin');
      // Page 2: the first line only, and only "genau 48 Euro pro Tag.", not the sentence after it:
      // 22 of the line's 70 characters, about a third of its width (the whole line reaches about 0.8).
      const two = await placesOn(pageTwo, boxesTwo);
      assert.deepEqual([...new Set(two.map((p) => p.line))], [0], `page 2: marks on the first line only (${JSON.stringify(two)})`);
      assert.ok(Math.abs(Math.min(...two.map((p) => p.left)) - margin) < 0.01, 'page 2: the mark starts at the margin');
      const end = Math.max(...two.map((p) => p.right));
      assert.ok(end > 0.25 && end < 0.5, `page 2: the mark ends after the cited words (right edge at ${end.toFixed(3)})`);
      // The preview opened scrolled to the first mark: it is inside the preview's scroll area.
      const firstMark = dialog.locator('.ui-document-preview__box[data-first]').first();
      await page.waitForFunction(() => {
        const area = document.querySelector('[role="dialog"] .ui-document-preview__scroll');
        const mark = document.querySelector('[role="dialog"] .ui-document-preview__box[data-first]');
        if (!area || !mark) return false;
        const a = area.getBoundingClientRect();
        const m = mark.getBoundingClientRect();
        return m.top >= a.top && m.bottom <= a.bottom;
      });
      assert.ok(await firstMark.isVisible());
      await shot(page, 'desktop-de-preview', false);
      const previewViolations = await seriousAxeViolations(page);
      assert.equal(previewViolations.length, 0, describeViolations(previewViolations));
      // And the preview in dark: the marks still drawn over the (white) page.
      await page.emulateMedia({ colorScheme: 'dark' });
      assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme), 'dark');
      assert.ok(await firstMark.isVisible());
      await shot(page, 'desktop-de-preview-dark', false);
      const darkViolations = await seriousAxeViolations(page);
      assert.equal(darkViolations.length, 0, `dark: ${describeViolations(darkViolations)}`);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // The history keeps it for this user: after a reload it reopens with its sources at once.
      await page.reload();
      await page.getByRole('complementary', { name: 'Verlauf' }).getByRole('button', { name: new RegExp(`^${escape(QUESTION)}`) }).click();
      await page.getByRole('article', { name: QUESTION }).waitFor();
      await page.getByRole('region', { name: 'Quellen' }).getByText('Stützt die Antwort').waitFor();

      // The same answer on a phone, in German: nothing wider than the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Zeigen (1)' }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `nothing wider than the phone (scroll width ${width})`);
      await shot(page, 'phone-de-answer');
    } catch (error) {
      await shot(page, 'desktop-de-failure');
      throw error;
    } finally {
      await browser.close();
    }
  });

  it('on a phone in English: asks, the answer and its sources fit 390 px, the history folds, the preview opens', async () => {
    const { browser, page } = await signInToPortal(portal, '/usecases/qa', 'employee', 'en-US');
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('heading', { level: 1, name: 'Questions about documents' }).waitFor();
      // A new browser: the picks and the history of the first one are not here.
      await shot(page, 'phone-en-picker');
      await page.getByRole('checkbox', { name: COLLECTION }).check();
      // The pick folds the settings into one line: the question box is on the first screen.
      await page.getByRole('button', { name: 'Change' }).waitFor();
      const box = page.getByRole('textbox', { name: 'Your question' });
      await page.evaluate(() => window.scrollTo(0, 0));
      const inView = await box.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        return { top: Math.round(rect.top), bottom: Math.round(rect.bottom), height: window.innerHeight };
      });
      assert.ok(inView.top >= 0 && inView.bottom <= inView.height, `the question box is visible without scrolling (${JSON.stringify(inView)})`);
      await shot(page, 'phone-en-folded', false);
      await box.fill(QUESTION);
      await box.press('Enter');
      await page.getByRole('region', { name: 'Sources' }).getByText('Supports the answer').waitFor({ timeout: 90_000 });
      const history = page.getByRole('complementary', { name: 'History' });
      await history.getByRole('button', { name: 'Show (1)' }).click();
      await history.getByRole('button', { name: new RegExp(`^${escape(QUESTION)}`) }).waitFor();
      await history.getByRole('button', { name: 'Hide' }).click();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `nothing wider than the phone (scroll width ${width})`);
      await shot(page, 'phone-en-answer');
      await page.setViewportSize({ width: 1280, height: 800 });
      await shot(page, 'desktop-en-answer');
      await page.setViewportSize({ width: 390, height: 844 });
      const violations = await seriousAxeViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));
      await page.getByRole('region', { name: 'Sources' }).getByRole('button', { name: new RegExp(`^Source \\d+: ${escape(POLICY_PDF)}$`) }).first().click();
      await page.getByRole('dialog', { name: POLICY_PDF }).locator('.ui-document-preview__box').first().waitFor({ timeout: 30_000 });
      await shot(page, 'phone-en-preview', false);
    } catch (error) {
      await shot(page, 'phone-en-failure');
      throw error;
    } finally {
      await browser.close();
    }
  });
});
