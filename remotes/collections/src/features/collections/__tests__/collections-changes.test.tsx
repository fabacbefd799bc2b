import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import {
  apiError,
  backend,
  collectionDetailsHandlers,
  collection,
  handlers,
  notificationTexts,
  renderCollections,
  resetCollectionsState,
} from './collections-kit';

const server = setupServer(...handlers());
// Whole dialogs typed key by key: give a busy machine (parallel test runs) time.
jest.setTimeout(20_000);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const quarterly = collection({ name: 'Quarterly reports', file_count: 3, updated_at: '2025-03-05T10:00:00.000Z' });
const contracts = collection({ name: 'Contracts', file_count: 1, updated_at: '2025-04-20T10:00:00.000Z' });

beforeEach(() => resetCollectionsState([quarterly, contracts]));

async function showList() {
  await renderCollections('personal');
  return screen.findByRole('list', { name: 'Personal collections' });
}

const linkNames = (list: HTMLElement) => within(list).getAllByRole('link').map((link) => link.textContent);

describe('new collection', () => {
  it('checks the name with the contract: empty and too long are shown in the field, nothing is sent', async () => {
    const user = userEvent.setup();
    await showList();
    await user.click(screen.getByRole('button', { name: 'New collection' }));
    const dialog = screen.getByRole('dialog', { name: 'New collection' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(field).toHaveFocus();

    await user.type(field, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(field).toHaveAccessibleDescription('Please give the collection a name.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();

    await user.clear(field);
    await user.paste('x'.repeat(101));
    expect(field).toHaveAccessibleDescription('The name must not be longer than 100 characters.');
    await user.keyboard('{Backspace}');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(backend.requests).toEqual([]);
  });

  it('creates it with the trimmed name (Enter submits), closes and puts the user inside it', async () => {
    server.use(...collectionDetailsHandlers());
    const user = userEvent.setup();
    await showList();
    const opener = screen.getByRole('button', { name: 'New collection' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'New collection' });
    expect(dialog).toHaveAccessibleDescription('Only you can see a personal collection.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Board minutes  {Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.requests).toEqual([{ method: 'POST', path: '/api/collections', body: { name: 'Board minutes', scope: 'personal' } }]);
    expect(notificationTexts()).toEqual(['success: Collection “Board minutes” created.']);
    // Inside the new collection, ready to upload.
    expect(await screen.findByRole('heading', { level: 1, name: 'Board minutes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New collection' })).not.toBeInTheDocument();
  });

  it('keeps the dialog and the typed name when the server refuses it, with its message in the field', async () => {
    const user = userEvent.setup();
    server.use(http.post('*/api/collections', () => apiError(400, 'body/name must be unique in this folder')));
    const list = await showList();
    await user.click(screen.getByRole('button', { name: 'New collection' }));
    const dialog = screen.getByRole('dialog', { name: 'New collection' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(field, 'Board minutes');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('The server did not accept the name: body/name must be unique in this folder'),
    );
    expect(screen.getByRole('dialog', { name: 'New collection' })).toBeInTheDocument();
    expect(field).toHaveValue('Board minutes');
    expect(field).toHaveFocus();
    expect(notificationTexts()).toEqual([
      'error: The collection “Board minutes” could not be created. The server did not accept the name: body/name must be unique in this folder',
    ]);
    expect(linkNames(list)).toEqual(['Contracts', 'Quarterly reports']);
  });

  it('says when the server fails and lets the user try again from the same dialog', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('*/api/collections', () => apiError(500, 'boom'), { once: true }));
    const list = await showList();
    await user.click(screen.getByRole('button', { name: 'New collection' }));
    const dialog = screen.getByRole('dialog', { name: 'New collection' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Board minutes');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The server had a problem. Please try again later.');

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(linkNames(list)).toEqual(['Board minutes', 'Contracts', 'Quarterly reports']);
  });

  it('Cancel and Escape close it without sending anything', async () => {
    const user = userEvent.setup();
    await showList();
    await user.click(screen.getByRole('button', { name: 'New collection' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New collection' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.requests).toEqual([]);
  });
});

describe('rename', () => {
  it('renames from a dialog that starts with the current name; the list shows the new name first', async () => {
    const user = userEvent.setup();
    const list = await showList();
    const opener = within(list).getByRole('button', { name: 'Rename Quarterly reports' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Rename “Quarterly reports”' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(field).toHaveValue('Quarterly reports');

    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(field).toHaveAccessibleDescription('Please give the collection a name.');
    expect(backend.requests).toEqual([]);

    await user.type(field, 'Quarterly reports 2025');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.requests).toEqual([
      { method: 'PATCH', path: `/api/collections/${quarterly.id}`, body: { name: 'Quarterly reports 2025' } },
    ]);
    expect(linkNames(list)).toEqual(['Quarterly reports 2025', 'Contracts']);
    expect(within(list).getByRole('link', { name: 'Quarterly reports 2025' })).toHaveAttribute('href', `/collections/${quarterly.id}`);
    expect(notificationTexts()).toEqual(['success: Collection renamed to “Quarterly reports 2025”.']);
    expect(within(list).getByRole('button', { name: 'Rename Quarterly reports 2025' })).toHaveFocus();
  });

  it('closes without a request when the name did not change', async () => {
    const user = userEvent.setup();
    const list = await showList();
    await user.click(within(list).getByRole('button', { name: 'Rename Contracts' }));
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.requests).toEqual([]);
  });

  it('when the collection no longer exists: says so, closes and loads the list again', async () => {
    const user = userEvent.setup();
    const list = await showList();
    backend.collections = backend.collections.filter((c) => c.id !== quarterly.id);
    await user.click(within(list).getByRole('button', { name: 'Rename Quarterly reports' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' (old)');
    await user.click(screen.getByRole('button', { name: 'Rename' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notificationTexts()).toEqual(['error: “Quarterly reports” could not be renamed. The collection no longer exists.']);
    await waitFor(() => expect(linkNames(screen.getByRole('list', { name: 'Personal collections' }))).toEqual(['Contracts']));
    expect(backend.listCalls).toEqual(['personal', 'personal']);
  });
});

describe('delete', () => {
  it('asks first, saying the files go with it; Cancel keeps the collection', async () => {
    const user = userEvent.setup();
    const list = await showList();
    await user.click(within(list).getByRole('button', { name: 'Delete Quarterly reports' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete collection?' });
    expect(confirm).toHaveAccessibleDescription(
      '“Quarterly reports” and the 3 files in it will be deleted. This cannot be undone.',
    );
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(linkNames(list)).toEqual(['Contracts', 'Quarterly reports']);
    expect(backend.requests).toEqual([]);
    expect(within(list).getByRole('button', { name: 'Delete Quarterly reports' })).toHaveFocus();
  });

  it('deletes after the confirmation: gone from the list, a success notification, focus on the list heading', async () => {
    const user = userEvent.setup();
    const list = await showList();
    await user.click(within(list).getByRole('button', { name: 'Delete Contracts' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete collection?' });
    expect(confirm).toHaveAccessibleDescription('“Contracts” and the 1 file in it will be deleted. This cannot be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(backend.requests).toEqual([{ method: 'DELETE', path: `/api/collections/${contracts.id}` }]);
    expect(linkNames(list)).toEqual(['Quarterly reports']);
    expect(notificationTexts()).toEqual(['success: Collection “Contracts” deleted.']);
    expect(screen.getByRole('heading', { level: 2, name: 'Personal collections' })).toHaveFocus();
  });

  it('shows the empty state after the last one is deleted', async () => {
    const user = userEvent.setup();
    resetCollectionsState([collection({ name: 'Empty one' })]);
    await renderCollections('personal');
    await user.click(await screen.findByRole('button', { name: 'Delete Empty one' }));
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(
      '“Empty one” will be deleted. It has no files. This cannot be undone.',
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'No personal collections yet' })).toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when the delete fails', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.delete('*/api/collections/:id', () => apiError(500, 'disk full')));
    const list = await showList();
    await user.click(within(list).getByRole('button', { name: 'Delete Contracts' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    const confirm = screen.getByRole('alertdialog', { name: 'Delete collection?' });
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('The server had a problem. Please try again later.');
    expect(notificationTexts()).toEqual(['error: “Contracts” could not be deleted. The server had a problem. Please try again later.']);
    expect(linkNames(list)).toEqual(['Contracts', 'Quarterly reports']);
  });
});
