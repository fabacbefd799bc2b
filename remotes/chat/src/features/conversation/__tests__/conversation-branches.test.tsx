import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exchange, FakeChatHistory, renderConversation, setModels, shownMessages } from './conversation-kit';

jest.setTimeout(20_000);

beforeEach(() => setModels([]));

const answers = () => screen.getAllByRole('article', { name: 'Answer' });
const questions = () => screen.getAllByRole('article', { name: 'Your question' });

describe('regenerate, edit and switch between versions', () => {
  it('regenerate sends the question again under its parent: a sibling question, and the switcher moves between them', async () => {
    const [q1, a1] = exchange('one', 'Capital of France?', 'Paris.');
    const [q2, a2] = exchange('two', 'And Italy?', 'Rome.', a1.message_id);
    let n = 0;
    const history = new FakeChatHistory([q1, a1, q2, a2], { autoAnswer: () => `Rome, again (${++n}).` });
    const user = userEvent.setup();
    renderConversation(history);
    await waitFor(() => expect(shownMessages()).toEqual(['Q: Capital of France?', 'A: Paris.', 'Q: And Italy?', 'A: Rome.']));
    expect(screen.queryByRole('group', { name: /Version/ })).not.toBeInTheDocument();

    await user.click(within(answers()[1]!).getByRole('button', { name: 'Regenerate answer' }));
    await waitFor(() => expect(shownMessages()).toEqual(['Q: Capital of France?', 'A: Paris.', 'Q: And Italy?', 'A: Rome, again (1).']));
    expect(history.sent[0]).toMatchObject({ content: 'And Italy?', parent_message_id: a1.message_id });
    expect(history.sent[0]!.message_id).not.toBe(q2.message_id);

    // The question now has two versions; the switcher sits on it.
    const switcher = within(questions()[1]!).getByRole('group', { name: 'Version 2 of 2' });
    expect(switcher).toHaveTextContent('2 / 2');
    await user.click(within(switcher).getByRole('button', { name: 'Previous version' }));
    await waitFor(() => expect(shownMessages().at(-1)).toBe('A: Rome.'));
    const back = within(questions()[1]!).getByRole('group', { name: 'Version 1 of 2' });
    // Focus stays on the switcher; at the first version "previous" does nothing.
    expect(within(back).getByRole('button', { name: 'Previous version' })).toHaveFocus();
    expect(within(back).getByRole('button', { name: 'Previous version' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(back).getByRole('button', { name: 'Previous version' }));
    expect(shownMessages().at(-1)).toBe('A: Rome.');
    await user.click(within(back).getByRole('button', { name: 'Next version' }));
    await waitFor(() => expect(shownMessages().at(-1)).toBe('A: Rome, again (1).'));
  });

  it('regenerating the first answer makes a new first question (parent null)', async () => {
    const history = new FakeChatHistory(exchange('one', 'Hello?', 'Hi.'), { autoAnswer: () => 'Hello there.' });
    const user = userEvent.setup();
    renderConversation(history);
    await user.click(await screen.findByRole('button', { name: 'Regenerate answer' }));
    await waitFor(() => expect(shownMessages()).toEqual(['Q: Hello?', 'A: Hello there.']));
    expect(history.sent[0]).toMatchObject({ content: 'Hello?', parent_message_id: null });
    expect(within(questions()[0]!).getByRole('group', { name: 'Version 2 of 2' })).toBeInTheDocument();
  });

  it('edit a question inline and resend: a sibling with the new text; Escape cancels and gives focus back', async () => {
    const [q1, a1] = exchange('one', 'Capital of France?', 'Paris.');
    const [q2, a2] = exchange('two', 'And Itlay?', 'Pardon?', a1.message_id);
    const [q3, a3] = exchange('three', 'Italy!', 'Rome.', a2.message_id);
    const history = new FakeChatHistory([q1, a1, q2, a2, q3, a3], { autoAnswer: (payload) => `About: ${payload.content}` });
    const user = userEvent.setup();
    renderConversation(history);
    await waitFor(() => expect(shownMessages()).toHaveLength(6));

    const edit = within(questions()[1]!).getByRole('button', { name: 'Edit question' });
    await user.click(edit);
    const field = screen.getByRole('textbox', { name: 'Edit your question' });
    expect(field).toHaveFocus();
    expect(field).toHaveValue('And Itlay?');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edit your question' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(questions()[1]!).getByRole('button', { name: 'Edit question' })).toHaveFocus());

    await user.keyboard('{Enter}');
    await user.clear(screen.getByRole('textbox', { name: 'Edit your question' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit your question' }), 'And Italy?{Enter}');
    await waitFor(() => expect(shownMessages()).toEqual(['Q: Capital of France?', 'A: Paris.', 'Q: And Italy?', 'A: About: And Italy?']));
    expect(history.sent[0]).toMatchObject({ content: 'And Italy?', parent_message_id: a1.message_id });

    // Switching back to the first version shows its newest branch (down to "Rome.").
    await user.click(within(questions()[1]!).getByRole('button', { name: 'Previous version' }));
    await waitFor(() => expect(shownMessages()).toEqual(['Q: Capital of France?', 'A: Paris.', 'Q: And Itlay?', 'A: Pardon?', 'Q: Italy!', 'A: Rome.']));
  });

  it('the edit form has Send and Cancel buttons', async () => {
    const history = new FakeChatHistory(exchange('one', 'Old', 'Answer'), { autoAnswer: () => 'New answer' });
    const user = userEvent.setup();
    renderConversation(history);
    await user.click(await screen.findByRole('button', { name: 'Edit question' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Old')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit question' }));
    await user.type(screen.getByRole('textbox', { name: 'Edit your question' }), ' and new');
    await user.click(screen.getByRole('button', { name: 'Send changed question' }));
    await waitFor(() => expect(shownMessages()).toEqual(['Q: Old and new', 'A: New answer']));
  });

  it('switching versions of an answer (a retried question) works the same way', async () => {
    const [q1, a1] = exchange('one', 'Q', 'First answer');
    const a1b = { ...a1, message_id: 'one-a2', content: 'Second answer' };
    const history = new FakeChatHistory([q1, a1, a1b]);
    const user = userEvent.setup();
    renderConversation(history);
    await waitFor(() => expect(shownMessages()).toEqual(['Q: Q', 'A: Second answer']));
    const switcher = within(answers()[0]!).getByRole('group', { name: 'Version 2 of 2' });
    await user.click(within(switcher).getByRole('button', { name: 'Previous version' }));
    await waitFor(() => expect(shownMessages()).toEqual(['Q: Q', 'A: First answer']));
  });
});
