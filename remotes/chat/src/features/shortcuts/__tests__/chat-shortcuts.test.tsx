import type { Message } from '@assistant/contracts';
import { setApiClients } from '@assistant/platform';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { backend, conversation, handlers, renderChat, resetChatState } from '../../../__tests__/chat-kit';

// The chat's keyboard shortcuts (docs/chat-ui.md "Keyboard shortcuts"): a new chat, the message
// box, the last answer copied, the search; Ctrl+K left to the canvas. The mechanism itself:
// shared/platform/src/shortcuts/__tests__; the list: host/src/layout/__tests__/shell-shortcuts.test.tsx.

const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});

const trip = conversation({ name: 'Lisbon trip', updated_at: new Date().toISOString() });
function answered(question: string, answer: string): Message[] {
  const at = new Date().toISOString();
  const id = crypto.randomUUID();
  return [
    { message_id: id, conversation_id: trip.id, parent_message_id: null, role: 'user', content: question, created_at: at, status: 'complete' },
    { message_id: crypto.randomUUID(), conversation_id: trip.id, parent_message_id: id, role: 'assistant', content: answer, created_at: at, status: 'complete' },
  ];
}

const messageBox = () => screen.getByRole('textbox', { name: 'Your message' });
const list = () => screen.getByRole('complementary', { name: 'Conversations' });

describe('the chat’s keyboard shortcuts', () => {
  let writeText: jest.Mock;
  beforeEach(() => {
    resetChatState([trip]);
    backend.messages.set(trip.id, answered('Where to eat?', 'Try **Time Out** market.'));
    writeText = jest.fn().mockResolvedValue(undefined);
  });

  it('copies the last answer with Ctrl+Shift+C, also from the message box, and says so', async () => {
    const user = userEvent.setup();
    await renderChat(`/chat/${trip.id}`);
    await screen.findByText('Time Out', { selector: 'strong' });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(messageBox());
    await user.keyboard('{Control>}{Shift>}C{/Shift}{/Control}');
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Try **Time Out** market.'));
    expect(await screen.findByText('Answer copied.')).toBeInTheDocument();
    expect(messageBox()).toHaveFocus();
  });

  it('leaves Ctrl+Shift+C to the browser when there is no answer to copy, and Ctrl+K to the canvas', async () => {
    await renderChat();
    await screen.findByRole('link', { name: 'Lisbon trip' });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(fireEvent.keyDown(messageBox(), { key: 'C', ctrlKey: true, shiftKey: true })).toBe(true);
    expect(fireEvent.keyDown(messageBox(), { key: 'k', ctrlKey: true })).toBe(true);
    expect(writeText).not.toHaveBeenCalled();
  });

  it('starts a new chat with Ctrl+Shift+O, goes to the message box with Shift+Esc and to the search with Ctrl+Shift+F', async () => {
    const user = userEvent.setup();
    await renderChat(`/chat/${trip.id}`);
    await screen.findByText('Time Out', { selector: 'strong' });
    const link = within(list()).getByRole('link', { name: 'Lisbon trip' });
    expect(link).toHaveAttribute('aria-current', 'page');

    await user.click(messageBox());
    await user.keyboard('{Control>}{Shift>}F{/Shift}{/Control}');
    const search = within(list()).getByRole('searchbox', { name: 'Search conversations' });
    await waitFor(() => expect(search).toHaveFocus());
    await user.keyboard('{Shift>}{Escape}{/Shift}');
    expect(messageBox()).toHaveFocus();

    // Typed into the message box, Ctrl+Shift+O still starts a new chat (nothing is typed).
    await user.type(messageBox(), 'half a question');
    await user.keyboard('{Control>}{Shift>}O{/Shift}{/Control}');
    await waitFor(() => expect(link).not.toHaveAttribute('aria-current'));
    expect(screen.queryByText('Time Out', { selector: 'strong' })).toBeNull();
    await waitFor(() => expect(messageBox()).toHaveFocus());
    expect(messageBox()).toHaveValue('');
  });
});
