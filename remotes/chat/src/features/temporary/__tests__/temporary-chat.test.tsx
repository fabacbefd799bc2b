import 'fake-indexeddb/auto';
import { setApiClients } from '@assistant/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { backend, conversation, handlers, renderChat, resetChatState, signInAs } from '../../../__tests__/chat-kit';
import { createStore, values } from 'idb-keyval';

// The temporary chat (docs/chat-ui.md "Temporary chat"): kept nowhere, clearly marked, ended by
// turning it off, a new chat or leaving, with a question first when it has messages.

const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});

const list = () => screen.getByRole('complementary', { name: /Conversations|Unterhaltungen/ });
const toggle = (name = 'Temporary chat') => screen.getByRole('button', { name });
const banner = () => screen.queryByRole('note', { name: /Temporary chat|Temporärer Chat/ });
const messageBox = (name = 'Your message') => screen.getByRole('textbox', { name });

async function askTemporary(user: ReturnType<typeof userEvent.setup>, question: string) {
  await user.type(messageBox(), `${question}{Enter}`);
  return screen.findByText(`Answer to ${question}`, { selector: 'p' });
}

describe('temporary chat', () => {
  beforeEach(() => resetChatState([conversation({ name: 'Budget 2027', updated_at: new Date().toISOString() })]));

  it('is marked while on and keeps nothing: the stateless call says temporary, no conversation is created, listed or titled', async () => {
    const user = userEvent.setup();
    await renderChat();
    await screen.findByRole('link', { name: 'Budget 2027' });
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    expect(banner()).toBeNull();

    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');
    expect(banner()).toHaveTextContent('It is not kept: not in your conversations, not in this browser, not on the server.');

    await askTemporary(user, 'Draft a note about my sick leave');
    await askTemporary(user, 'Shorter, please');
    expect(backend.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/chat/stream', 'POST /api/chat/stream']);
    const [first, second] = backend.requests.map((request) => request.body as { temporary?: boolean; history: unknown[] });
    expect(first).toMatchObject({ temporary: true, history: [] });
    // The second question goes with the branch before it, from memory.
    expect(second).toMatchObject({
      temporary: true,
      history: [
        { role: 'user', content: 'Draft a note about my sick leave' },
        { role: 'assistant', content: 'Answer to Draft a note about my sick leave' },
      ],
    });
    // Still at /chat, nothing new in the list, still marked.
    expect(within(list()).getAllByRole('link').map((link) => link.textContent)).toEqual(['Budget 2027']);
    expect(banner()).toBeInTheDocument();
    expect(backend.conversations).toHaveLength(1);
  });

  it('ends on "New conversation", asking first when it has messages (Stay keeps it)', async () => {
    const user = userEvent.setup();
    await renderChat();
    await screen.findByRole('link', { name: 'Budget 2027' });
    // Without messages it just ends.
    await user.click(toggle());
    await user.click(within(list()).getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(toggle()).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await user.click(toggle());
    await askTemporary(user, 'Secret plans?');
    await user.click(within(list()).getByRole('button', { name: 'New conversation' }));
    const ask = await screen.findByRole('alertdialog', { name: 'End the temporary chat?' });
    expect(within(ask).getByRole('button', { name: 'Stay' })).toHaveFocus();
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(screen.getByText('Answer to Secret plans?', { selector: 'p' })).toBeInTheDocument();
    expect(banner()).toBeInTheDocument();

    await user.click(within(list()).getByRole('button', { name: 'New conversation' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'End it' }));
    await waitFor(() => expect(screen.queryByText('Answer to Secret plans?', { selector: 'p' })).toBeNull());
    expect(banner()).toBeNull();
    expect(toggle()).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(messageBox()).toHaveFocus());

    // A question now is an ordinary, kept conversation.
    await user.type(messageBox(), 'Lisbon{Enter}');
    await within(list()).findByRole('link', { name: 'About Lisbon' });
    expect(backend.requests.at(-2)).toEqual({ method: 'POST', path: '/api/conversations?name=New%20conversation' });
  }, 20_000);

  it('asks before it is turned off or left for another conversation, and then opens it', async () => {
    const user = userEvent.setup();
    await renderChat();
    const budget = await screen.findByRole('link', { name: 'Budget 2027' });
    await user.click(toggle());
    await askTemporary(user, 'Secret plans?');

    await user.click(toggle());
    await user.click(within(await screen.findByRole('alertdialog', { name: 'End the temporary chat?' })).getByRole('button', { name: 'Stay' }));
    expect(toggle()).toHaveAttribute('aria-pressed', 'true');

    await user.click(budget);
    const ask = await screen.findByRole('alertdialog', { name: 'End the temporary chat?' });
    expect(screen.getByText('Answer to Secret plans?', { selector: 'p' })).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'End it' }));
    await waitFor(() => expect(within(list()).getByRole('link', { name: 'Budget 2027' })).toHaveAttribute('aria-current', 'page'));
    expect(banner()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Temporary chat' })).toBeNull();
    expect(screen.queryByText('Answer to Secret plans?', { selector: 'p' })).toBeNull();
  }, 20_000);

  it('keeps nothing in IndexedDB with the browser-kept history either, in German', async () => {
    resetChatState([], { local: true });
    signInAs('temporary-user');
    const user = userEvent.setup();
    await renderChat('/chat', 'de');
    await screen.findByText('Noch keine Unterhaltungen');
    await user.click(toggle('Temporärer Chat'));
    expect(banner()).toHaveTextContent('Temporärer Chat. Er wird nicht aufbewahrt');
    await user.type(messageBox('Ihre Nachricht'), 'Geheime Pläne?{Enter}');
    await screen.findByText('Answer to Geheime Pläne?', { selector: 'p' });
    expect(backend.requests.map((request) => (request.body as { temporary?: boolean }).temporary)).toEqual([true]);
    // The user's own IndexedDB store (features/history/local-history.ts) holds nothing.
    expect(await values(createStore('assistant-chat.temporary-user', 'conversations'))).toEqual([]);
    expect(screen.getByText('Noch keine Unterhaltungen')).toBeInTheDocument();
  });
});
