import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestWebdavServer, webdavServerMissing, type TestWebdavServer } from '../../server/src/testing/webdav-server';
import { describeViolations, seriousAxeViolations } from './support/axe';
import { signInToPortal } from './support/sign-in';
import { startPortal, type RunningPortal } from './support/start-portal';

const missing = webdavServerMissing();

// A WebDAV library in a real browser against the started system and a real WebDAV server
// (rclone): connect it, choose a folder, bind it to a new collection and watch the first import
// finish, with the files it brought listed and searchable in the collection.
describe('document libraries end to end', { timeout: 10 * 60_000, skip: missing }, () => {
  let webdav: TestWebdavServer;
  let portal: RunningPortal;
  before(async () => {
    webdav = await startTestWebdavServer();
    await webdav.put('Handbücher/Urlaub.md', '# Urlaub\n\nJede Mitarbeiterin hat dreißig Tage Urlaub im Jahr.\n');
    await webdav.put('Handbücher/Reisen/Reisekosten.txt', 'Bahnfahrten werden in der zweiten Klasse erstattet.\n');
    await webdav.put('Handbücher/Film.mp4', 'not a film');
    await webdav.put('Privat/Notizen.txt', 'Nicht abgleichen.\n');
    // The WebDAV server listens on loopback, which the library host allow-list refuses unless named.
    portal = await startPortal({ env: { LIBRARY_ALLOWED_HOSTS: new URL(webdav.url).host } });
  });
  after(async () => {
    await portal?.stop();
    await webdav?.close();
  });

  it('connects a WebDAV library, binds a folder to a new collection and imports it', async () => {
    const { browser, page } = await signInToPortal(portal, '/collections/personal', 'employee');
    try {
      await page.getByRole('button', { name: 'Dokumentablage verbinden' }).click();
      const connect = page.getByRole('dialog', { name: 'Dokumentablage verbinden' });
      await connect.getByRole('textbox', { name: /^Name/ }).fill('Team-Ablage');
      await connect.getByRole('textbox', { name: /^WebDAV-Adresse/ }).fill(webdav.url);
      await connect.getByRole('textbox', { name: /^Benutzername/ }).fill(webdav.username);
      await connect.getByLabel(/^App-Passwort/).fill(webdav.password);
      await connect.getByRole('button', { name: 'Verbinden' }).click();

      const browse = page.getByRole('dialog', { name: 'Ordner aus Team-Ablage auswählen' });
      const root = browse.getByRole('list', { name: 'Ordner in Team-Ablage' });
      await root.waitFor({ timeout: 30_000 });
      assert.deepEqual(await root.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).labels?.[0]?.textContent)), [
        'Handbücher',
        'Privat',
      ]);
      await root.getByRole('checkbox', { name: 'Handbücher' }).check();
      await browse.getByRole('textbox', { name: /^Name der neuen Sammlung/ }).fill('Handbücher aus der Ablage');
      const violations = await seriousAxeViolations(page);
      assert.equal(violations.length, 0, describeViolations(violations));
      await browse.getByRole('button', { name: 'Abgleich starten' }).click();
      await browse.waitFor({ state: 'detached' });

      // The first import runs as a server job; the page follows it until the folder is up to date.
      const card = page.getByRole('listitem', { name: '/Handbücher' });
      await card.getByText('Aktuell').waitFor({ timeout: 60_000 });
      const progress = card.getByRole('progressbar', { name: 'Letzter Abgleich von /Handbücher' });
      assert.equal(await progress.getAttribute('aria-valuenow'), '100');
      await card.getByRole('button', { name: 'Dateien zeigen' }).click();
      const files = card.getByRole('list', { name: 'Dateien von /Handbücher' });
      await files.getByText('Reisen/Reisekosten.txt').waitFor();
      assert.match((await files.getByRole('listitem').filter({ hasText: 'Film.mp4' }).textContent()) ?? '', /Übersprungen.*Dieser Dateityp wird nicht unterstützt/);
      assert.match((await files.getByRole('listitem').filter({ hasText: 'Urlaub.md' }).textContent()) ?? '', /Importiert/);

      // The collection holds the imported documents, processed like uploads.
      await card.getByRole('link', { name: 'Handbücher aus der Ablage' }).click();
      const table = page.getByRole('table', { name: 'Dokumente in dieser Sammlung' });
      await table.getByRole('row', { name: /Urlaub\.md.*Verarbeitet/ }).waitFor({ timeout: 60_000 });
      await table.getByRole('row', { name: /Reisekosten\.txt.*Verarbeitet/ }).waitFor({ timeout: 60_000 });
      assert.equal(await page.getByText('Notizen.txt').count(), 0, 'a folder not chosen is not imported');
    } finally {
      await browser.close();
    }
  });
});
