import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startScriptedModelServer, DEFAULT_SCRIPT, scriptFromFile, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

const PARAGRAPH = 'Der Bericht ist fertig. Bitte prüfen Sie die Zahlen. Wir treffen uns am Montag.';

// Translation and easy language in a real browser, against the started system pointed at the
// scripted OpenAI-compatible model server (a test double of a model endpoint: tests only).
describe('translation and easy language end to end', { timeout: 20 * 60_000 }, () => {
  let model: ScriptedModelServer;
  let portal: RunningPortal;
  before(async () => {
    model = await startScriptedModelServer(scriptFromFile(DEFAULT_SCRIPT));
    portal = await startPortal({ env: { OPENAI_BASE_URL: model.url } });
  });
  after(async () => {
    await portal?.stop();
    await model?.close();
  });

  const signedIn = (path: string) => signInToPortal(portal, path, 'employee');

  it('translates a German paragraph sentence by sentence and traces each sentence to its source', async () => {
    const { browser, page } = await signedIn('/translate');
    try {
      await page.getByRole('heading', { level: 1, name: 'Übersetzen' }).waitFor();
      await page.getByLabel('Übersetzen aus').selectOption('de');
      await page.getByLabel('Übersetzen in').selectOption('en');
      await page.getByLabel(/Zu übersetzender Text/).fill(PARAGRAPH);
      await page.getByRole('button', { name: 'Übersetzen', exact: true }).click();

      const second = page.getByText('Please check the figures.', { exact: true });
      await second.waitFor();
      await page.getByText('The report is ready.', { exact: true }).waitFor();
      await page.getByText('We will meet on Monday.', { exact: true }).waitFor();

      await second.hover();
      const mark = page.locator('mark');
      await mark.waitFor();
      assert.equal((await mark.textContent())?.trim(), 'Bitte prüfen Sie die Zahlen.');
      await page.getByText(/Übersetzt von scripted-model/).first().waitFor();

      // By keyboard as well: focus the first sentence, and its source is marked.
      await page.getByText('The report is ready.', { exact: true }).focus();
      await page.waitForFunction(() => document.querySelector('mark')?.textContent?.trim() === 'Der Bericht ist fertig.');

      const violations = await seriousAxeViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));

      await page.getByRole('button', { name: 'Sprachen tauschen' }).click();
      assert.equal(await page.getByLabel('Übersetzen aus').inputValue(), 'en');
      assert.equal(await page.getByLabel('Übersetzen in').inputValue(), 'de');

      // The paragraph's sentences go to the model in one structured-output call.
      const translated = model.chatRequests();
      assert.deepEqual(translated[0]?.sentences, ['Der Bericht ist fertig.', 'Bitte prüfen Sie die Zahlen.', 'Wir treffen uns am Montag.']);
    } finally {
      await browser.close();
    }
  });

  it('streams an easy-language rewrite into the page as the model writes it', async () => {
    const { browser, page } = await signedIn('/easy-language');
    try {
      await page.getByRole('heading', { level: 1, name: 'Einfache Sprache' }).waitFor();
      await page.getByText(/keine geprüfte „Leichte Sprache“/).waitFor();
      // Record what the page shows while the answer arrives.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { __seen: string[] }).__seen = seen;
        new MutationObserver(() => seen.push(document.body.innerText)).observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      });
      await page.getByLabel(/Ihr Text/).fill(PARAGRAPH);
      await page.getByRole('button', { name: 'Umschreiben', exact: true }).click();
      await page.getByText('Fertig. Die Fassung in einfacher Sprache ist vollständig.').first().waitFor();
      await page.getByText(/Bitte sehen Sie sich die Zahlen genau an\./).waitFor();
      const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
      const partial = seen.filter((text) => text.includes('Der Bericht') && !text.includes('Wir treffen uns am Montag'));
      assert.ok(partial.length > 0, 'the text appeared progressively, not all at once');
      const violations = await seriousAxeViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));
    } finally {
      await browser.close();
    }
  });
});
