// The progress of an upload in its chip: jsdom's XHR (through msw) reports upload progress only
// once, at the end, so here uploadAttachment is a stub that reports what a browser would.
import { setApiClients } from '@assistant/platform';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { handlers, renderChat, resetChatState } from '../../../__tests__/chat-kit';
import { groundedHandlers, resetGrounded, testFile } from '../../../__tests__/grounded-kit';
import type { UploadAttachmentOptions } from '../api/upload-attachment';

const mockUpload = jest.fn();
jest.mock('../api/upload-attachment', () => ({ uploadAttachment: (...args: unknown[]) => mockUpload(...args) }));

const server = setupServer(...groundedHandlers(), ...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});
beforeEach(() => {
  resetChatState();
  resetGrounded();
});

it('shows how much of a file has been sent as a progress bar and in words, two uploads at a time, and aborts on leaving', async () => {
  const reports: ((loaded: number, total: number) => void)[] = [];
  const signals: AbortSignal[] = [];
  mockUpload.mockImplementation((_conversationId: string, _file: File, options: UploadAttachmentOptions) => {
    reports.push((loaded, total) => options.onProgress?.({ loaded, total }));
    signals.push(options.signal!);
    return new Promise(() => {});
  });
  const user = userEvent.setup();
  const view = await renderChat('/chat');
  await screen.findByRole('heading', { name: 'Start a conversation' });
  await user.upload(screen.getByLabelText('Attach files', { selector: 'input' }), [testFile('a.docx'), testFile('b.docx'), testFile('c.docx')]);
  const list = screen.getByRole('list', { name: 'Attachments' });
  const item = (name: string) => within(list).getByText(name).closest('li') as HTMLElement;
  await waitFor(() => expect(mockUpload).toHaveBeenCalledTimes(2));
  expect(item('c.docx')).toHaveTextContent('Waiting');
  const bar = within(item('a.docx')).getByRole('progressbar', { name: 'Upload progress of a.docx' });
  expect(bar).toHaveAttribute('value', '0');
  act(() => reports[0]!(1000, 4000));
  await waitFor(() => expect(bar).toHaveAttribute('value', '25'));
  expect(item('a.docx')).toHaveTextContent('Uploading 25 %');
  view.unmount();
  expect(signals.every((signal) => signal.aborted)).toBe(true);
});
