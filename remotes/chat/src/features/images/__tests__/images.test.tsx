import { setApiClients } from '@assistant/platform';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { backend, handlers, renderChat, resetChatState } from '../../../__tests__/chat-kit';
import { grounded, groundedHandlers, resetGrounded, sentPayloads, testFile } from '../../../__tests__/grounded-kit';

jest.setTimeout(20_000);

const MODELS = [
  { id: 'text-model', name: 'Text model', type: 'llm' },
  { id: 'vision-model', name: 'Vision model', type: 'llm', accepts_images: true },
];
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Which image bytes were asked for (GET files/{id}/content), and how (the bearer token, never a URL). */
const contentCalls: { fileId: string; authorization: string | null }[] = [];

const server = setupServer(
  http.get('*/api/qa/resources', () => HttpResponse.json({ collections: [], language_models: MODELS })),
  http.get('*/api/files/:fileId/content', ({ params, request }) => {
    contentCalls.push({ fileId: String(params.fileId), authorization: request.headers.get('authorization') });
    return new HttpResponse(PNG_BYTES, { headers: { 'content-type': 'image/png' } });
  }),
  ...groundedHandlers(),
  ...handlers(),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  setApiClients(null);
});
const objectUrls: Blob[] = [];
beforeEach(() => {
  resetChatState();
  resetGrounded();
  contentCalls.length = 0;
  objectUrls.length = 0;
  Object.assign(URL, { createObjectURL: (blob: Blob) => `blob:image-${objectUrls.push(blob)}`, revokeObjectURL: () => undefined });
});

const composer = () => screen.getByRole('textbox', { name: /^(Your message|Ihre Nachricht)$/ });
const chips = () => screen.getByRole('list', { name: 'Attachments' });
const chip = (name: string) => within(chips()).getByText(name).closest('li') as HTMLElement;
const modelSelect = () => screen.getByRole('combobox', { name: /^Model/ });
const paste = (files: File[]) => fireEvent.paste(composer(), { clipboardData: { files, types: ['Files'], getData: () => '' } });
const image = (name: string, size = 20, type = 'image/png') => testFile(name, size, type);

async function startWith(model: 'text-model' | 'vision-model', language: 'de' | 'en' = 'en') {
  const user = userEvent.setup();
  await renderChat('/chat', language);
  await screen.findByRole('heading', { name: language === 'en' ? 'Start a conversation' : 'Eine Unterhaltung beginnen' });
  await waitFor(() => expect(within(modelSelect()).getAllByRole('option')).toHaveLength(2));
  // The choice is kept per user: an earlier test's choice would come back.
  await user.selectOptions(modelSelect(), model);
  expect(modelSelect()).toHaveValue(model);
  return user;
}

