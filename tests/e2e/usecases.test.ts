import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { silentWav } from '../fixtures/audio/wav';
import { startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

const SHOTS = process.env.USECASES_SCREENSHOTS_DIR ?? '/tmp/shots-usecases';

// The first lines of the server's prompts (server/src/custom-apps/custom-app-prompt.ts, server/src/use-cases/summarize-prompt.ts).
const APP_PROMPT = 'You carry out the instruction of a small app';
const SUMMARY_PROMPT = 'You summarize a text';
const NOTE = '# Reiserichtlinie\n\nDie Tagespauschale für Auslandsreisen beträgt 48 Euro. Erste Klasse ist nicht erlaubt.\n';
// A text longer than the model's context: its parts, then the merge (server/src/use-cases/summarize-prompt.ts).
const PART_PROMPT = 'You summarize one part of a longer text';
const MERGE_PROMPT = 'You write the summary of a long text';
const PART_SUMMARY = 'Sections read: deadlines and receipts.';
const LONG_SUMMARY = 'Each department decides requests within two to ten working days; receipts are kept for ten years.';
// The portal is told 2,048 tokens (MODEL_CONTEXT_TOKENS); the scripted model holds 3,072 but counts
// a token per three characters, more than real tokenizers, and refuses a longer request as vLLM does.
const PORTAL_CONTEXT = 2_048;
const MODEL_CONTEXT = 3_072;

/** A German policy of about 18,000 characters in numbered sections: far more than the model reads at once. */
function longPolicy(): string {
  const topics = ['Reisekosten', 'Arbeitszeit', 'Datenschutz', 'Fortbildung'];
  const sections = ['# Richtlinien'];
  for (let n = 1; sections.join('\n\n').length < 18_000; n += 1) {
    sections.push(
      `## Abschnitt ${n}: ${topics[n % 4]}\n\nFür ${topics[n % 4]} gilt ab dem ${(n % 28) + 1}. März eine neue Regel: Anträge gehen an die Abteilung ${n}, ` +
        `die innerhalb von ${(n % 9) + 2} Arbeitstagen entscheidet. Belege werden zehn Jahre aufbewahrt, Ausnahmen genehmigt die Leitung schriftlich.`,
    );
  }
  return sections.join('\n\n');
}

// The apps page and the use cases in a real browser against the started system (the demo
// settings: summarize and generate on, create-your-own on, feature set BETA; a transcription model
// configured): exactly the tiles those allow; a custom app with two variables built and run;
// an uploaded document summarized; an audio file transcribed and its subtitles downloaded.
describe('apps page and use cases end to end', { timeout: 15 * 60_000 }, () => {
  let model: ScriptedModelServer;
  let portal: RunningPortal;
  before(async () => {
    mkdirSync(SHOTS, { recursive: true });
    model = await startScriptedModelServer({
      models: ['scripted-model'],
      rules: [
        { system: APP_PROMPT, reply: 'Betreff: Projektstart im März', delayMs: 20 },
        { system: SUMMARY_PROMPT, reply: '- Die Tagespauschale beträgt **48 Euro**.\n- Erste Klasse ist nicht erlaubt.', delayMs: 20 },
        // Long enough per part to see the progress.
        { system: PART_PROMPT, reply: PART_SUMMARY, delayMs: 500 },
        { system: MERGE_PROMPT, reply: LONG_SUMMARY, delayMs: 20 },
      ],
    });
    portal = await startPortal({ env: { OPENAI_BASE_URL: model.url, TRANSCRIPTION_MODEL: 'whisper-test', MODEL_CONTEXT_TOKENS: String(PORTAL_CONTEXT) } });
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

  it('shows exactly the tiles the flags allow, builds a custom app with two variables and runs it (desktop, English)', async () => {
    const { browser, page } = await signInToPortal(portal, '/', 'employee', 'en-US');
    try {
      const tiles = page.getByRole('list', { name: 'Your apps' });
      await tiles.getByRole('link', { name: 'Transcribe' }).waitFor({ timeout: 30_000 });
      const names = await tiles.getByRole('heading', { level: 2 }).allInnerTexts();
      assert.deepEqual(
        [...names].map((name) => name.trim()).sort(),
        ['Agents', 'Ask your documents', 'Chat', 'Collections', 'Create your own app', 'Easy language', 'Generate', 'Summarize', 'Transcribe', 'Translate'].sort(),
      );
      await shot(page, 'desktop-en-apps');
      await expectNoAxeViolations(page, 'apps page');

      // A custom app with two variables.
      await tiles.getByRole('link', { name: 'Create your own app' }).click();
      await page.getByRole('link', { name: 'New app' }).click();
      await page.getByRole('textbox', { name: /^Name/ }).first().fill('Subject helper');
      await page.getByRole('textbox', { name: /^Prompt template/ }).fill('Write an e-mail subject for {{recipient}} about {{topic}}.');
      await page.getByRole('button', { name: /^Add from template/ }).click();
      await page.getByRole('textbox', { name: /^Label of variable 1/ }).fill('Recipient');
      await page.getByRole('textbox', { name: /^Label of variable 2/ }).fill('Topic');
      await shot(page, 'desktop-en-app-editor');
      await expectNoAxeViolations(page, 'app editor');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('“Subject helper” was saved.').first().waitFor({ timeout: 30_000 });

      await page.goto(`${portal.portalUrl}/create-your-own`);
      await page.getByRole('region', { name: 'My apps' }).getByRole('link', { name: 'Subject helper', exact: true }).click();
      await page.waitForURL(/\/usecases\/[0-9a-f-]{36}$/);
      await page.getByRole('textbox', { name: /^Recipient/ }).fill('the project team');
      await page.getByRole('textbox', { name: /^Topic/ }).fill('the start in March');
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.getByText('Betreff: Projektstart im März').waitFor({ timeout: 60_000 });
      const asked = model.requests.filter((request) => (request.systemMessage ?? '').includes(APP_PROMPT));
      assert.equal(asked.length, 1);
      const instruction = asked[0]!.lastUserMessage ?? '';
      assert.ok(instruction.includes('Write an e-mail subject for') && instruction.includes('the project team') && instruction.includes('the start in March'), instruction);
      await shot(page, 'desktop-en-app-run');
      await expectNoAxeViolations(page, 'app run');
    } finally {
      await browser.close();
    }
  });

  it('summarizes an uploaded document and transcribes an audio file (desktop, German, and a phone)', async () => {
    const { browser, page } = await signInToPortal(portal, '/usecases/summarize', 'employee');
    try {
      await page.getByRole('radio', { name: 'Datei hochladen' }).check();
      await page.getByLabel('Datei', { exact: true }).setInputFiles({ name: 'reiserichtlinie.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTE) });
      await page.getByRole('button', { name: 'Zusammenfassen', exact: true }).click();
      await page.getByText('Erste Klasse ist nicht erlaubt.').waitFor({ timeout: 60_000 });
      const summarized = model.requests.filter((request) => (request.systemMessage ?? '').includes(SUMMARY_PROMPT));
      assert.equal(summarized.length, 1);
      assert.ok((summarized[0]!.lastUserMessage ?? '').includes('Die Tagespauschale für Auslandsreisen beträgt 48 Euro.'));
      await shot(page, 'desktop-de-summary');
      await expectNoAxeViolations(page, 'summary');

      // The summary opens in the chat's canvas, in a new conversation named after it.
      await page.getByRole('button', { name: 'Im Canvas öffnen' }).click();
      await page.waitForURL(/\/chat\/[0-9a-f-]{36}$/);
      const canvas = page.getByRole('region', { name: 'Zusammenfassung' });
      await canvas.getByText('Gespeichert · Version 1').waitFor({ timeout: 30_000 });
      assert.match(await canvas.getByRole('textbox', { name: 'Dokument: Zusammenfassung' }).innerText(), /Erste Klasse ist nicht erlaubt\./);
      await shot(page, 'desktop-de-summary-canvas');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${portal.portalUrl}/usecases/transcribe`);
      await page.getByLabel('Audiodatei').setInputFiles({ name: 'besprechung.wav', mimeType: 'audio/wav', buffer: silentWav(0.2) });
      await page.getByRole('button', { name: 'Transkribieren', exact: true }).click();
      const segments = page.getByRole('list', { name: /Zeitmarken/ });
      await segments.getByText('Die Besprechung beginnt um zehn Uhr.').waitFor({ timeout: 60_000 });
      assert.equal(model.transcriptionRequests().length, 1);
      assert.equal(model.transcriptionRequests()[0]!.transcription?.model, 'whisper-test');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /\.vtt/ }).click()]);
      const vtt = readFileSync((await download.path())!, 'utf8');
      assert.match(vtt, /^WEBVTT/);
      assert.match(vtt, /00:00:01\.400 --> 00:00:04\.200\nDie Besprechung beginnt um zehn Uhr\./);
      await shot(page, 'phone-de-transcript');
      await expectNoAxeViolations(page, 'transcript on a phone');
    } finally {
      await browser.close();
    }
  });
  it('summarizes an uploaded document longer than a small model reads at once: the part being read and a bar, then the summary (desktop and phone, English)', async () => {
    model.setScript({ context: { tokens: MODEL_CONTEXT } });
    const { browser, page } = await signInToPortal(portal, '/usecases/summarize', 'employee', 'en-US');
    try {
      const policy = longPolicy();
      assert.ok(policy.length / 3 > MODEL_CONTEXT, 'the document does not fit the model in one request');
      model.requests.length = 0;
      await page.getByRole('radio', { name: 'Upload a file' }).check();
      await page.getByLabel('File', { exact: true }).setInputFiles({ name: 'policies.md', mimeType: 'text/markdown', buffer: Buffer.from(policy) });
      await page.getByRole('button', { name: 'Summarize', exact: true }).click();

      const parts = page.locator('.usecases__parts');
      const reading = parts.locator('.usecases__progress');
      await reading.waitFor({ timeout: 30_000 });
      const line = await reading.innerText();
      const [, current, total] = (/^Reading part (\d+) of (\d+) …$/.exec(line.trim()) ?? assert.fail(line)).map(Number);
      assert.ok(total! > 1 && current! <= total!, line);
      assert.equal(await parts.locator('progress').getAttribute('max'), String(total));
      await parts.scrollIntoViewIfNeeded();
      await shot(page, 'desktop-en-summary-parts');
      await page.setViewportSize({ width: 390, height: 844 });
      await parts.scrollIntoViewIfNeeded();
      await shot(page, 'phone-en-summary-parts');

      await page.getByText(LONG_SUMMARY).waitFor({ timeout: 60_000 });
      await parts.waitFor({ state: 'detached' });
      await page.getByText('The text is complete.').waitFor({ state: 'attached' });
      // Every part was read in a request the model took, and the merge saw each part's summary.
      const partRequests = model.requests.filter((request) => (request.systemMessage ?? '').includes(PART_PROMPT));
      assert.equal(partRequests.length, total);
      assert.deepEqual(model.requests.filter((request) => request.refusedForContext), []);
      const merges = model.requests.filter((request) => (request.systemMessage ?? '').includes(MERGE_PROMPT));
      assert.equal(merges.length, 1);
      assert.equal(merges[0]!.lastUserMessage!.split(PART_SUMMARY).length - 1, total);
      await shot(page, 'phone-en-summary-parts-done');
    } finally {
      model.setScript({ context: undefined });
      await browser.close();
    }
  });
});
