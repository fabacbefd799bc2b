import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { DEV_GRAPH_RESOURCE, DEV_LIBRARY_CLIENT_ID } from '../../server/src/idp/dev-identity-provider';
import { GraphDouble, jwtTokens, type GraphUser } from '../../server/src/testing/graph-double';
import { startTestWebdavServer, webdavServerMissing, type TestWebdavServer } from '../../server/src/testing/webdav-server';
import { CIRCULAR_DOCX, GROUNDING_FIXTURES_DIR, POLICY_PDF, POLICY_SENTENCE } from '../fixtures/documents/make-grounding-fixtures';
import { groundedAnswerRules } from '../fixtures/grounded-answer-script';
import { sideCallRules, startScriptedModelServer, type ScriptedModelServer } from '../fixtures/scripted-model-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

const missing = webdavServerMissing();
/** The WebDAV folder the first case binds and the second asks about. */
const FOLDER = 'Handbücher';
const COLLECTION = 'Handbücher aus der Ablage';
const QUESTION = 'Wie hoch ist die Reisekostenpauschale für Dienstreisen ins Ausland?';
/** Set to look at the pages (not an assertion); unset in CI, where nothing is written. */
const SCREENSHOTS = process.env.LIBRARY_SCREENSHOTS_DIR;
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const escaped = (text: string) => text.replace(/\./g, '\\.');

