import { resetServerState, setApiClients, useConfigStore } from '@assistant/platform';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { backend, conversation, handlers, nextId, renderChat, resetChatState } from '../../../__tests__/chat-kit';
import { grounded, groundedHandlers, resetGrounded, sentPayloads, testFile } from '../../../__tests__/grounded-kit';

jest.setTimeout(20_000);

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
afterEach(() => jest.restoreAllMocks());

const chips = () => screen.getByRole('list', { name: 'Attachments' });
const chip = (name: string) => within(chips()).getByText(name).closest('li') as HTMLElement;
const composer = () => screen.getByRole('textbox', { name: 'Your message' });
const fileInput = () => screen.getByLabelText('Attach files', { selector: 'input' });
const sentWith = () => screen.getByRole('list', { name: 'Files sent with the question' });
const liveRegion = () => document.querySelector('.conversation [role="status"][aria-live="polite"]') as HTMLElement;

describe('attachments in the composer', () => {
  it('attaching a file in a new chat creates the conversation first, uploads into it, shows each state, and sends its id', async () => {
    grounded.holdProcessing = true;
    const user = userEvent.setup();
    await renderChat('/chat');
    await screen.findByRole('heading', { name: 'Start a conversation' });
    await user.upload(fileInput(), testFile('Annual report.docx', 2000));

    // The conversation is created (POST conversations) before the file goes into it.
    await waitFor(() => expect(grounded.uploads).toHaveLength(1));
    const created = backend.conversations[0]!;
    expect(backend.requests.map((r) => r.method + ' ' + r.path.split('?')[0])).toEqual(['POST /api/conversations']);
    expect(grounded.uploads[0]).toEqual({ conversationId: created.id, name: 'Annual report.docx' });
    expect(await screen.findByRole('link', { name: 'New conversation', current: 'page' })).toBeInTheDocument();

    await waitFor(() => expect(chip('Annual report.docx')).toHaveTextContent('Uploaded'));
    // Not processed yet: sending waits, and says so.
    await user.type(composer(), 'What grew?{Enter}');
    expect(sentPayloads()).toHaveLength(0);
    expect(screen.getByText('Sending waits until the attachments are processed.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-disabled', 'true');
    expect(liveRegion()).toHaveTextContent('Sending waits until the attachments are processed.');

    act(() => void (grounded.holdProcessing = false));
    await waitFor(() => expect(chip('Annual report.docx')).toHaveTextContent('Ready'), { timeout: 5000 });
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Annual report.docx is attached and ready.'));
    expect(composer()).toHaveValue('What grew?');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sentPayloads()).toHaveLength(1));
    const fileId = grounded.files.get(created.id)![0]!.fileId;
    expect(sentPayloads()[0]).toMatchObject({ content: 'What grew?', attachments: [fileId] });
    // The files went with the question: the composer starts empty, the file stays in the conversation.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument());
    expect(grounded.deletes).toEqual([]);
    // The question shows the file it was sent with.
    await waitFor(() => expect(within(sentWith()).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Annual report.docx']));
    expect(sentWith().closest('.conversation__message--question')).toHaveTextContent('What grew?');
  });

  it('shows the files a stored question was sent with when the conversation is opened (a reload), in German too', async () => {
    const stored = conversation({ name: 'Reports' });
    resetChatState([stored]);
    const question = { message_id: nextId(), conversation_id: stored.id, parent_message_id: null, role: 'user', content: 'Compare both', created_at: stored.created_at, status: 'complete' } as const;
    const files = [
      { file_id: nextId(), name: 'Annual report 2025.pdf' },
      { file_id: nextId(), name: 'Travel policy.docx' },
    ];
    backend.messages.set(stored.id, [
      { ...question, attachments: files },
      { message_id: nextId(), conversation_id: stored.id, parent_message_id: question.message_id, role: 'assistant', content: 'Both grew.', created_at: stored.created_at, status: 'complete' },
    ]);
    const view = await renderChat(`/chat/${stored.id}`);
    await screen.findByText('Compare both');
    expect(within(sentWith()).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Annual report 2025.pdf', 'Travel policy.docx']);
    // The answer shows none.
    expect(screen.getAllByRole('list', { name: 'Files sent with the question' })).toHaveLength(1);
    view.unmount();
    resetServerState();
    await renderChat(`/chat/${stored.id}`, 'de');
    await screen.findByText('Compare both');
    expect(within(screen.getByRole('list', { name: 'Mit der Frage gesendete Dateien' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('takes files dropped onto the conversation, and refuses a wrong type or a file over the limit without sending it', async () => {
    useConfigStore.setState((state) => ({ config: { ...state.config, maxFileUploadSizeMB: 1 } }));
    await renderChat('/chat');
    const area = (await screen.findByRole('heading', { name: 'Start a conversation' })).closest('.conversation') as HTMLElement;
    const files = [testFile('notes.md', 20, 'text/markdown'), testFile('drawing.svg', 20, 'image/svg+xml'), testFile('huge.pdf', 2 * 1024 * 1024, 'application/pdf')];
    const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
    fireEvent.dragEnter(area, { dataTransfer });
    expect(screen.getByText('Drop the files to attach them to your question')).toBeInTheDocument();
    fireEvent.dragOver(area, { dataTransfer });
    fireEvent.drop(area, { dataTransfer });
    expect(screen.queryByText('Drop the files to attach them to your question')).not.toBeInTheDocument();

    await waitFor(() => expect(chip('notes.md')).toHaveTextContent(/Ready/));
    expect(chip('drawing.svg')).toHaveTextContent('Not uploaded');
    expect(chip('drawing.svg')).toHaveTextContent('This file type is not supported.');
    expect(chip('huge.pdf')).toHaveTextContent('The file is larger than 1 MB and was not sent.');
    expect(grounded.uploads.map((u) => u.name)).toEqual(['notes.md']);
    // Failed attachments hold the message until they are removed.
    expect(screen.getByText('Remove or retry the attachments that failed before sending.', { selector: 'p' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(chip('drawing.svg')).getByRole('button', { name: 'Remove drawing.svg' }));
    await user.click(within(chip('huge.pdf')).getByRole('button', { name: 'Remove huge.pdf' }));
    expect(screen.queryByText('Remove or retry the attachments that failed before sending.', { selector: 'p' })).not.toBeInTheDocument();
    useConfigStore.setState((state) => ({ config: { ...state.config, maxFileUploadSizeMB: 20 } }));
  });

  it('shows a failed upload with the reason and retries it; a removed file is deleted from the conversation', async () => {
    let refuse = true;
    grounded.uploadAnswer = () => (refuse ? HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'boom' }, { status: 500 }) : undefined);
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    await renderChat('/chat');
    await screen.findByRole('heading', { name: 'Start a conversation' });
    await user.upload(fileInput(), testFile('Annual report.docx'));
    await waitFor(() => expect(chip('Annual report.docx')).toHaveTextContent('Upload failed'));
    expect(chip('Annual report.docx')).toHaveTextContent('The upload failed (error 500). Please retry.');
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Annual report.docx: Upload failed.'));

    refuse = false;
    await user.click(within(chip('Annual report.docx')).getByRole('button', { name: 'Retry Annual report.docx' }));
    await waitFor(() => expect(chip('Annual report.docx')).toHaveTextContent('Ready'));
    expect(grounded.uploads).toHaveLength(2);
    // Only one conversation was made for both tries.
    expect(backend.conversations).toHaveLength(1);

    const fileId = grounded.files.get(backend.conversations[0]!.id)![0]!.fileId;
    await user.click(within(chip('Annual report.docx')).getByRole('button', { name: 'Remove Annual report.docx' }));
    expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
    await waitFor(() => expect(grounded.deletes).toEqual([fileId]));
  });

  it('offers processing a file again when its processing failed', async () => {
    grounded.holdProcessing = true;
    const user = userEvent.setup();
    await renderChat('/chat');
    await screen.findByRole('heading', { name: 'Start a conversation' });
    await user.upload(fileInput(), testFile('Broken.docx'));
    await waitFor(() => expect(grounded.files.size).toBe(1));
    const [conversationId, files] = [...grounded.files][0]!;
    grounded.files.set(conversationId, files.map((f) => ({ ...f, status: 'processing-failed', error: { dataCode: 'DATA0003', message: 'unreadable' } })));
    await waitFor(() => expect(chip('Broken.docx')).toHaveTextContent('Processing failed'));
    expect(chip('Broken.docx')).toHaveTextContent('The document could not be read.');
    grounded.holdProcessing = false;
    await user.click(within(chip('Broken.docx')).getByRole('button', { name: 'Retry Broken.docx' }));
    await waitFor(() => expect(chip('Broken.docx')).toHaveTextContent('Ready'));
  });

  it('is German too', async () => {
    const user = userEvent.setup();
    await renderChat('/chat', 'de');
    await screen.findByRole('heading', { name: 'Eine Unterhaltung beginnen' });
    await user.upload(screen.getByLabelText('Dateien anhängen', { selector: 'input' }), testFile('Bericht.docx'));
    const list = await screen.findByRole('list', { name: 'Anhänge' });
    await waitFor(() => expect(within(list).getByText('Bericht.docx').closest('li')).toHaveTextContent('Bereit'));
  });
});
