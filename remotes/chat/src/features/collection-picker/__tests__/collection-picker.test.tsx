import { qaResourceKeys } from '@assistant/endpoints';
import { queryClient, setApiClients } from '@assistant/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { conversation, handlers, renderChat, resetChatState } from '../../../__tests__/chat-kit';
import { COMPANY, PERSONAL, TEAM, groundedHandlers, resetGrounded, sentPayloads } from '../../../__tests__/grounded-kit';

jest.setTimeout(20_000);

const resources = http.get('*/api/qa/resources', () =>
  HttpResponse.json({ collections: [PERSONAL, TEAM, COMPANY], language_models: [{ id: 'scripted-model', name: 'scripted-model', type: 'llm' }] }),
);
const server = setupServer(resources, ...groundedHandlers(), ...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => {
  server.close();
  setApiClients(null);
});
beforeEach(() => {
  resetChatState();
  resetGrounded();
});

describe('collections for the conversation', () => {
  it('are picked in a menu of personal and company collections, shown as chips, and sent with every question while the conversation is open', async () => {
    const user = userEvent.setup();
    await renderChat('/chat');
    await screen.findByRole('heading', { name: 'Start a conversation' });
    const button = screen.getByRole('button', { name: 'Collections' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const personal = await screen.findByRole('group', { name: 'Personal' });
    const company = screen.getByRole('group', { name: 'Company' });
    expect(within(personal).getAllByRole('checkbox').map((box) => box.closest('.ui-check')?.textContent)).toEqual(['My notes', 'Team handbook']);
    // The focus is in the menu at once.
    expect(within(personal).getByRole('checkbox', { name: 'My notes' })).toHaveFocus();
    await user.keyboard(' ');
    await user.click(within(company).getByRole('checkbox', { name: 'HR policies' }));
    // Escape closes the menu and returns to its button, which counts the picked ones.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Collections (2)' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Collections (2)' })).toHaveAttribute('aria-expanded', 'false');
    const chips = screen.getByRole('list', { name: 'Collections for this conversation' });
    expect(within(chips).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['My notes', 'HR policies']);

    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'What do the policies say?{Enter}');
    await waitFor(() => expect(sentPayloads()).toHaveLength(1));
    expect(sentPayloads()[0]).toMatchObject({ content: 'What do the policies say?', collections: [PERSONAL.id, COMPANY.id] });
    expect(sentPayloads()[0]).not.toHaveProperty('attachments');

    // Still picked for the next question; a chip's remove button takes one away.
    await user.click(within(chips).getByRole('button', { name: 'Remove collection My notes' }));
    await screen.findByRole('button', { name: 'Send' });
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'And the company?{Enter}');
    await waitFor(() => expect(sentPayloads()).toHaveLength(2));
    expect(sentPayloads()[1]).toMatchObject({ collections: [COMPANY.id] });
  });

  it('asks for the collections again when the menu opens, so one made meanwhile is offered', async () => {
    let offered = [PERSONAL];
    server.use(http.get('*/api/qa/resources', () => HttpResponse.json({ collections: offered, language_models: [{ id: 'm', name: 'm', type: 'llm' }] })));
    const user = userEvent.setup();
    await renderChat('/chat');
    await screen.findByRole('heading', { name: 'Start a conversation' });
    await waitFor(() => expect(queryClient.getQueryData(qaResourceKeys.all)).toMatchObject({ collections: [PERSONAL] }));
    offered = [PERSONAL, COMPANY];
    await user.click(screen.getByRole('button', { name: 'Collections' }));
    expect(await screen.findByRole('checkbox', { name: 'HR policies' })).toBeInTheDocument();
  });

  it('closes on a click elsewhere, says when there are none, and is German too', async () => {
    server.use(http.get('*/api/qa/resources', () => HttpResponse.json({ collections: [], language_models: [] })));
    resetChatState([conversation({ name: 'Earlier' })]);
    const user = userEvent.setup();
    await renderChat('/chat', 'de');
    await screen.findByRole('heading', { name: 'Eine Unterhaltung beginnen' });
    await user.click(screen.getByRole('button', { name: 'Sammlungen' }));
    expect(await screen.findByText('Sie haben noch keine Sammlungen.')).toBeVisible();
    await user.click(screen.getByRole('heading', { name: 'Eine Unterhaltung beginnen' }));
    expect(screen.getByRole('button', { name: 'Sammlungen' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Sie haben noch keine Sammlungen.')).not.toBeVisible();
  });
});