async function shot(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

// Document libraries in a real browser against ONE started system (each e2e file pays its own
// system start, Chromium launch and sign-in), with a real WebDAV server (rclone), the Graph double
// behind the dev identity provider, and the scripted model server.
//
// Order dependency: the second case asks about the documents the FIRST case synced (the WebDAV
// folder holds the handbook files and the grounding fixtures from the start), instead of
// connecting, binding and importing a second time; run alone, it fails. The Microsoft 365 case
// signs in as the other demo employee, so the WebDAV libraries of the first two are not on its
// screen ("Up to date" is then its own folder's).
describe('document libraries end to end', { timeout: 15 * 60_000 }, () => {
  let webdav: TestWebdavServer | undefined;
  let double: GraphDouble;
  let verify: ((token: string) => Promise<GraphUser | null>) | undefined;
  let model: ScriptedModelServer;
  let portal: RunningPortal;

  before(async () => {
    if (!missing) {
      webdav = await startTestWebdavServer();
      await webdav.put(`${FOLDER}/Urlaub.md`, '# Urlaub\n\nJede Mitarbeiterin hat dreißig Tage Urlaub im Jahr.\n');
      await webdav.put(`${FOLDER}/Reisen/Reisekosten.txt`, 'Bahnfahrten werden in der zweiten Klasse erstattet.\n');
      await webdav.put(`${FOLDER}/Film.mp4`, 'not a film');
      await webdav.put(`${FOLDER}/${POLICY_PDF}`, readFileSync(join(GROUNDING_FIXTURES_DIR, POLICY_PDF)));
      await webdav.put(`${FOLDER}/${CIRCULAR_DOCX}`, readFileSync(join(GROUNDING_FIXTURES_DIR, CIRCULAR_DOCX)));
      await webdav.put('Privat/Notizen.txt', 'Nicht abgleichen.\n');
    }
    double = await GraphDouble.start({ verifyToken: (token) => verify?.(token) ?? Promise.resolve(null) });
    const drive = double.addPersonalDrive();
    const reports = double.addFolder(drive.id, drive.rootId, 'Berichte');
    double.addFile(drive.id, reports, 'Quartalsbericht.txt', 'Der Umsatz im dritten Quartal stieg um zwölf Prozent.', 'text/plain');
    model = await startScriptedModelServer({
      models: ['scripted-model'],
      rules: [
        ...groundedAnswerRules(),
        ...sideCallRules(),
      ],
    });
    portal = await startPortal({
      env: ({ issuer }) => ({
        OPENAI_BASE_URL: model.url,
        MICROSOFT_CLIENT_ID: DEV_LIBRARY_CLIENT_ID,
        MICROSOFT_AUTHORITY: issuer,
        MICROSOFT_GRAPH_URL: double.url,
        // Every test server listens on loopback, which the library host allow-list refuses unless
        // named: the WebDAV server, the Graph double and the provider.
        LIBRARY_ALLOWED_HOSTS: [...(webdav ? [new URL(webdav.url).host] : []), '127.0.0.1', 'localhost'].join(','),
      }),
    });
    verify = jwtTokens(portal.issuer, DEV_GRAPH_RESOURCE);
  });
  after(async () => {
    await portal?.stop();
    await model?.close();
    await double?.close();
    await webdav?.close();
  });

  it('connects a WebDAV library, binds a folder to a new collection and imports it', { skip: missing }, async () => {
    const { browser, page } = await signInToPortal(portal, '/collections/personal', 'employee');
    try {
      await page.getByRole('button', { name: 'Dokumentablage verbinden' }).click();
      const connect = page.getByRole('dialog', { name: 'Dokumentablage verbinden' });
      await connect.getByRole('textbox', { name: /^Name/ }).fill('Team-Ablage');
      await connect.getByRole('textbox', { name: /^WebDAV-Adresse/ }).fill(webdav!.url);
      await connect.getByRole('textbox', { name: /^Benutzername/ }).fill(webdav!.username);
      await connect.getByLabel(/^App-Passwort/).fill(webdav!.password);
      await connect.getByRole('button', { name: 'Verbinden' }).click();

      const browse = page.getByRole('dialog', { name: 'Ordner aus Team-Ablage auswählen' });
      const root = browse.getByRole('list', { name: 'Ordner in Team-Ablage' });
      await root.waitFor({ timeout: 30_000 });
      assert.deepEqual(await root.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)), [
        'Handbücher',
        'Privat',
      ]);
      await root.getByRole('checkbox', { name: FOLDER }).check();
      await browse.getByRole('textbox', { name: /^Name der neuen Sammlung/ }).fill(COLLECTION);
      const violations = await seriousAxeViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));
      await browse.getByRole('button', { name: 'Abgleich starten' }).click();
      await browse.waitFor({ state: 'detached' });

      // The first import runs as a server job; the page follows it until the folder is up to date.
      const card = page.getByRole('listitem', { name: `/${FOLDER}` });
      await card.getByText('Aktuell').waitFor({ timeout: 60_000 });
      const progress = card.getByRole('progressbar', { name: `Letzter Abgleich von /${FOLDER}` });
      assert.equal(await progress.getAttribute('aria-valuenow'), '100');
      await card.getByRole('button', { name: 'Dateien zeigen' }).click();
      const files = card.getByRole('list', { name: `Dateien von /${FOLDER}` });
      await files.getByText('Reisen/Reisekosten.txt').waitFor();
      assert.match((await files.getByRole('listitem').filter({ hasText: 'Film.mp4' }).textContent()) ?? '', /Übersprungen.*Dieser Dateityp wird nicht unterstützt/);
      // Up to date means handed to processing; the list follows each file until it is processed.
      await files.getByRole('listitem').filter({ hasText: 'Urlaub.md' }).filter({ hasText: /Importiert/ }).waitFor({ timeout: 60_000 });
      assert.match((await files.getByRole('listitem').filter({ hasText: 'Urlaub.md' }).textContent()) ?? '', /Importiert/);

      // The collection holds the imported documents, processed like uploads.
      await card.getByRole('link', { name: COLLECTION }).click();
      const table = page.getByRole('table', { name: 'Dokumente in dieser Sammlung' });
      await table.getByRole('row', { name: /Urlaub\.md.*Verarbeitet/ }).waitFor({ timeout: 60_000 });
      await table.getByRole('row', { name: /Reisekosten\.txt.*Verarbeitet/ }).waitFor({ timeout: 60_000 });
      assert.equal(await page.getByText('Notizen.txt').count(), 0, 'a folder not chosen is not imported');
    } finally {
      await browser.close();
    }
  });

  it('a source of a synced file links to its original in the library; opening it marks the cited sentence', { skip: missing }, async () => {
    const { browser, page } = await signInToPortal(portal, '/collections/personal', 'employee');
    try {
      // The folder the first case bound, on its library's page: synced, its documents processed in the collection.
      await page.getByRole('link', { name: 'Team-Ablage' }).click();
      const card = page.getByRole('listitem', { name: `/${FOLDER}` });
      await card.getByText('Aktuell').waitFor({ timeout: 60_000 });
      await card.getByRole('link', { name: COLLECTION }).click();
      const table = page.getByRole('table', { name: 'Dokumente in dieser Sammlung' });
      await table.getByRole('row', { name: new RegExp(`${escaped(POLICY_PDF)}.*Verarbeitet`) }).waitFor({ timeout: 90_000 });
      await table.getByRole('row', { name: new RegExp(`${escaped(CIRCULAR_DOCX)}.*Verarbeitet`) }).waitFor({ timeout: 90_000 });

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
      const policySource = sources.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`^Quelle \\d+: ${escaped(POLICY_PDF)}$`) }) });
      await policySource.getByText('Stützt die Antwort').waitFor();
      const original = policySource.getByRole('link', { name: new RegExp(`^Original öffnen: Quelle \\d+, ${escaped(POLICY_PDF)}, in seiner Ablage \\(neuer Tab\\)$`) });
      assert.equal(await original.getAttribute('href'), new URL(`${FOLDER}/${POLICY_PDF}`, webdav!.url).href);
      assert.equal(await original.getAttribute('target'), '_blank');
      await shot(page, 'desktop-de-qa-sources-link-home');
      const violations = await seriousAxeViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));

      // Opening the source still shows the portal's copy with the cited sentence marked.
      await policySource.getByRole('button', { name: new RegExp(`^Quelle \\d+: ${escaped(POLICY_PDF)}$`) }).click();
      const dialog = page.getByRole('dialog', { name: POLICY_PDF });
      await dialog.locator('.ui-document-preview__box').first().waitFor({ timeout: 30_000 });
      assert.equal(squash((await dialog.locator('.ui-document-preview__box .ui-visually-hidden').allTextContents()).join(' ')), POLICY_SENTENCE);
      await shot(page, 'desktop-de-qa-source-preview');
    } finally {
      await browser.close();
    }
  });

  /**
   * The Microsoft 365 sign-in popup: the dev identity provider is the authorization server, the
   * Graph double stands in for Graph. The popup goes to the provider, returns to the portal's
   * /oauth/callback (no portal sign-in there, no Cross-Origin-Opener-Policy that would cut
   * `window.opener`), hands code and state to the page that opened it and closes; the server
   * completes the sign-in and Graph answers with the provider's token. Then a folder is bound and
   * its file synced through Graph's delta and /content.
   */
  it('connects Microsoft 365 from the collections screen: popup to the provider, back, closed; the folders from Graph; a folder synced', async () => {
    const { browser, page } = await signInToPortal(portal, '/collections/personal', 'colleague', 'en-US');
    try {
      await page.getByRole('button', { name: 'Connect a document library' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Connect a document library' });
      await dialog.getByRole('radio', { name: /Microsoft 365/ }).check();
      await dialog.getByLabel('Name').fill('Work files');
      const opened = page.waitForEvent('popup');
      await dialog.getByRole('button', { name: 'Sign in with Microsoft' }).click();
      const popup = await opened;
      // The provider knows the browser already (the portal's own sign-in): straight back to the
      // portal's /oauth/callback, which hands the code to this page and closes.
      const choose = page.getByRole('dialog', { name: 'Choose folders from Work files' });
      await choose.waitFor({ timeout: 30_000 });
      if (!popup.isClosed()) await popup.waitForEvent('close', { timeout: 5_000 });
      assert.ok(popup.isClosed(), 'the popup closed itself');
      // The folders come from Graph with the stored token: OneDrive at the root, its folders inside.
      await choose.getByRole('checkbox', { name: 'OneDrive' }).waitFor();
      await choose.getByRole('button', { name: 'Open folder OneDrive' }).click();
      await choose.getByRole('checkbox', { name: 'Berichte' }).waitFor();
      await shot(page, 'desktop-en-choose-folders-after-sign-in');

      // Synced: the file comes through Graph's delta and /content into a new collection.
      await choose.getByRole('checkbox', { name: 'Berichte' }).check();
      await choose.getByLabel('Name of the new collection').fill('Berichte aus Microsoft 365');
      await choose.getByRole('button', { name: 'Start syncing' }).click();
      try {
        await page.getByText(/1 of 1 file\b/).first().waitFor({ timeout: 60_000 });
        await page.getByText('Up to date').first().waitFor({ timeout: 60_000 });
      } catch (error) {
        await shot(page, 'desktop-en-sync-not-done');
        const graph = double.requests.map((request) => `${request.status} ${request.url.slice(0, 120)}`).join('\n');
        throw new Error(`the sync did not finish: ${String(error)}\nGraph saw:\n${graph}\nserver:\n${portal.output().slice(-3000)}`, { cause: error });
      }
      await shot(page, 'desktop-en-synced-folder');
      const download = double.requests.find((request) => request.url.startsWith('/download/'));
      assert.equal(download?.status, 200);
      assert.equal(download?.authorization, undefined, 'the bearer token stayed with Graph');
      assert.ok(double.graphCalls(/\/root\/delta$/).length > 0, 'the scan was a delta query');

      const calls = double.graphCalls(/^\/me/);
      assert.ok(calls.some((call) => call.status === 200 && call.authorization?.startsWith('Bearer eyJ')), 'Graph accepted the token the provider issued');
      assert.ok(!calls.some((call) => call.status === 401), 'no token was refused');
    } finally {
      await browser.close();
    }
  });
});
