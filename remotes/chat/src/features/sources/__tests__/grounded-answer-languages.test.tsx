import type { Message } from '@assistant/contracts';
import { setApiClients } from '@assistant/platform';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { backend, conversation, handlers, nextId, renderChat, resetChatState } from '../../../__tests__/chat-kit';
import { PERSONAL, grounded, groundedHandlers, resetGrounded, retrievalEvents, sourcesReady, testFile } from '../../../__tests__/grounded-kit';

jest.setTimeout(30_000);

const server = setupServer(
  http.get('*/api/qa/resources', () => HttpResponse.json({ collections: [PERSONAL], language_models: [{ id: 'scripted-model', name: 'scripted-model', type: 'llm' }] })),
  ...groundedHandlers(),
  ...handlers(),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});
beforeEach(() => {
  resetChatState();
  resetGrounded();
});

// What the browser suite shows in one language, here in both: the words of the grounded flow
// (the attachments, the collections menu, the tool step, the sources, the preview) on its screens.
const WORDS = {
  en: { attach: 'Attach files', attachments: 'Attachments', sentWith: 'Files sent with the question', ready: 'Ready', message: 'Your message', answer: 'Answer', searched: 'Searched 2 documents', sources: 'Sources', supporting: 'Supporting (1)', conflicting: 'Conflicting (1)', open: 'Show in document: source 2, Travel policy.txt', messages: 'Messages', collections: 'Collections', intro: 'Answers in this conversation search the collections you pick.', remove: 'Remove notiz.txt' },
  de: { attach: 'Dateien anhängen', attachments: 'Anhänge', sentWith: 'Mit der Frage gesendete Dateien', ready: 'Bereit', message: 'Ihre Nachricht', answer: 'Antwort', searched: '2 Dokumente durchsucht', sources: 'Quellen', supporting: 'Belegend (1)', conflicting: 'Widersprechend (1)', open: 'Im Dokument zeigen: Quelle 2, Travel policy.txt', messages: 'Nachrichten', collections: 'Sammlungen', intro: 'Antworten in dieser Unterhaltung durchsuchen die Sammlungen, die Sie wählen.', remove: 'notiz.txt entfernen' },
} as const;

/** A stored conversation with one grounded exchange: the question sent with two files, the answer with its tool events. */
function storedGroundedConversation() {
  const made = conversation({ name: 'Reisekosten' });
  resetChatState([made]);
  const question: Message = {
    message_id: nextId(),
    conversation_id: made.id,
    parent_message_id: null,
    role: 'user',
    content: 'How did the revenue develop?',
    created_at: made.created_at,
    status: 'complete',
    attachments: [
      { file_id: nextId(), name: 'Annual report.docx' },
      { file_id: nextId(), name: 'Travel policy.txt' },
    ],
  };
  const answer: Message = { ...question, attachments: undefined, message_id: nextId(), parent_message_id: question.message_id, role: 'assistant', content: 'It grew [1].', tool_events: retrievalEvents() };
  backend.messages.set(made.id, [question, answer]);
  return made;
}

describe.each(['en', 'de'] as const)('the grounded flow in %s', (language) => {
  const words = WORDS[language];

  it('names the composer, the collections menu, the tool step, the sources, the preview and a dropped file', async () => {
    const made = storedGroundedConversation();
    grounded.sourcesAnswers = [sourcesReady()];
    const user = userEvent.setup();
    await renderChat(`/chat/${made.id}`, language);

    const answer = within(await screen.findByRole('list', { name: words.messages })).getByRole('article', { name: words.answer });
    // The question shows the files it was sent with.
    expect(within(screen.getByRole('list', { name: words.sentWith })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Annual report.docx', 'Travel policy.txt']);
    // The retrieval as a folded step.
    const step = within(answer).getByText(words.searched).closest('details')!;
    expect(step).not.toHaveAttribute('open');
    // The sources, supporting and conflicting.
    const sources = within(answer).getByRole('region', { name: words.sources });
    const supporting = await within(sources).findByRole('region', { name: words.supporting });
    expect(supporting).toHaveTextContent('Annual report.docx');
    expect(within(sources).getByRole('region', { name: words.conflicting })).toHaveTextContent('Travel policy.txt');
    // A source opens the preview, Escape closes it.
    await user.click(within(sources).getByRole('button', { name: words.open }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The collections menu says what it does and closes with Escape, back on its button.
    const collections = screen.getByRole('button', { name: words.collections });
    await user.click(collections);
    expect(await screen.findByText(words.intro)).toBeVisible();
    await user.keyboard('{Escape}');
    expect(collections).toHaveAttribute('aria-expanded', 'false');
    expect(collections).toHaveFocus();
    expect(screen.getByRole('textbox', { name: words.message })).toBeInTheDocument();
    expect(screen.getByLabelText(words.attach, { selector: 'input' })).toBeInTheDocument();

    // A file dropped onto the conversation becomes a ready chip, and is removed again.
    const area = document.querySelector('.conversation') as HTMLElement;
    const dataTransfer = { files: [testFile('notiz.txt', 20, 'text/plain')], types: ['Files'], dropEffect: 'none' };
    fireEvent.dragEnter(area, { dataTransfer });
    fireEvent.dragOver(area, { dataTransfer });
    fireEvent.drop(area, { dataTransfer });
    const chip = async () => within(await screen.findByRole('list', { name: words.attachments })).getByText('notiz.txt').closest('li') as HTMLElement;
    await waitFor(async () => expect(await chip()).toHaveTextContent(words.ready), { timeout: 5000 });
    await user.click(within(await chip()).getByRole('button', { name: words.remove }));
    await waitFor(() => expect(screen.queryByRole('list', { name: words.attachments })).not.toBeInTheDocument());
  });
});
