import { useConfigStore } from '@assistant/platform';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { announced, fake, handlers, renderDetails, resetDocumentsState, testFile } from './documents-kit';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetDocumentsState();
  server.resetHandlers(...handlers());
  jest.spyOn(console, 'warn').mockImplementation(() => {}); // refused uploads are logged
});
afterEach(() => jest.restoreAllMocks());

/** The page ready for uploads; the user does not filter by `accept` (the page checks types itself). */
async function ready(language: 'de' | 'en' = 'en') {
  const user = userEvent.setup({ applyAccept: false });
  const view = await renderDetails(language);
  await screen.findByRole('heading', { level: 2, name: language === 'en' ? 'Documents' : 'Dokumente' });
  const input = screen.getByLabelText(language === 'en' ? 'Choose files' : 'Dateien auswählen', { selector: 'input' });
  return { user, input, view };
}

const uploads = () => within(screen.getByRole('list', { name: 'Uploads' }));
const upload = (name: string) => uploads().getByText(name).closest('li') as HTMLElement;

describe('upload', () => {
  it('offers a named drop zone with the limits and a button for several files', async () => {
    const { input } = await ready();
    const zone = screen.getByRole('group', { name: 'Drag documents here to upload them' });
    expect(zone).toHaveAccessibleDescription('PDF, Word, HTML, Markdown or text files, up to 20 MB each. You can choose several at once.');
    expect(within(zone).getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
    expect(input).toHaveAttribute('multiple');
    expect(input).toHaveAttribute('accept', '.pdf,.docx,.html,.htm,.md,.markdown,.txt,.text,.log,.csv');
  });

  it('refuses files over the configured limit and of other types before sending anything', async () => {
    useConfigStore.setState({ config: { ...useConfigStore.getState().config, maxFileUploadSizeMB: 1 } });
    const { user, input } = await ready();
    expect(screen.getByRole('group', { name: 'Drag documents here to upload them' })).toHaveAccessibleDescription(/up to 1 MB each/);
    await user.upload(input, [testFile('big.pdf', 1024 * 1024 + 1), testFile('setup.exe', 10)]);
    expect(within(upload('big.pdf')).getByText('Not uploaded')).toBeInTheDocument();
    expect(within(upload('big.pdf')).getByText('The file is larger than 1 MB and was not sent.')).toBeInTheDocument();
    expect(within(upload('setup.exe')).getByText('This file type is not supported. Please choose PDF, Word (.docx), HTML, Markdown or text files.')).toBeInTheDocument();
    await waitFor(() => expect(announced()).toContain('big.pdf: Not uploaded'));
    expect(fake.uploads).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Dismiss big.pdf' }));
    expect(uploads().queryByText('big.pdf')).not.toBeInTheDocument();
  });

  it('uploads two files at once, one request each, and follows them through processing to processed', async () => {
    let release!: () => void;
    fake.holdUploads = new Promise<void>((resolve) => (release = resolve));
    const { user, input } = await ready();
    await user.upload(input, [testFile('a.pdf', 2000), testFile('b.md', 300, 'text/markdown')]);

    expect(within(upload('a.pdf')).getByText('Uploading')).toBeInTheDocument();
    expect(within(upload('a.pdf')).getByRole('progressbar', { name: 'Upload progress of a.pdf' })).toBeInTheDocument();
    expect(within(upload('b.md')).getByRole('progressbar', { name: 'Upload progress of b.md' })).toBeInTheDocument();
    await waitFor(() => expect(fake.uploads.sort()).toEqual(['a.pdf', 'b.md']));
    expect(fake.maxUploadsInFlight).toBe(2);
    release();

    const item = (name: string, state: string) => expect(within(upload(name)).getByText(state)).toBeInTheDocument();
    const row = (name: string, state: string) =>
      expect(within(screen.getByRole('row', { name: new RegExp(`^${name.replace('.', '\\.')}`) })).getByText(state)).toBeInTheDocument();
    await waitFor(() => item('a.pdf', 'Uploaded'));
    await waitFor(() => item('b.md', 'Uploaded'));
    expect(within(upload('a.pdf')).queryByRole('progressbar')).not.toBeInTheDocument();

    const set = (name: string, status: 'processing' | 'processed') => {
      fake.files = fake.files.map((f) => (f.name === name ? { ...f, status } : f));
    };
    set('a.pdf', 'processing');
    set('b.md', 'processing');
    await waitFor(() => item('a.pdf', 'Processing'));
    await waitFor(() => item('b.md', 'Processing'));
    row('a.pdf', 'Processing');

    set('a.pdf', 'processed');
    await waitFor(() => item('a.pdf', 'Processed'));
    item('b.md', 'Processing');
    row('a.pdf', 'Processed');
    await waitFor(() => expect(announced()).toContain('a.pdf: Processed'));

    set('b.md', 'processed');
    await waitFor(() => item('b.md', 'Done'));
    item('a.pdf', 'Done');
    row('b.md', 'Processed');
    expect(within(screen.getByRole('row', { name: /^b\.md/ })).getByText('Markdown')).toBeInTheDocument();
    expect(fake.uploads).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Clear finished uploads' }));
    expect(screen.queryByRole('list', { name: 'Uploads' })).not.toBeInTheDocument();
  });

  it('sends at most two files at a time, the others wait', async () => {
    let release!: () => void;
    fake.holdUploads = new Promise<void>((resolve) => (release = resolve));
    const { user, input } = await ready();
    await user.upload(input, [testFile('one.pdf'), testFile('two.pdf'), testFile('three.pdf')]);
    await waitFor(() => expect(fake.uploads).toHaveLength(2));
    expect(within(upload('three.pdf')).getByText('Waiting')).toBeInTheDocument();
    expect(within(upload('three.pdf')).queryByRole('progressbar')).not.toBeInTheDocument();
    release();
    await waitFor(() => expect(fake.uploads).toHaveLength(3));
    expect(fake.maxUploadsInFlight).toBe(2);
  });

  it('shows the server’s 415 message as a failed upload, and sends it again on request', async () => {
    fake.refuse['fake.pdf'] = { status: 415, message: '"fake.pdf" is application/x-msdownload (.exe) by its content, not a supported document' };
    const { user, input } = await ready();
    await user.upload(input, testFile('fake.pdf'));
    await waitFor(() => expect(within(upload('fake.pdf')).getByText('Upload failed')).toBeInTheDocument());
    expect(within(upload('fake.pdf')).getByText('"fake.pdf" is application/x-msdownload (.exe) by its content, not a supported document')).toBeInTheDocument();
    await waitFor(() => expect(announced()).toContain('fake.pdf: Upload failed'));

    delete fake.refuse['fake.pdf'];
    await user.click(screen.getByRole('button', { name: 'Send fake.pdf again' }));
    await waitFor(() => expect(screen.getByRole('row', { name: /^fake\.pdf/ })).toBeInTheDocument());
    expect(fake.uploads).toEqual(['fake.pdf', 'fake.pdf']);
    expect(screen.queryByText('Upload failed')).not.toBeInTheDocument();
  });

  it('shows a 413 message and lets the user dismiss the failed upload', async () => {
    fake.refuse['huge.pdf'] = { status: 413, message: '"huge.pdf" is larger than the upload limit of 20 MB' };
    const { user, input } = await ready();
    await user.upload(input, testFile('huge.pdf'));
    expect(await screen.findByText('"huge.pdf" is larger than the upload limit of 20 MB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss huge.pdf' }));
    expect(screen.queryByText('"huge.pdf" is larger than the upload limit of 20 MB')).not.toBeInTheDocument();
  });

  it('takes files dropped onto the drop zone', async () => {
    await ready();
    const zone = screen.getByRole('group', { name: 'Drag documents here to upload them' });
    const files = [testFile('dropped.txt', 5, 'text/plain'), testFile('second.html', 5, 'text/html')];
    fireEvent.dragEnter(zone, { dataTransfer: { types: ['Files'], files: [] } });
    expect(screen.getByRole('group', { name: 'Drop the files to upload them' })).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer: { types: ['Files'], files } });
    expect(screen.getByRole('group', { name: 'Drag documents here to upload them' })).toBeInTheDocument();
    await waitFor(() => expect(fake.uploads.sort()).toEqual(['dropped.txt', 'second.html']));
    await screen.findByRole('row', { name: /^dropped\.txt/ });
  });

  it('aborts uploads in flight when the page is left', async () => {
    fake.holdUploads = new Promise<void>(() => {});
    const abort = jest.spyOn(XMLHttpRequest.prototype, 'abort');
    const { user, input, view } = await ready();
    await user.upload(input, [testFile('a.pdf'), testFile('b.pdf')]);
    await waitFor(() => expect(fake.uploads).toHaveLength(2));
    view.unmount();
    expect(abort).toHaveBeenCalledTimes(2);
  });
});
