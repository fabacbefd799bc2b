import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sideCallRules, startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

// An answer's details and the search by a message's word, in a real browser at both
// sizes and in both languages, against the started system with the scripted model server.
const SIZES = [
  { name: 'desktop', width: 1280, height: 800, locale: 'de-DE', word: 'Zacharias' },
  { name: 'phone', width: 390, height: 844, locale: 'en-US', word: 'Wendelin' },
] as const;

const TITLE = 'Katzengeschichte';

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
      ],
    });
    portal = await startPortal({ env: { OPENAI_BASE_URL: model.url } });
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
});
