// The progress bar with partial progress: jsdom's XHR (through msw) reports upload progress only
// once, at the end, so here uploadFile is a stub that reports what a browser would.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import type { UploadFileOptions } from '../api/upload-file';
import { handlers, renderDetails, resetDocumentsState, testFile } from './documents-kit';

const mockUploadFile = jest.fn();
jest.mock('../api/upload-file', () => ({ uploadFile: (...args: unknown[]) => mockUploadFile(...args) }));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetDocumentsState();
  server.resetHandlers(...handlers());
  mockUploadFile.mockReset();
});

it('shows how much of a file has been sent as a progress bar with its value', async () => {
  let report!: (loaded: number, total: number) => void;
  let signal: AbortSignal | undefined;
  mockUploadFile.mockImplementation((_id: string, _file: File, options: UploadFileOptions) => {
    report = (loaded, total) => options.onProgress?.({ loaded, total });
    signal = options.signal;
    return new Promise(() => {});
  });
  const user = userEvent.setup();
  const view = await renderDetails();
  await user.upload(await screen.findByLabelText('Choose files', { selector: 'input' }), testFile('report.pdf', 4000));
  const item = within(screen.getByRole('list', { name: 'Uploads' })).getByText('report.pdf').closest('li') as HTMLElement;
  const bar = within(item).getByRole('progressbar', { name: 'Upload progress of report.pdf' });
  expect(bar).toHaveAttribute('value', '0');
  act(() => report(1000, 4000));
  await waitFor(() => expect(bar).toHaveAttribute('value', '25'));
  expect(within(item).getByText('25 %')).toBeInTheDocument();
  act(() => report(4000, 4000));
  await waitFor(() => expect(bar).toHaveAttribute('value', '100'));
  expect(mockUploadFile).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ name: 'report.pdf' }), expect.anything());
  view.unmount();
  expect(signal?.aborted).toBe(true);
});
