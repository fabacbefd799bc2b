import 'fake-indexeddb/auto';
import { setApiClients } from '@assistant/platform';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { backend, conversation, handlers, renderChat, resetChatState, signInAs } from '../../../__tests__/chat-kit';

const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
  signInAs(null);
});

describe('the chat page with either history', () => {
  it('uses the server conversations while enableLocalChatHistory is off', async () => {
    resetChatState([conversation({ name: 'On the server', updated_at: new Date().toISOString() })], { local: false });
    signInAs('someone');
    await renderChat();
    expect(await screen.findByRole('link', { name: 'On the server' })).toBeInTheDocument();
  });

  it('keeps conversations in this browser for the signed-in user with the flag on; the server stores nothing', async () => {
    const user = userEvent.setup();
    resetChatState([conversation({ name: 'On the server', updated_at: new Date().toISOString() })], { local: true });
    signInAs('local-user-a');
    await renderChat();
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    const composer = await screen.findByRole('textbox', { name: 'Your message' });
    // The browser-kept history keeps no files and no sources: no attachments, no collections.
    expect(screen.queryByRole('button', { name: 'Attach files' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Collections' })).not.toBeInTheDocument();
    await user.type(composer, 'What to see in Lisbon?{Enter}');
    // The streamed answer's row is replaced by the stored copy's: look it up when checking.
    await waitFor(() => expect(screen.getByText('Answer to What to see in Lisbon?', { selector: 'p' })).toBeInTheDocument(), { timeout: 5000 });
    // Named after the first question, and kept open.
    const link = await screen.findByRole('link', { name: 'What to see in Lisbon?' }, { timeout: 5000 });
    await waitFor(() => expect(link).toHaveAttribute('aria-current', 'page'), { timeout: 5000 });
    expect(backend.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/chat/stream']);
    expect(backend.requests[0]!.body).toMatchObject({ payload: { content: 'What to see in Lisbon?' }, history: [] });

    // Another user of this browser sees none of it; the first one finds it again.
    cleanup();
    signInAs('local-user-b');
    await renderChat();
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    cleanup();
    signInAs('local-user-a');
    await renderChat();
    expect(await screen.findByRole('link', { name: 'What to see in Lisbon?' })).toBeInTheDocument();
  }, 20_000);

  it('says the chat is not available when nobody is signed in', async () => {
    resetChatState([], { local: true });
    signInAs(null);
    await renderChat();
    expect(await screen.findByRole('heading', { name: 'The chat is not available' })).toBeInTheDocument();
    expect(backend.requests).toEqual([]);
  });
});
