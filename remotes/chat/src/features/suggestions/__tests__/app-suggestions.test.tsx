import type { CustomApp } from '@assistant/contracts';
import { setApiClients } from '@assistant/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { backend, handlers, renderChat, resetChatState } from '../../../__tests__/chat-kit';

jest.setTimeout(30_000);

const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});

function app(name: string, overrides: Partial<CustomApp> = {}): CustomApp {
  return {
    id: crypto.randomUUID(),
    name,
    icon: 'sparkles',
    description: `${name} in a few words.`,
    template: `Do ${name} with {{text}} for {{audience}}.`,
    variables: [],
    visibility: 'personal',
    version: 1,
    can_edit: true,
    created_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const field = () => screen.getByRole('textbox', { name: 'Your message' }) as HTMLTextAreaElement;

describe("an empty conversation's suggestions", () => {
  beforeEach(() => resetChatState());

  it("shows the user's apps, at most four, and puts the chosen one's template into the message box with its first variable selected", async () => {
    const user = userEvent.setup();
    backend.customApps = ['Summary', 'Letter', 'Minutes', 'Translation', 'Fifth'].map((name) => app(name));
    await renderChat('/chat');
    const list = await screen.findByRole('list', { name: 'Suggestions from your apps' });
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(['Summary', 'Letter', 'Minutes', 'Translation']);
    expect(within(list).getByRole('button', { name: 'Letter' })).toHaveAccessibleDescription('Letter in a few words.');
    // Under the start screen's heading: the empty state, not a dialog.
    expect(screen.getByRole('heading', { name: 'Start a conversation' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Letter' }));
    await waitFor(() => expect(field()).toHaveValue('Do Letter with {{text}} for {{audience}}.'));
    expect(field()).toHaveFocus();
    expect(field().value.slice(field().selectionStart, field().selectionEnd)).toBe('{{text}}');
    // Nothing is sent or created by choosing: the user fills it in and sends it.
    expect(backend.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('shows none when the user has no apps, in German too', async () => {
    await renderChat('/chat', 'de');
    await screen.findByRole('heading', { name: 'Eine Unterhaltung beginnen' });
    await screen.findByRole('textbox', { name: 'Ihre Nachricht' });
    expect(screen.queryByRole('list', { name: 'Vorschläge aus Ihren Apps' })).not.toBeInTheDocument();
  });

  it('names the list in German', async () => {
    backend.customApps = [app('Protokoll', { description: '' })];
    await renderChat('/chat', 'de');
    const list = await screen.findByRole('list', { name: 'Vorschläge aus Ihren Apps' });
    const button = within(list).getByRole('button', { name: 'Protokoll' });
    expect(button).not.toHaveAttribute('aria-describedby');
  });
});
