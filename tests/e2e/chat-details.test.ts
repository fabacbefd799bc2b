import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sideCallRules, startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { eventually } from './support/eventually';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

// An answer's details and the search by a message's word, in a real browser at both
// sizes and in both languages, against the started system with the scripted model server.
const SIZES = [
  { name: 'desktop', width: 1280, height: 800, locale: 'de-DE', word: 'Zacharias' },
  { name: 'phone', width: 390, height: 844, locale: 'en-US', word: 'Wendelin' },
] as const;

const TITLE = 'Katzengeschichte';

// Voice: Chromium's fake microphone plays a recorded WAV (tests/fixtures/audio/question.wav).
const QUESTION_WAV = fileURLToPath(new URL('../fixtures/audio/question.wav', import.meta.url));
const FAKE_MICROPHONE = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${QUESTION_WAV}`, '--autoplay-policy=no-user-gesture-required'];
const SPOKEN_QUESTION = { de: 'Wann werden Reisekosten erstattet?', en: 'When are travel costs paid back?' };
// Screenshots of every size and language only with VOICE_SCREENSHOTS_DIR; the run itself takes one.
const VOICE_SHOTS = process.env.VOICE_SCREENSHOTS_DIR;
const VOICE_VARIANTS = VOICE_SHOTS
  ? ([
      { width: 1280, height: 800, locale: 'de-DE' },
      { width: 390, height: 844, locale: 'de-DE' },
      { width: 1280, height: 800, locale: 'en-US' },
      { width: 390, height: 844, locale: 'en-US' },
    ] as const)
  : ([{ width: 1280, height: 800, locale: 'de-DE' }] as const);

// Export and import: screenshots of every size and language only with EXPORT_SCREENSHOTS_DIR; the run checks one.
const EXPORT_SHOTS = process.env.EXPORT_SCREENSHOTS_DIR;
const EXPORT_VARIANTS = EXPORT_SHOTS
  ? ([
      { width: 1280, height: 800, locale: 'de-DE' },
      { width: 390, height: 844, locale: 'de-DE' },
      { width: 1280, height: 800, locale: 'en-US' },
      { width: 390, height: 844, locale: 'en-US' },
    ] as const)
  : ([{ width: 1280, height: 800, locale: 'de-DE' }] as const);

describe('chat details end to end', { timeout: 15 * 60_000 }, () => {
  let model: ScriptedModelServer;
  let portal: RunningPortal;
  before(async () => {
    model = await startScriptedModelServer({
      models: ['scripted-model'],
      rules: [
        ...sideCallRules(TITLE),
        // The answer holds a word the question does not: the search must look into the answer.
        {
          match: /^Erzähl|^Tell/,
          reply: (question) => `Der Kater heißt **${question.includes('phone') ? 'Wendelin' : 'Zacharias'}** und wohnt in Kiel.`,
          delayMs: 10,
          // Reported in the stream's usage chunk: developer mode shows these counts.
          usage: { prompt_tokens: 123, completion_tokens: 9 },
        },
        {
          match: /Reisekosten|travel costs/,
          reply: 'Reisekosten werden **innerhalb von 30 Tagen** erstattet [1], sobald die Belege vorliegen. Reichen Sie die Belege über das [Reiseportal](https://reisen.example) ein.',
        },
      ],
    });
    // A transcription model and a text-to-speech model: the scripted server's doubles.
    portal = await startPortal({ env: { OPENAI_BASE_URL: model.url, TRANSCRIPTION_MODEL: 'whisper-test', TEXT_TO_SPEECH_MODEL: 'tts-test' } });
  });
  after(async () => {
    await portal?.stop();
    await model?.close();
  });

  for (const size of SIZES) {
    it(`shows the model, confirms a copy and finds a conversation by a word of its answer at ${size.width}x${size.height} (${size.locale})`, async () => {
      const en = size.locale.startsWith('en');
      const texts = {
        composer: en ? 'Your message' : 'Ihre Nachricht',
        messages: en ? 'Messages' : 'Nachrichten',
        answer: en ? 'Answer' : 'Antwort',
        model: en ? 'Model: scripted-model' : 'Modell: scripted-model',
        copy: en ? 'Copy answer' : 'Antwort kopieren',
        copied: en ? 'Answer copied.' : 'Antwort kopiert.',
        toggle: en ? 'Show or hide navigation' : 'Navigation ein- oder ausblenden',
        list: en ? 'Conversations' : 'Unterhaltungen',
        search: en ? 'Search conversations' : 'Unterhaltungen durchsuchen',
        found: en ? '1 conversation found' : '1 Unterhaltung gefunden',
        question: en ? `Tell me about the cat (${size.name})` : `Erzähl mir vom Kater (${size.name})`,
        userMenu: en ? /^User menu of/ : /^Benutzermenü von/,
        developerMode: en ? 'Developer mode' : 'Entwicklermodus',
        tokens: en ? '123 in · 9 out' : '123 ein · 9 aus',
        requestId: en ? 'Request ID' : 'Anfrage-ID',
      };
      const { browser, page } = await signInToPortal(portal, '/chat', 'employee', size.locale);
      try {
        await page.setViewportSize({ width: size.width, height: size.height });
        await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.portalUrl });
        const composer = page.getByRole('textbox', { name: texts.composer });
        await composer.fill(texts.question);
        await composer.press('Enter');

        // The answer says which model wrote it.
        const answer = page.getByRole('list', { name: texts.messages }).getByRole('article', { name: texts.answer });
        await answer.getByText(size.word).waitFor();
        await answer.getByText(texts.model).waitFor();

        // Copy: confirmed beside the button, announced, and the text is on the clipboard.
        await answer.getByRole('button', { name: texts.copy }).click();
        await answer.getByText(texts.copied).waitFor();
        await page.locator('[role="status"][aria-live="polite"]', { hasText: texts.copied }).waitFor();
        await page.screenshot({ path: `/tmp/shots-12/chat-details-${size.name}-copied.png` });
        assert.match(await page.evaluate(() => navigator.clipboard.readText()), new RegExp(`\\*\\*${size.word}\\*\\*`));
        const violations = await seriousAxeViolations(page);
        assert.equal(violations.length, 0, describeViolations(violations));
        await answer.getByText(texts.copied).waitFor({ state: 'detached', timeout: 10_000 });

        // Developer mode (user menu): the stored answer shows its details, folded, with the model's usage.
        await page.getByRole('button', { name: texts.userMenu }).click();
        await page.getByRole('menuitemcheckbox', { name: texts.developerMode }).click();
        const details = answer.locator('details.answer-details');
        await details.locator('summary').click();
        await details.getByText(texts.tokens).waitFor();
        await details.getByText(texts.requestId, { exact: true }).waitFor();
        await details.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `/tmp/shots-12/chat-details-${size.name}-developer.png` });
        const developerViolations = await seriousAxeViolations(page);
        assert.equal(developerViolations.length, 0, describeViolations(developerViolations));
        await details.locator('summary').click();

        // Search by a word that is only in the answer (not in the title or the question).
        const list = page.getByRole('complementary', { name: texts.list });
        if (size.name === 'phone') {
          await page.getByRole('button', { name: texts.toggle }).click();
          await list.waitFor();
        }
        await list.getByRole('link', { name: TITLE }).first().waitFor();
        await list.getByRole('searchbox', { name: texts.search }).fill(size.word.toLowerCase());
        await list.getByRole('status').filter({ hasText: texts.found }).waitFor();
        assert.equal(await list.getByRole('link', { name: TITLE }).count(), 1, 'only the conversation whose answer holds the word');
        await page.screenshot({ path: `/tmp/shots-12/chat-details-${size.name}-search.png` });
        const searchViolations = await seriousAxeViolations(page);
        assert.equal(searchViolations.length, 0, describeViolations(searchViolations));
      } finally {
        await browser.close();
      }
    });
  }

  it('takes a spoken question from the microphone into the message box and reads the answer aloud by the text-to-speech endpoint', async () => {
    for (const variant of VOICE_VARIANTS) {
      const en = variant.locale.startsWith('en');
      const texts = {
        composer: en ? 'Your message' : 'Ihre Nachricht',
        dictate: en ? 'Dictate your question' : 'Frage diktieren',
        recording: en ? 'Recording your question' : 'Ihre Frage wird aufgenommen',
        level: en ? 'Microphone level' : 'Mikrofonpegel',
        stopRecording: en ? 'Stop recording' : 'Aufnahme beenden',
        messages: en ? 'Messages' : 'Nachrichten',
        answer: en ? 'Answer' : 'Antwort',
        read: en ? 'Read aloud' : 'Vorlesen',
        pause: en ? 'Pause reading' : 'Vorlesen anhalten',
        resume: en ? 'Resume reading' : 'Vorlesen fortsetzen',
        stopReading: en ? 'Stop reading' : 'Vorlesen beenden',
      };
      const question = SPOKEN_QUESTION[en ? 'en' : 'de'];
      const name = `${variant.width}x${variant.height}-${en ? 'en' : 'de'}`;
      const shot = async (page: import('playwright-core').Page, step: string) => {
        if (!VOICE_SHOTS) return;
        mkdirSync(VOICE_SHOTS, { recursive: true });
        await page.screenshot({ path: join(VOICE_SHOTS, `voice-${name}-${step}.png`) });
      };
      model.setScript({ transcription: { text: question } });
      const transcriptionsBefore = model.transcriptionRequests().length;
      const { browser, page } = await signInToPortal(portal, '/chat', 'employee', variant.locale, { args: FAKE_MICROPHONE });
      try {
        await page.setViewportSize({ width: variant.width, height: variant.height });
        const composer = page.getByRole('textbox', { name: texts.composer });
        await composer.waitFor();

        // Record: the level moves with the WAV the fake microphone plays.
        await page.getByRole('button', { name: texts.dictate }).click();
        const recording = page.getByRole('group', { name: texts.recording });
        const problem = page.locator('.voice-input__problem');
        await recording.or(problem).waitFor({ timeout: 10_000 });
        assert.equal(await problem.count(), 0, `the recording did not start: ${await problem.textContent().catch(() => '')}`);
        const meter = recording.getByRole('meter', { name: texts.level });
        await page.waitForFunction((element) => Number(element?.getAttribute('aria-valuenow')) > 5, await meter.elementHandle(), { timeout: 10_000 });
        await page.waitForTimeout(1_200);
        await shot(page, '1-recording');
        const violations = await seriousAxeViolations(page);
        assert.equal(violations.length, 0, describeViolations(violations));

        // Stop: the recording goes to the transcription double; its text lands in the box, not sent.
        await recording.getByRole('button', { name: texts.stopRecording }).click();
        await eventually(async () => (await composer.inputValue()) === question || (await problem.count()) > 0, 'the transcribed question in the message box', 30_000);
        assert.equal(await problem.count(), 0, `the recording was not transcribed: ${await problem.textContent().catch(() => '')}`);
        assert.equal(await composer.inputValue(), question);
        const upload = model.transcriptionRequests().slice(transcriptionsBefore).at(-1)?.transcription;
        assert.ok(upload && upload.size > 1_000, `a recording was transcribed: ${JSON.stringify(upload)}`);
        assert.match(`${upload.type} ${upload.fileName}`, /webm|ogg/);
        assert.equal(await page.getByRole('list', { name: texts.messages }).getByRole('article').count(), 0, 'nothing sent');
        await shot(page, '2-text-in-box');

        // Send it, then read the answer aloud: the endpoint double's audio plays; pause, resume, stop.
        const speechBefore = model.speechRequests().length;
        await composer.press('Enter');
        const answer = page.getByRole('list', { name: texts.messages }).getByRole('article', { name: texts.answer }).last();
        await answer.getByRole('button', { name: texts.read }).click();
        const toggle = answer.getByRole('button', { name: texts.pause });
        await toggle.waitFor({ timeout: 10_000 });
        const spoken = model.speechRequests().slice(speechBefore).map((request) => request.speech?.input);
        assert.deepEqual(spoken, ['Reisekosten werden innerhalb von 30 Tagen erstattet, sobald die Belege vorliegen. Reichen Sie die Belege über das Reiseportal ein.']);
        await shot(page, '3-read-aloud');
        const readingViolations = await seriousAxeViolations(page);
        assert.equal(readingViolations.length, 0, describeViolations(readingViolations));
        await toggle.click();
        await answer.getByRole('button', { name: texts.resume }).click();
        await answer.getByRole('button', { name: texts.stopReading }).click();
        await answer.getByRole('button', { name: texts.read }).waitFor();
      } finally {
        await browser.close();
      }
    }
  });

  it('exports a conversation as JSON from its menu and imports the file again as a conversation of its own', async () => {
    for (const variant of EXPORT_VARIANTS) {
      const en = variant.locale.startsWith('en');
      const texts = {
        composer: en ? 'Your message' : 'Ihre Nachricht',
        messages: en ? 'Messages' : 'Nachrichten',
        answer: en ? 'Answer' : 'Antwort',
        toggle: en ? 'Show or hide navigation' : 'Navigation ein- oder ausblenden',
        list: en ? 'Conversations' : 'Unterhaltungen',
        actions: en ? `Actions for ${TITLE}` : `Aktionen für ${TITLE}`,
        exportEntry: en ? `Export ${TITLE}` : `${TITLE} exportieren`,
        exportDialog: en ? `Export “${TITLE}”` : `„${TITLE}“ exportieren`,
        downloaded: en ? `“${TITLE}.json” was downloaded.` : `„${TITLE}.json“ wurde heruntergeladen.`,
        close: en ? 'Close' : 'Schließen',
        importOpen: en ? 'Import conversations…' : 'Unterhaltungen importieren…',
        importDialog: en ? 'Import conversations' : 'Unterhaltungen importieren',
        choose: en ? 'Choose a file' : 'Datei auswählen',
        imported: en ? `1 conversation imported from “${TITLE}.json”.` : `1 Unterhaltung aus „${TITLE}.json“ importiert.`,
      };
      const name = `${variant.width}x${variant.height}-${en ? 'en' : 'de'}`;
      const shot = async (page: import('playwright-core').Page, step: string) => {
        if (!EXPORT_SHOTS) return;
        mkdirSync(EXPORT_SHOTS, { recursive: true });
        await page.screenshot({ path: join(EXPORT_SHOTS, `export-${name}-${step}.png`) });
      };
      // A user of their own, so the other cases' lists stay as they are.
      const { browser, page } = await signInToPortal(portal, '/chat', 'colleague', variant.locale);
      try {
        await page.setViewportSize({ width: variant.width, height: variant.height });
        const composer = page.getByRole('textbox', { name: texts.composer });
        await composer.fill(en ? 'Tell me about the cat (export)' : 'Erzähl mir vom Kater (Export)');
        await composer.press('Enter');
        await page.getByRole('list', { name: texts.messages }).getByRole('article', { name: texts.answer }).getByText(/Zacharias|Wendelin/).waitFor();

        const list = page.getByRole('complementary', { name: texts.list });
        const openList = async () => {
          if (variant.width < 700 && !(await list.isVisible())) await page.getByRole('button', { name: texts.toggle }).click();
          await list.waitFor();
        };
        await openList();
        // The new conversation has its title: the count below starts from it.
        await list.locator('a[aria-current="page"]', { hasText: TITLE }).waitFor();
        const before = await list.getByRole('link', { name: TITLE }).count();
        await list.locator('li', { has: page.locator('a[aria-current="page"]') }).getByRole('button', { name: texts.actions }).click();
        const exportEntry = list.getByRole('button', { name: texts.exportEntry });
        await exportEntry.scrollIntoViewIfNeeded();
        await shot(page, '1-menu');
        await exportEntry.click();
        const exportDialog = page.getByRole('dialog', { name: texts.exportDialog });
        const download = page.waitForEvent('download');
        await exportDialog.getByRole('button', { name: 'JSON (.json)' }).click();
        const file = join(await mkdtemp(join(tmpdir(), 'conversation-export-')), `${TITLE}.json`);
        await (await download).saveAs(file);
        await exportDialog.getByRole('status').filter({ hasText: texts.downloaded }).waitFor();
        await shot(page, '2-export');
        const exportViolations = await seriousAxeViolations(page);
        assert.equal(exportViolations.length, 0, describeViolations(exportViolations));
        const exported = JSON.parse(await readFile(file, 'utf8')) as { format: string; conversations: Array<{ name: string; messages: unknown[] }> };
        assert.equal(exported.format, 'assistant.conversations');
        assert.equal(exported.conversations[0]!.messages.length, 2, 'the question and its answer');
        await exportDialog.getByRole('button', { name: texts.close }).click();

        await openList();
        await list.getByRole('button', { name: texts.importOpen }).click();
        const importDialog = page.getByRole('dialog', { name: texts.importDialog });
        const chooser = page.waitForEvent('filechooser');
        await importDialog.getByRole('button', { name: texts.choose }).click();
        await (await chooser).setFiles(file);
        await importDialog.getByText(texts.imported).waitFor();
        await shot(page, '3-imported');
        const importViolations = await seriousAxeViolations(page);
        assert.equal(importViolations.length, 0, describeViolations(importViolations));
        await importDialog.getByRole('button', { name: texts.close }).click();
        await openList();
        await page.waitForFunction(
          ([title, count]) => [...document.querySelectorAll('a.chat-conversation-item__name')].filter((link) => link.textContent === title).length === count,
          [TITLE, before + 1] as const,
        );
        await shot(page, '4-listed');
      } finally {
        await browser.close();
      }
    }
  });
});
