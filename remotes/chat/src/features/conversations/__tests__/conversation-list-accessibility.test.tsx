import { setApiClients } from '@assistant/platform';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { setupServer } from 'msw/node';
import { conversation, handlers, renderChat, resetChatState } from '../../../__tests__/chat-kit';

jest.setTimeout(20_000);

const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});
beforeEach(() => {
  // jsdom has no canvas; axe asks for one to tell icon ligatures from text.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  jest.restoreAllMocks();
});

// Rules that need real layout are left to the browser run; the document around the page is the host's.
const DISABLED = ['color-contrast', 'color-contrast-enhanced', 'target-size', 'scrollable-region-focusable', 'document-title', 'html-has-lang', 'region'];

async function violations() {
  const result = await axe.run(document, { rules: Object.fromEntries(DISABLED.map((id) => [id, { enabled: false }])) });
  expect(result.passes.length).toBeGreaterThan(10);
  return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.html) }));
}

describe('conversation list accessibility', () => {
  it('has no axe violations: the list with groups, the open conversation, the search, the rename and delete dialogs', async () => {
    const user = userEvent.setup();
    const open = conversation({ name: 'Lisbon trip', updated_at: new Date(Date.now() - 60_000).toISOString() });
    resetChatState([open, conversation({ name: 'Old budget', updated_at: '2024-01-15T10:00:00.000Z' })]);
    await renderChat(`/chat/${open.id}`);
    await screen.findByRole('link', { name: 'Old budget' });
    await screen.findByRole('textbox', { name: 'Your message' });
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Actions for Old budget' }));
    expect(await violations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Rename Old budget' }));
    await screen.findByRole('dialog', { name: 'Rename conversation' });
    expect(await violations()).toEqual([]);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for Old budget' }));
    await user.click(screen.getByRole('button', { name: 'Delete Old budget' }));
    await screen.findByRole('alertdialog', { name: 'Delete conversation?' });
    expect(await violations()).toEqual([]);
  });

  it('works by keyboard: search, open a conversation, rename with Enter', async () => {
    const user = userEvent.setup();
    resetChatState([conversation({ name: 'Lisbon trip', updated_at: new Date(Date.now() - 60_000).toISOString() })]);
    await renderChat();
    await screen.findByRole('link', { name: 'Lisbon trip' });
    // The side panel comes before the page, as in the shell: first its "New conversation".
    await user.tab();
    expect(screen.getByRole('button', { name: 'New conversation' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('searchbox', { name: 'Search conversations' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Lisbon trip' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('link', { name: 'Lisbon trip', current: 'page' })).toBeInTheDocument();

    await user.tab();
    expect(screen.getByRole('button', { name: 'Actions for Lisbon trip', expanded: false })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Rename Lisbon trip' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Rename conversation' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(field).toHaveFocus();
    await user.keyboard('Porto{Enter}');
    expect(await screen.findByRole('link', { name: 'Porto', current: 'page' })).toBeInTheDocument();
  });
});
