import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { binding, connection, item, libraryBackend, libraryServer, renderLibraries } from './libraries-kit';

libraryServer();
// jsdom has no canvas; axe asks for one to tell icon ligatures from text (there are none here).
beforeEach(() => jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null));
afterEach(() => jest.restoreAllMocks());

// Rules that need real layout (jsdom has none) are left to the browser end-to-end run; the page
// around the remote (title, lang, landmarks) is the host's.
const OFF = ['color-contrast', 'color-contrast-enhanced', 'target-size', 'scrollable-region-focusable', 'document-title', 'html-has-lang', 'region'];

async function violations() {
  const result = await axe.run(document, { rules: Object.fromEntries(OFF.map((id) => [id, { enabled: false }])) });
  // Guard against a vacuous pass: the rules really ran on the page.
  expect(result.passes.length).toBeGreaterThan(10);
  return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.html) }));
}

describe('document library accessibility', () => {
  it('has no axe violations: the offer, the connect dialog with errors, the Microsoft choice', async () => {
    const user = userEvent.setup();
    libraryBackend.microsoftAvailable = true;
    await renderLibraries();
    await screen.findByRole('button', { name: 'Not now' });
    expect(await violations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Connect a document library' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect a document library' });
    // Focus starts in the dialog, on the first choice.
    expect(within(dialog).getByRole('radio', { name: /Nextcloud or WebDAV/ })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await violations()).toEqual([]);
    await user.click(within(dialog).getByRole('radio', { name: /Microsoft 365/ }));
    expect(await violations()).toEqual([]);
  });

  it('has no axe violations: a library with a running sync and its files, the folder browser, the disconnect question', async () => {
    const user = userEvent.setup();
    libraryBackend.filesPerLook = 0;
    const library = connection();
    libraryBackend.libraries = [library];
    const syncing = binding(library.id, {
      state: 'syncing',
      progress: { files_total: 4, files_done: 1, files_skipped: 1, files_failed: 1, bytes_total: 4096, bytes_done: 1024 },
    });
    libraryBackend.bindings = [syncing];
    libraryBackend.items.set(syncing.id, [
      item({ path: 'scan.pdf', state: 'failed', error_code: 'DATA0003' }),
      item({ path: 'guide.pdf', source_url: 'https://cloud.example.com/f/1' }),
    ]);
    await renderLibraries(`/collections/libraries/${library.id}`);
    const card = await screen.findByRole('listitem', { name: '/Handbooks' });
    await user.click(within(card).getByRole('button', { name: 'Show files' }));
    await within(card).findByRole('list', { name: 'Files of /Handbooks' });
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Choose folders' }));
    const browse = screen.getByRole('dialog', { name: 'Choose folders from Team Nextcloud' });
    await user.click(await within(browse).findByRole('button', { name: 'Open folder Handbooks' }));
    await within(browse).findByRole('list', { name: 'Folders in Handbooks' });
    expect(await violations()).toEqual([]);
    await user.click(within(browse).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    screen.getByRole('alertdialog', { name: 'Disconnect “Team Nextcloud”?' });
    expect(await violations()).toEqual([]);
  });
});
