import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { COLLECTION_ID, announced, fake, file, handlers, renderDetails, resetDocumentsState, run } from './documents-kit';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetDocumentsState();
  server.resetHandlers(...handlers());
});
afterEach(() => jest.restoreAllMocks());

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`^${name.replace('.', '\\.')}`) });

describe('a file whose processing failed', () => {
  it('says why with the text of its DATA code and processes it again on Retry', async () => {
    const failed = file({ name: 'scan.pdf', status: 'processing-failed', error: { dataCode: 'DATA0003', message: 'no text layer' } });
    fake.files = [failed, file({ name: 'ok.pdf' })];
    const user = userEvent.setup();
    await renderDetails();
    await screen.findByRole('row', { name: /^scan\.pdf/ });
    expect(within(row('scan.pdf')).getByText('Processing failed')).toBeInTheDocument();
    expect(within(row('scan.pdf')).getByText('The file contains no text that can be read, for example because it holds only scanned images.')).toBeInTheDocument();
    expect(screen.queryByText('no text layer')).not.toBeInTheDocument();
    expect(within(row('ok.pdf')).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();

    fake.advance = true;
    await user.click(screen.getByRole('button', { name: 'Retry processing scan.pdf' }));
    expect(fake.retries).toEqual([failed.fileId]);
    await waitFor(() => expect(within(row('scan.pdf')).getByText('Processed')).toBeInTheDocument());
    expect(within(row('scan.pdf')).queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('asks before removing a file and deletes it on confirmation, not on cancel', async () => {
    const failed = file({ name: 'broken.docx', status: 'processing-failed', error: { dataCode: 'DATA0004', message: 'zip' } });
    fake.files = [failed];
    const user = userEvent.setup();
    await renderDetails();
    await screen.findByRole('row', { name: /^broken\.docx/ });

    await user.click(screen.getByRole('button', { name: 'Remove broken.docx' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Remove the document?' });
    expect(dialog).toHaveAccessibleDescription('broken.docx is deleted from this collection together with its search index. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fake.deletes).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove broken.docx' }));
    dialog = screen.getByRole('alertdialog', { name: 'Remove the document?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /^broken\.docx/ })).not.toBeInTheDocument());
    expect(fake.deletes).toEqual([failed.fileId]);
    expect(screen.getByText('No documents yet')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Documents' })).toHaveFocus());
    await waitFor(() => expect(announced()).toContain('broken.docx was removed.'));
  });

  it('says so when a retry fails', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    fake.files = [file({ name: 'scan.pdf', status: 'processing-failed', error: { dataCode: 'DATA0009', message: 'x' } })];
    server.use(http.post('*/api/files/:fileId/runs', () => HttpResponse.json({ statusCode: 500, error: 'x', message: 'boom' }, { status: 500 })));
    const user = userEvent.setup();
    await renderDetails();
    expect(await screen.findByText('An unexpected error occurred during processing. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry processing scan.pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Processing of scan.pdf could not be started again. Please try later.');
  });

  it.each([
    ['DATA0001', 'This file type cannot be processed. Please upload PDF, Word, HTML, Markdown or text files.'],
    ['DATA0002', 'The file is too large to be processed.'],
    ['DATA0005', 'The file is encrypted or protected by a password. Please upload it without protection.'],
    ['DATA0006', 'The file is empty.'],
    ['DATA0007', 'Processing took too long and was stopped. Please try again.'],
    ['DATA0008', 'The stored file could not be read. Please try again.'],
  ] as const)('explains %s', async (dataCode, text) => {
    fake.files = [file({ name: 'f.pdf', status: 'processing-failed', error: { dataCode, message: 'x' } })];
    await renderDetails();
    expect(await screen.findByText(text)).toBeInTheDocument();
  });
});

describe('ingestion runs', () => {
  it('lists the runs ten per page with status, file name and error text, and pages through them', async () => {
    fake.runs = Array.from({ length: 23 }, (_, index) =>
      index === 10
        ? run({ fileName: 'run-11.pdf', status: 'failed', output: null, errors: [{ type: 'extraction', message: 'x', httpCode: 422, dataCode: 'DATA0005' }] })
        : run({ fileName: `run-${index + 1}.pdf`, status: index === 0 ? 'running' : 'completed', output: index === 0 ? null : { datasetId: 'd' } }),
    );
    const user = userEvent.setup();
    await renderDetails();
    const section = await screen.findByRole('region', { name: 'Processing runs' });
    const table = await within(section).findByRole('table', { name: 'Processing runs, page 1 of 3' });
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getByRole('row', { name: /^run-1\.pdf/ })).toHaveTextContent('Running');
    expect(within(section).getByText('Page 1 of 3')).toBeInTheDocument();
    const pages = within(section).getByRole('navigation', { name: 'Pages of the processing runs' });
    expect(within(pages).getByRole('button', { name: 'Previous page' })).toHaveAttribute('aria-disabled', 'true');
    expect(fake.runsQueries.at(-1)).toEqual({ page: 1, size: 10, collection_id: COLLECTION_ID });

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await within(section).findByText('Page 2 of 3')).toBeInTheDocument();
    const failed = await within(section).findByRole('row', { name: /^run-11\.pdf/ });
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('The file is encrypted or protected by a password.');
    expect(fake.runsQueries.at(-1)).toEqual({ page: 2, size: 10, collection_id: COLLECTION_ID });

    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await within(section).findByText('Page 3 of 3')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next page' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(pages).getByRole('button', { name: 'Next page' })).toHaveFocus();
    const queries = fake.runsQueries.length;
    await user.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(fake.runsQueries).toHaveLength(queries);
    expect(within(section).getAllByRole('row')).toHaveLength(4);
    await user.click(within(pages).getByRole('button', { name: 'Previous page' }));
    expect(await within(section).findByText('Page 2 of 3')).toBeInTheDocument();
  });

  it('asks for the runs again when the files change', async () => {
    fake.files = [file({ name: 'new.pdf', status: 'processing' })];
    await renderDetails();
    await screen.findByRole('row', { name: /^new\.pdf/ });
    await waitFor(() => expect(fake.runsQueries.length).toBeGreaterThan(0));
    const before = fake.runsQueries.length;
    fake.runs = [run({ fileName: 'new.pdf' })];
    fake.files = [{ ...fake.files[0]!, status: 'processed' }];
    const section = screen.getByRole('region', { name: 'Processing runs' });
    expect(await within(section).findByRole('row', { name: /^new\.pdf/ })).toHaveTextContent('Completed');
    expect(fake.runsQueries.length).toBeGreaterThan(before);
  });

  it('says when there are no runs and shows no page buttons', async () => {
    await renderDetails();
    expect(await screen.findByText('No documents have been processed in this collection yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages of the processing runs' })).not.toBeInTheDocument();
  });
});
