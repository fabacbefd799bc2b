import { screen, waitFor, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { announced, collection, fake, file, handlers, renderDetails, resetDocumentsState } from './documents-kit';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetDocumentsState();
  server.resetHandlers(...handlers());
});

describe('collection details: header and files', () => {
  it('shows the name as the title, the way back to its list and every column of the files', async () => {
    fake.files = [
      file({ name: 'report.pdf', mediaType: 'application/pdf', size: 1536, version: 2, status: 'processed' }),
      file({ name: 'contract.docx', mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 3 * 1024 * 1024, status: 'processed' }),
      file({ name: 'notes.md', mediaType: 'text/markdown; charset=utf-8', size: 200, status: 'processed' }),
      file({ name: 'page.html', mediaType: 'text/html; charset=utf-8', size: 2048, status: 'processed' }),
      file({ name: 'log.txt', mediaType: 'text/plain; charset=utf-8', size: 10, status: 'processed' }),
    ];
    await renderDetails();
    expect(await screen.findByRole('heading', { level: 1, name: 'Handbooks' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to personal collections' })).toHaveAttribute('href', '/collections/personal');
    expect(document.title).toBe('Handbooks – Assistant');

    const table = await screen.findByRole('table', { name: 'Documents in this collection' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Name', 'Type', 'Size', 'Uploaded', 'Version', 'Status', 'Actions']);

    const cells = (name: string) => within(screen.getByRole('row', { name: new RegExp(`^${name.replace('.', '\\.')}`) })).getAllByRole('cell').map((cell) => cell.textContent);
    expect(within(screen.getByRole('row', { name: /^report\.pdf/ })).getByRole('rowheader')).toHaveTextContent('report.pdf');
    expect(cells('report.pdf').slice(0, 5)).toEqual(['PDF', '1.5 KB', '05/03/2026', 'v2', 'Processed']);
    expect(cells('contract.docx').slice(0, 2)).toEqual(['Word', '3 MB']);
    expect(cells('notes.md').slice(0, 2)).toEqual(['Markdown', '200 B']);
    expect(cells('page.html').slice(0, 2)).toEqual(['HTML', '2 KB']);
    expect(cells('log.txt').slice(0, 2)).toEqual(['Text', '10 B']);
    expect(screen.getByRole('button', { name: 'Remove report.pdf' })).toBeInTheDocument();
  });

  it('says so when a collection is missing or someone else’s (404 after the client’s retries)', async () => {
    fake.collection = 'missing';
    await renderDetails();
    expect(await screen.findByRole('heading', { name: 'Collection not found' })).toBeInTheDocument();
    expect(screen.getByText('This collection does not exist, was deleted or belongs to someone else.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your collections' })).toHaveAttribute('href', '/collections');
  });

  it('shows an employee a company collection without upload, retry or remove', async () => {
    fake.collection = collection({ name: 'Policies', scope: 'company', can_manage: false });
    fake.files = [file({ name: 'policy.pdf', status: 'processing-failed', error: { dataCode: 'DATA0004', message: 'corrupt' } })];
    await renderDetails();
    expect(await screen.findByRole('heading', { level: 1, name: 'Policies' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /^policy\.pdf/ })).toBeInTheDocument();
    expect(screen.getByText('The file is damaged or cannot be read.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Choose files' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Drag documents here/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Retry|Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to company collections' })).toHaveAttribute('href', '/collections/company');
  });

  it('polls while a file is processing, stops when all are final, and stops on leaving the page', async () => {
    fake.files = [file({ name: 'slow.pdf', status: 'processing' })];
    const view = await renderDetails();
    const row = await screen.findByRole('row', { name: /^slow\.pdf/ });
    expect(within(row).getByText('Processing')).toBeInTheDocument();
    await waitFor(() => expect(fake.filesRequests).toBeGreaterThanOrEqual(3));
    fake.files = [{ ...fake.files[0]!, status: 'processed' }];
    await waitFor(() => expect(within(screen.getByRole('row', { name: /^slow\.pdf/ })).getByText('Processed')).toBeInTheDocument());
    await waitFor(() => expect(announced()).toContain('slow.pdf: Processed'));
    const settled = fake.filesRequests;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.filesRequests).toBe(settled);

    fake.files = [file({ name: 'again.pdf', status: 'processing' })];
    view.unmount();
    const atUnmount = fake.filesRequests;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fake.filesRequests).toBe(atUnmount);
  });

  it('speaks German', async () => {
    fake.files = [file({ name: 'bericht.pdf', size: 1536, status: 'processing-failed', error: { dataCode: 'DATA0005', message: 'encrypted' } })];
    await renderDetails('de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Handbooks' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zu den persönlichen Sammlungen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Dokumente' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dateien auswählen' })).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /^bericht\.pdf/ });
    expect(within(row).getByText('1,5 KB')).toBeInTheDocument();
    expect(within(row).getByText('05.03.2026')).toBeInTheDocument();
    expect(within(row).getByText('Verarbeitung fehlgeschlagen')).toBeInTheDocument();
    expect(within(row).getByText('Die Datei ist verschlüsselt oder mit einem Passwort geschützt. Bitte laden Sie sie ohne Schutz hoch.')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Erneut verarbeiten: bericht.pdf' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Entfernen: bericht.pdf' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Verarbeitungsläufe' })).toBeInTheDocument();
  });
});
