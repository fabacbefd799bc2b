import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { startTestWebdavServer, webdavServerMissing, type TestWebdavServer } from '../../server/src/testing/webdav-server';
import { CIRCULAR_DOCX, CIRCULAR_SENTENCE, GROUNDING_FIXTURES_DIR, POLICY_PDF, POLICY_SENTENCE } from '../fixtures/documents/make-grounding-fixtures';
import { sideCallRules, startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

const missing = webdavServerMissing();
const FOLDER = 'Richtlinien';
const COLLECTION = 'Richtlinien aus der Ablage';
const QUESTION = 'Wie hoch ist die Reisekostenpauschale für Dienstreisen ins Ausland?';
const SCREENSHOTS = process.env.LIBRARY_SCREENSHOTS_DIR;
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The sources of the grounded prompt: the JSON array between the lines <sources> and </sources>. */
function promptSources(message: string): Array<{ n: number; document: string; text: string }> {
  const match = /<sources>\n([\s\S]*?)\n<\/sources>/.exec(message);
  return match ? (JSON.parse(match[1]!) as Array<{ n: number; document: string; text: string }>) : [];
}

/** The policy's key sentence supports, the circular's contradicts (each piece of a sentence like the whole). */
function judge(message: string): string {
  const input = JSON.parse(message) as { sources: Array<{ n: number; sentences: Array<{ s: number; text: string }> }> };
  const pieceOf = (sentence: string, text: string) => text.length > 3 && sentence.includes(text);
  return JSON.stringify({
    sources: input.sources.map((source) => ({
      n: source.n,
      sentences: source.sentences.map((sentence) => {
        const text = squash(sentence.text);
        if (pieceOf(POLICY_SENTENCE, text)) return { s: sentence.s, label: 'supports', strength: 0.9 };
        if (pieceOf(CIRCULAR_SENTENCE, text)) return { s: sentence.s, label: 'contradicts', strength: 0.8 };
        return { s: sentence.s, label: 'unrelated', strength: 0 };
      }),
    })),
  });
}

// Sources that link home, in a real browser against the started system, a real WebDAV server
// (rclone) and the scripted model server: documents synced from a library folder answer a
// question; each source links to its original in the library, and opening it still shows the
// portal's copy with the cited sentence marked.
describe('sources of synced documents end to end', { timeout: 15 * 60_000, skip: missing }, () => {
  let webdav: TestWebdavServer;
  let model: ScriptedModelServer;
  let portal: RunningPortal;
  before(async () => {
    webdav = await startTestWebdavServer();
    await webdav.put(`${FOLDER}/${POLICY_PDF}`, readFileSync(join(GROUNDING_FIXTURES_DIR, POLICY_PDF)));
    await webdav.put(`${FOLDER}/${CIRCULAR_DOCX}`, readFileSync(join(GROUNDING_FIXTURES_DIR, CIRCULAR_DOCX)));
    model = await startScriptedModelServer({
      models: ['scripted-model'],
      rules: [
        { system: 'You check an answer against the sources it was written from', reply: (message) => judge(message) },
        {
          system: "You answer questions of a company's employees from the sources",
          reply: (message) => {
            const sources = promptSources(message);
            const policy = sources.find((s) => s.document === POLICY_PDF && squash(s.text).includes(POLICY_SENTENCE))?.n;
            const circular = sources.find((s) => s.document === CIRCULAR_DOCX && squash(s.text).includes(CIRCULAR_SENTENCE))?.n;
            return `Laut Richtlinie beträgt die Pauschale **48 Euro pro Tag** [${policy}]. Ein Rundschreiben nennt dagegen 36 Euro pro Tag [${circular}].`;
          },
        },
        ...sideCallRules(),
      ],
    });
    portal = await startPortal({ env: { OPENAI_BASE_URL: model.url, LIBRARY_ALLOWED_HOSTS: new URL(webdav.url).host } });
  });
  after(async () => {
    await portal?.stop();
    await model?.close();
    await webdav?.close();
  });

  async function shot(page: Page, name: string) {
    if (!SCREENSHOTS) return;
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  it('a source of a synced file links to its original in the library; opening it marks the cited sentence', async () => {
    const { browser, page } = await signInToPortal(portal, '/collections/personal', 'employee');
    try {
      // Connect the library and bind the folder to a new collection (the library screens).
      await page.getByRole('button', { name: 'Dokumentablage verbinden' }).click();
      const connect = page.getByRole('dialog', { name: 'Dokumentablage verbinden' });
      await connect.getByRole('textbox', { name: /^Name/ }).fill('Team-Ablage');
      await connect.getByRole('textbox', { name: /^WebDAV-Adresse/ }).fill(webdav.url);
      await connect.getByRole('textbox', { name: /^Benutzername/ }).fill(webdav.username);
      await connect.getByLabel(/^App-Passwort/).fill(webdav.password);
      await connect.getByRole('button', { name: 'Verbinden' }).click();
      const browse = page.getByRole('dialog', { name: 'Ordner aus Team-Ablage auswählen' });
      await browse.getByRole('checkbox', { name: FOLDER }).check({ timeout: 30_000 });
      await browse.getByRole('textbox', { name: /^Name der neuen Sammlung/ }).fill(COLLECTION);
      await browse.getByRole('button', { name: 'Abgleich starten' }).click();
      await browse.waitFor({ state: 'detached' });
      const card = page.getByRole('listitem', { name: `/${FOLDER}` });
      await card.getByText('Aktuell').waitFor({ timeout: 60_000 });
      await card.getByRole('link', { name: COLLECTION }).click();
      const table = page.getByRole('table', { name: 'Dokumente in dieser Sammlung' });
      await table.getByRole('row', { name: new RegExp(`${POLICY_PDF.replace(/\./g, '\\.')}.*Verarbeitet`) }).waitFor({ timeout: 90_000 });
      await table.getByRole('row', { name: new RegExp(`${CIRCULAR_DOCX.replace(/\./g, '\\.')}.*Verarbeitet`) }).waitFor({ timeout: 90_000 });

      // Ask about them.
      await page.goto(`${portal.portalUrl}/usecases/qa`);
      await page.getByRole('heading', { level: 1, name: 'Fragen zu Dokumenten' }).waitFor();
      await page.getByRole('checkbox', { name: COLLECTION }).check();
      const box = page.getByRole('textbox', { name: 'Ihre Frage' });
      await box.fill(QUESTION);
      await box.press('Enter');
      await page.getByRole('button', { name: 'Antwort kopieren' }).waitFor({ timeout: 60_000 });

      const sources = page.getByRole('region', { name: 'Quellen' });
      await sources.getByRole('list', { name: /Quellen?$/ }).first().waitFor({ timeout: 90_000 });
      const policySource = sources.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`^Quelle \\d+: ${POLICY_PDF.replace(/\./g, '\\.')}$`) }) });
      await policySource.getByText('Stützt die Antwort').waitFor();
      const original = policySource.getByRole('link', { name: new RegExp(`^Original öffnen: Quelle \\d+, ${POLICY_PDF.replace(/\./g, '\\.')}, in seiner Ablage \\(neuer Tab\\)$`) });
      assert.equal(await original.getAttribute('href'), new URL(`${FOLDER}/${POLICY_PDF}`, webdav.url).href);
      assert.equal(await original.getAttribute('target'), '_blank');
      await shot(page, 'desktop-de-qa-sources-link-home');
      const violations = await seriousAxeViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));

      // Opening the source still shows the portal's copy with the cited sentence marked.
      await policySource.getByRole('button', { name: new RegExp(`^Quelle \\d+: ${POLICY_PDF.replace(/\./g, '\\.')}$`) }).click();
      const dialog = page.getByRole('dialog', { name: POLICY_PDF });
      await dialog.locator('.ui-document-preview__box').first().waitFor({ timeout: 30_000 });
      assert.equal(squash((await dialog.locator('.ui-document-preview__box .ui-visually-hidden').allTextContents()).join(' ')), POLICY_SENTENCE);
      await shot(page, 'desktop-de-qa-source-preview');
    } finally {
      await browser.close();
    }
  });
});
