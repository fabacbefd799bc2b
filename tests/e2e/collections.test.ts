import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { makeDocx, makePdf } from '../fixtures/documents/make-documents';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

const COLLECTION = 'Quartalsberichte E2E';
// The searched word is on the PDF's second page only; the DOCX speaks of something else.
const PDF = makePdf([
  ['Deckblatt des Quartals.', 'Inhalt folgt auf der nächsten Seite.'],
  ['Zusammenfassung der Ergebnisse.', 'Die Lieferketten im Norden wurden stabilisiert.', 'Weitere Zahlen folgen im Anhang.'],
]);
const DOCX = makeDocx(['Protokoll der Teamsitzung.', 'Wir besprechen die Urlaubsplanung für den Sommer.']);

// Collections in a real browser against the started system: create, upload (button and drag and
// drop), ingestion to processed, search, the preview's highlight on the right page, privacy.
describe('document collections end to end', { timeout: 20 * 60_000 }, () => {
  let portal: RunningPortal;
  before(async () => {
    portal = await startPortal();
  });
  after(async () => {
    await portal?.stop();
  });

  const signedIn = (path: string, username: string) => signInToPortal(portal, path, username);

  /** Drops files on the drop zone the way a browser does: a DataTransfer with File objects. */
  async function dropFiles(page: Page, selector: string, files: Array<{ name: string; type: string; bytes: Uint8Array }>) {
    const transfer = await page.evaluateHandle((list) => {
      const data = new DataTransfer();
      for (const file of list) data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      return data;
    }, files.map((file) => ({ ...file, bytes: [...file.bytes] })));
    for (const type of ['dragenter', 'dragover', 'drop']) await page.dispatchEvent(selector, type, { dataTransfer: transfer });
  }

  let collectionUrl = '';

  it('creates a collection, ingests a PDF and a DOCX, finds a word and shows it marked on the right page', async () => {
    const { browser, page } = await signedIn('/collections/personal', 'employee');
    try {
      await page.getByRole('heading', { level: 1, name: 'Sammlungen' }).waitFor();
      await page.getByRole('button', { name: 'Neue Sammlung' }).click();
      const create = page.getByRole('dialog');
      await create.getByLabel('Name').fill(COLLECTION);
      await create.getByRole('button', { name: 'Anlegen' }).click();
      // After creating a collection the user is inside it: no click on the list.
      await page.getByRole('heading', { level: 1, name: COLLECTION }).waitFor();
      collectionUrl = page.url();

      // The PDF by the file chooser, the DOCX by drag and drop.
      await page.locator('input[type="file"]').setInputFiles({ name: 'Quartal.pdf', mimeType: 'application/pdf', buffer: Buffer.from(PDF) });
      await dropFiles(page, '.documents-drop', [
        { name: 'Protokoll.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: DOCX },
      ]);
      const files = page.getByRole('table', { name: 'Dokumente in dieser Sammlung' });
      await files.getByRole('row', { name: /Quartal\.pdf.*Verarbeitet/ }).waitFor({ timeout: 60_000 });
      await files.getByRole('row', { name: /Protokoll\.docx.*Verarbeitet/ }).waitFor({ timeout: 60_000 });

      const violations = await seriousAxeViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));

      await page.getByLabel('Suchbegriffe').fill('Lieferkette');
      await page.getByLabel('Suchbegriffe').press('Enter');
      await page.getByRole('status').filter({ hasText: 'Eine Textstelle für „Lieferkette“ gefunden.' }).waitFor();
      const hit = page.getByRole('list', { name: 'Gefundene Textstellen' }).getByRole('listitem');
      assert.equal(await hit.count(), 1);
      assert.equal(await hit.locator('mark').first().textContent(), 'Lieferketten');
      await hit.getByRole('button', { name: 'Die Textstelle in Quartal.pdf, Seite 2, zeigen' }).click();

      const preview = page.getByRole('dialog', { name: 'Quartal.pdf' });
      const secondPage = preview.getByRole('listitem', { name: 'Seite 2 von 2' });
      const box = secondPage.locator('.ui-document-preview__box');
      await box.first().waitFor();
      // Page 2 is one passage (passages gather sentences up to 500 characters): its three lines.
      assert.equal(await box.count(), 3, 'the lines of the passage are marked');
      assert.equal(await preview.getByRole('listitem', { name: 'Seite 1 von 2' }).locator('.ui-document-preview__box').count(), 0);
      // The page is drawn (dark pixels on its canvas), and the first mark sits on the first line.
      await page.waitForFunction(() => {
        const canvas = document.querySelector<HTMLCanvasElement>('[data-page-number="2"] canvas');
        return !!canvas && canvas.width > 0 && canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data.some((v, i) => i % 4 === 0 && v < 128);
      });
      const [sheet, mark] = await Promise.all([secondPage.locator('.ui-document-preview__sheet').boundingBox(), box.first().boundingBox()]);
      const top = (mark!.y - sheet!.y) / sheet!.height;
      // The fixture's first baseline is 100 pt from the top of an 842 pt page, its font 12 pt high.
      assert.ok(Math.abs(top - 88 / 842) < 0.01, `the mark is on the first line of the page (top at ${top.toFixed(3)} of the page)`);
      const previewViolations = await seriousAxeViolations(page);
      assert.equal(previewViolations.length, 0, describeViolations(previewViolations));
    } finally {
      await browser.close();
    }
  });

  it('keeps the personal collection private: a colleague neither lists nor opens it', async () => {
    assert.ok(collectionUrl, 'the first test made the collection');
    const { browser, page } = await signedIn('/collections/personal', 'colleague');
    try {
      await page.getByRole('heading', { level: 2, name: 'Persönliche Sammlungen' }).waitFor();
      await page.getByText('Noch keine persönlichen Sammlungen').waitFor();
      assert.equal(await page.getByText(COLLECTION).count(), 0);
      await page.goto(collectionUrl);
      await page.getByRole('heading', { name: 'Sammlung nicht gefunden' }).waitFor({ timeout: 30_000 });
      assert.equal(await page.getByText('Quartal.pdf').count(), 0);
    } finally {
      await browser.close();
    }
  });
});