describe('images in the composer', () => {
  it('marks the models that accept images in the model picker', async () => {
    await startWith('text-model');
    expect(within(modelSelect()).getAllByRole('option').map((option) => option.textContent)).toEqual(['Text model', 'Vision model · images']);
  });

  it('takes a pasted screenshot as an attachment with a thumbnail, sends it with the question, and shows it in the conversation', async () => {
    const user = await startWith('vision-model');
    paste([image('Screenshot 2026-11-28.png')]);
    await waitFor(() => expect(chip('Screenshot 2026-11-28.png')).toHaveTextContent(/Ready/), { timeout: 5000 });
    // The chip shows the image itself (the local file, not uploaded for it), beside its name.
    expect(chip('Screenshot 2026-11-28.png').querySelector('img.image-thumbnail')).toHaveAttribute('src', expect.stringMatching(/^blob:image-/));
    expect(composer()).toHaveValue('');
    expect(grounded.uploads.map((upload) => upload.name)).toEqual(['Screenshot 2026-11-28.png']);

    // A paste of text only is the field's.
    await user.type(composer(), 'What does this show?');
    fireEvent.paste(composer(), { clipboardData: { files: [], types: ['text/plain'], getData: () => 'text' } });
    expect(grounded.uploads).toHaveLength(1);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(sentPayloads()).toHaveLength(1));
    const fileId = grounded.files.get(backend.conversations[0]!.id)![0]!.fileId;
    expect(sentPayloads()[0]).toMatchObject({ content: 'What does this show?', attachments: [fileId], reasoning_model_override: 'vision-model' });

    // The question shows the image (its bytes fetched with the token, shown through an object URL), its name as alt text.
    const shown = await screen.findByRole('img', { name: 'Screenshot 2026-11-28.png' });
    expect(shown).toHaveAttribute('src', expect.stringMatching(/^blob:image-/));
    expect(shown.closest('.conversation__message--question')).toHaveTextContent('What does this show?');
    expect(contentCalls).toEqual([{ fileId, authorization: expect.stringMatching(/^Bearer /) }]);
    expect(screen.queryByRole('list', { name: 'Files sent with the question' })).not.toBeInTheDocument();

    // Opened larger in a dialog, closed with Escape.
    await user.click(screen.getByRole('button', { name: 'Open image Screenshot 2026-11-28.png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Screenshot 2026-11-28.png' });
    expect(within(dialog).getByRole('img', { name: 'Screenshot 2026-11-28.png' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Regenerating the answer sends the image again: the answer is about it.
    await user.click(await screen.findByRole('button', { name: 'Regenerate answer' }));
    await waitFor(() => expect(sentPayloads()).toHaveLength(2));
    expect(sentPayloads()[1]).toMatchObject({ content: 'What does this show?', attachments: [fileId] });
  });

  it('takes images dropped onto the conversation or picked with the attach button, up to four, each up to 10 MB', async () => {
    const user = await startWith('vision-model');
    const area = composer().closest('.conversation') as HTMLElement;
    const dataTransfer = { files: [image('one.jpg', 20, 'image/jpeg'), image('huge.png', 10 * 1024 * 1024 + 1)], types: ['Files'], dropEffect: 'none' };
    fireEvent.dragEnter(area, { dataTransfer });
    fireEvent.drop(area, { dataTransfer });
    await user.upload(screen.getByLabelText('Attach files', { selector: 'input' }), [image('two.webp', 20, 'image/webp'), image('three.gif', 20, 'image/gif')]);
    paste([image('four.png'), image('five.png')]);

    await waitFor(() => expect(chip('four.png')).toHaveTextContent(/Ready/), { timeout: 5000 });
    expect(chip('huge.png')).toHaveTextContent('The file is larger than 10 MB and was not sent.');
    expect(chip('five.png')).toHaveTextContent('At most 4 images can go with one question; this one was not attached.');
    expect(grounded.uploads.map((upload) => upload.name)).toEqual(['one.jpg', 'two.webp', 'three.gif', 'four.png']);
    expect(screen.getByLabelText('Attach files', { selector: 'input' })).toHaveAttribute('accept', expect.stringContaining('image/png,.png,image/jpeg,.jpg,.jpeg,image/webp,.webp,image/gif,.gif'));
  });

  it('says before sending that the chosen model takes no images, until another model is chosen or the images are removed', async () => {
    const user = await startWith('text-model');
    paste([image('chart.png')]);
    await waitFor(() => expect(chip('chart.png')).toHaveTextContent(/Ready/), { timeout: 5000 });
    const reason = 'Text model does not accept images. Choose a model marked “images”, or remove the images.';
    expect(screen.getByText(reason, { selector: 'p' })).toBeInTheDocument();
    await user.type(composer(), 'What is this?{Enter}');
    expect(sentPayloads()).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Send' })).toHaveAttribute('aria-disabled', 'true');
    expect(document.querySelector('.conversation [role="status"][aria-live="polite"]')).toHaveTextContent(reason);

    await user.selectOptions(modelSelect(), 'vision-model');
    expect(screen.queryByText(reason, { selector: 'p' })).not.toBeInTheDocument();
    await user.selectOptions(modelSelect(), 'text-model');
    await user.click(within(chip('chart.png')).getByRole('button', { name: 'Remove chart.png' }));
    expect(screen.queryByText(reason, { selector: 'p' })).not.toBeInTheDocument();
    await user.click(composer());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sentPayloads()).toHaveLength(1));
  });

  it('shows the server\'s refusal of images clearly, without Retry, in German', async () => {
    server.use(
      http.post('*/api/conversations/:id/messages/v2', () =>
        HttpResponse.json(
          { statusCode: 400, error: 'Bad Request', message: 'The model "vision-model" does not accept images', code: 'images_not_supported' },
          { status: 400 },
        ),
      ),
    );
    const user = await startWith('vision-model', 'de');
    paste([image('Foto.png')]);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Anhänge' })).getByText('Foto.png').closest('li')).toHaveTextContent(/Bereit/), { timeout: 5000 });
    await user.type(composer(), 'Was ist das?{Enter}');
    expect(
      await screen.findByText(/^Die Antwort ist fehlgeschlagen: Das gewählte Modell kann keine Bilder verarbeiten\. Wählen Sie ein Modell mit dem Zusatz „Bilder“ oder entfernen Sie die Bilder\.$/, { selector: 'p' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).not.toBeInTheDocument();
  });
});
