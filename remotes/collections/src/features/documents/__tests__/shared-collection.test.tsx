import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { collection, fake, file, handlers, renderDetails, resetDocumentsState, testFile } from './documents-kit';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetDocumentsState();
  server.resetHandlers(...handlers());
});

const MARIA = { sub: 'maria', name: 'Maria Schmidt' };

// The UI kit's badge speaks the host's language (German without the host's UiTextsProvider, as here).
describe('a collection shared with the user', () => {
  it('to view: says who shared it and offers no upload, retry or remove', async () => {
    fake.collection = collection({ name: 'Board minutes', can_manage: false, sharing: { access: 'view', shared_by: MARIA, shared_with: [] } });
    fake.files = [file({ name: 'minutes.pdf', status: 'processing-failed', error: { dataCode: 'DATA0004', message: 'corrupt' } })];
    await renderDetails('de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Board minutes' })).toBeInTheDocument();
    expect(screen.getByText('Geteilt von Maria Schmidt')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /^minutes\.pdf/ })).toBeInTheDocument();
    expect(screen.queryByLabelText('Dateien auswählen', { selector: 'input' })).not.toBeInTheDocument();
    // The name opens the preview; nothing changes the document.
    expect(screen.getByRole('button', { name: 'minutes.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /(entfernen|erneut)/i })).not.toBeInTheDocument();
  });

  it('to edit: uploads and removes documents like its owner', async () => {
    const user = userEvent.setup();
    fake.collection = collection({ name: 'Contracts', can_manage: true, sharing: { access: 'edit', shared_by: MARIA, shared_with: [] } });
    fake.files = [file({ name: 'old.pdf' })];
    await renderDetails('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contracts' })).toBeInTheDocument();
    expect(screen.getByText('Geteilt von Maria Schmidt')).toBeInTheDocument();
    await user.upload(await screen.findByLabelText('Choose files', { selector: 'input' }), testFile('new.pdf'));
    await waitFor(() => expect(fake.uploads).toEqual(['new.pdf']));
    await user.click(await screen.findByRole('button', { name: 'Remove old.pdf' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Remove the document?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fake.deletes).toHaveLength(1));
  });
});
