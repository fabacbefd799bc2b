import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { binding, collection, connection, item, libraryBackend, libraryServer, renderLibraries } from './libraries-kit';

libraryServer();

function libraryWith(...bindings: Array<Parameters<typeof binding>[1]>) {
  const library = connection();
  libraryBackend.libraries = [library];
  libraryBackend.bindings = bindings.map((change) => binding(library.id, change));
  return library;
}

describe('the sync state of a library', () => {
  it('shows a running sync moving on (files and bytes), announces its end and stops asking', async () => {
    libraryBackend.filesPerLook = 1;
    const library = libraryWith({
      state: 'syncing',
      last_synced_at: null,
      progress: { files_total: 4, files_done: 1, files_skipped: 0, files_failed: 0, bytes_total: 4 * 1024 * 1024, bytes_done: 1024 * 1024 },
    });
    await renderLibraries(`/collections/libraries/${library.id}`);
    const card = await screen.findByRole('listitem', { name: '/Handbooks' });
    const bar = within(card).getByRole('progressbar', { name: 'Sync progress of /Handbooks' });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(bar).toHaveAttribute('aria-valuetext', '25 %: 1 of 4 files · 1 MB of 4 MB');
    expect(within(card).getByText('Syncing')).toBeInTheDocument();
    expect(within(card).getByText('not yet')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Sync /Handbooks now' })).toBeDisabled();
    expect(within(card).getByRole('link', { name: 'Handbooks' })).toHaveAttribute('href', `/collections/${libraryBackend.bindings[0]!.collection_id}`);

    await waitFor(() => expect(within(card).getByText('Up to date')).toBeInTheDocument());
    expect(within(card).getByRole('progressbar', { name: 'Last sync of /Handbooks' })).toHaveAttribute('aria-valuenow', '100');
    expect(within(card).getByText('4 of 4 files · 4 MB of 4 MB')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Syncing /Handbooks finished: 4 files imported.');
    // Idle: no more polling.
    const asked = libraryBackend.bindings[0]!.progress!.files_done;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(libraryBackend.bindings[0]!.progress!.files_done).toBe(asked);
  });

  it('syncs now, pauses and resumes a folder, and shows why the last sync failed', async () => {
    const user = userEvent.setup();
    const library = libraryWith({ state: 'failed', problem: 'The library did not answer within 30 seconds.' });
    await renderLibraries(`/collections/libraries/${library.id}`);
    const card = await screen.findByRole('listitem', { name: '/Handbooks' });
    expect(within(card).getByText('Sync failed')).toBeInTheDocument();
    expect(within(card).getByText('The library did not answer within 30 seconds.')).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Pause syncing /Handbooks' }));
    expect(await within(card).findByText('Paused')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Sync /Handbooks now' })).not.toBeInTheDocument();
    expect(within(card).queryByText('Next sync')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Resume syncing /Handbooks' }));
    expect(await within(card).findByText('Up to date')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Sync /Handbooks now' }));
    await waitFor(() => expect(within(card).getByText('Up to date')).toBeInTheDocument());

    const id = libraryBackend.bindings[0]!.id;
    expect(libraryBackend.requests.map((request) => request.path)).toEqual([
      `/api/library-bindings/${id}/pause`,
      `/api/library-bindings/${id}/resume`,
      `/api/library-bindings/${id}/sync`,
    ]);
  });

  it('lists the files with their state, why one was skipped or failed, a link home, page by page', async () => {
    const user = userEvent.setup();
    const library = libraryWith({});
    const id = libraryBackend.bindings[0]!.id;
    libraryBackend.items.set(id, [
      item({ path: 'scan.pdf', state: 'failed', error_code: 'DATA0003' }),
      item({ path: 'video.mp4', state: 'skipped', skip_reason: 'unsupported-type' }),
      item({ path: 'huge.pdf', state: 'skipped', skip_reason: 'too-large', size: 80 * 1024 * 1024 }),
      item({ path: 'evil.pdf', state: 'imported', source_url: 'javascript:alert(1)' }),
      item({ path: 'guide.pdf', state: 'imported', source_url: 'https://cloud.example.com/f/42' }),
    ]);
    await renderLibraries(`/collections/libraries/${library.id}`);
    const card = await screen.findByRole('listitem', { name: '/Handbooks' });
    const toggle = within(card).getByRole('button', { name: 'Show files' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const files = await within(card).findByRole('list', { name: 'Files of /Handbooks' });
    const scan = within(files).getByText('scan.pdf').closest('li')!;
    expect(scan).toHaveTextContent('Failed');
    // The ingestion's DATA code in the words the documents list uses.
    expect(scan).toHaveTextContent('The file contains no text that can be read, for example because it holds only scanned images.');
    expect(within(files).getByText('video.mp4').closest('li')).toHaveTextContent('This file type is not supported: not imported.');

    await user.click(within(card).getByRole('button', { name: 'Show more files' }));
    expect(await within(files).findByText('huge.pdf')).toBeInTheDocument();
    expect(within(files).getByText('huge.pdf').closest('li')).toHaveTextContent('80 MB');
    expect(within(files).getByText('huge.pdf').closest('li')).toHaveTextContent('Larger than the upload limit: not imported.');
    await user.click(within(card).getByRole('button', { name: 'Show more files' }));
    const home = await within(files).findByRole('link', { name: 'Open guide.pdf in the library' });
    expect(home).toHaveAttribute('href', 'https://cloud.example.com/f/42');
    expect(home).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(files).queryByRole('link', { name: 'Open evil.pdf in the library' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Show more files' })).not.toBeInTheDocument();
  });

  it('follows a file still being processed after its folder is up to date, until it is imported', async () => {
    const user = userEvent.setup();
    const library = libraryWith({});
    const id = libraryBackend.bindings[0]!.id;
    libraryBackend.items.set(id, [item({ path: 'guide.pdf', state: 'importing' })]);
    await renderLibraries(`/collections/libraries/${library.id}`);
    const card = await screen.findByRole('listitem', { name: '/Handbooks' });
    expect(within(card).getByText('Up to date')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Show files' }));
    const files = await within(card).findByRole('list', { name: 'Files of /Handbooks' });
    expect(within(files).getByText('guide.pdf').closest('li')).toHaveTextContent('Importing');
    libraryBackend.items.set(id, [item({ path: 'guide.pdf', state: 'imported' })]);
    await waitFor(() => expect(within(files).getByText('guide.pdf').closest('li')).toHaveTextContent('Imported'));
  });

  it('names on a collection page the library folders that feed it', async () => {
    const target = collection({ name: 'Handbooks' });
    libraryBackend.collections = [target];
    const library = libraryWith({ collection_id: target.id }, { collection_id: target.id, folder: { id: '/Policies/', name: 'Policies', path: '/Policies' }, state: 'paused' });
    await renderLibraries(`/collections/${target.id}`);
    const line = (await screen.findByText('Kept in sync with /Handbooks, /Policies in')).closest('p')!;
    expect(within(line).getByRole('link', { name: 'Team Nextcloud' })).toHaveAttribute('href', `/collections/libraries/${library.id}`);
    expect(within(line).getByText('Up to date')).toBeInTheDocument();
    expect(within(line).getByText('Paused')).toBeInTheDocument();
  });

  it('says when a library is not (or no longer) there', async () => {
    await renderLibraries('/collections/libraries/7a1c2a4e-1b2d-4c5e-8f90-999999999999', 'de');
    expect(await screen.findByRole('heading', { name: 'Ablage nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu Ihren Sammlungen' })).toHaveAttribute('href', '/collections/personal');
  });
});
