// The conversation list through the platform's query layer: keyed per history and user, asked
// again after every change, and a reload that fails or comes late never loses what is shown.
import 'fake-indexeddb/auto';
import { queryClient, setApiClients, useGatingStore } from '@assistant/platform';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { backend, conversation, handlers, minutesAgoToday, renderChat, resetChatState, signInAs } from '../../../__tests__/chat-kit';
import { conversationKeys } from '../../../query-keys';

jest.setTimeout(20_000);

const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
  signInAs(null);
});

const today = () => minutesAgoToday(1);
const list = () => screen.getByRole('complementary', { name: 'Conversations' });

describe('the conversation list through the query layer', () => {
  beforeEach(() => resetChatState());

  it('keys the list per history: switching to this browser’s history never shows the server’s list, and back shows it at once', async () => {
    resetChatState([conversation({ name: 'On the server', updated_at: today() })]);
    signInAs('switching-user');
    await renderChat();
    expect(await screen.findByRole('link', { name: 'On the server' })).toBeInTheDocument();

    act(() => useGatingStore.setState({ flags: { enableLocalChatHistory: true } }));
    expect(screen.queryByRole('link', { name: 'On the server' })).not.toBeInTheDocument();
    expect(await screen.findByText('No conversations yet')).toBeInTheDocument();
    expect(queryClient.getQueryData(conversationKeys.list({ kind: 'local', user: 'switching-user' }))).toEqual([]);

    act(() => useGatingStore.setState({ flags: { enableLocalChatHistory: false } }));
    expect(screen.getByRole('link', { name: 'On the server' })).toBeInTheDocument();
  });

  it('asks for the list again after new, rename and delete', async () => {
    const user = userEvent.setup();
    resetChatState([conversation({ name: 'Budget', updated_at: today() })]);
    await renderChat();
    await screen.findByRole('link', { name: 'Budget' });
    expect(backend.listCalls).toBe(1);

    // "New conversation" creates it with the first question (not the click); the answer reloads the list.
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Porto{Enter}');
    await screen.findByRole('link', { name: 'About Porto' });
    // Once after it was created, once after its first answer.
    await waitFor(() => expect(backend.listCalls).toBe(3));

    await user.click(screen.getByRole('button', { name: 'Actions for Budget' }));
    await user.click(screen.getByRole('button', { name: 'Rename Budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename conversation' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Budget 2026{Enter}');
    await screen.findByRole('link', { name: 'Budget 2026' });
    await waitFor(() => expect(backend.listCalls).toBe(4));

    await user.click(screen.getByRole('button', { name: 'Actions for Budget 2026' }));
    await user.click(screen.getByRole('button', { name: 'Delete Budget 2026' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Budget 2026' })).not.toBeInTheDocument());
    await waitFor(() => expect(backend.listCalls).toBe(5));
  });

  it('a reload that started before a rename cannot bring the old name back', async () => {
    const user = userEvent.setup();
    const open = conversation({ name: 'New conversation', updated_at: today() });
    resetChatState([open]);
    await renderChat(`/chat/${open.id}`);
    await screen.findByRole('link', { name: 'New conversation' });

    // The answer makes the list reload; that reload answers late, with the list as it was then.
    let release!: () => void;
    backend.listHold = new Promise<void>((resolve) => (release = resolve));
    await user.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Lisbon{Enter}');
    await waitFor(() => expect(backend.listCalls).toBe(2));
    backend.listHold = undefined;

    await user.click(screen.getByRole('button', { name: 'Actions for New conversation' }));
    await user.click(screen.getByRole('button', { name: 'Rename New conversation' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename conversation' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Porto{Enter}');
    await screen.findByRole('link', { name: 'Porto' });

    release();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('link', { name: 'Porto' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'About Lisbon' })).not.toBeInTheDocument();
    // The late reload was dropped for a new one, asked after the rename.
    expect(backend.listCalls).toBe(3);
  });

  it('keeps the list on screen when a reload fails', async () => {
    const user = userEvent.setup();
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    try {
      // Lisbon the newer by a minute: two today() calls can fall into different milliseconds.
      const open = conversation({ name: 'Lisbon trip', updated_at: today() });
      const older = new Date(Date.parse(open.updated_at) - 60_000).toISOString();
      resetChatState([open, conversation({ name: 'Budget', updated_at: older })]);
      await renderChat(`/chat/${open.id}`);
      await screen.findByRole('link', { name: 'Budget' });

      backend.listFailure = 500;
      await user.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Hello{Enter}');
      await waitFor(() => expect(backend.listCalls).toBe(2));
      await waitFor(() => expect(error).toHaveBeenCalled());
      expect(within(list()).getAllByRole('link').map((link) => link.textContent)).toEqual(['Lisbon trip', 'Budget']);
      expect(screen.queryByRole('heading', { name: 'The conversations could not be loaded.' })).not.toBeInTheDocument();
    } finally {
      error.mockRestore();
    }
  });
});
