import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { persistKey, setPersistenceUser } from '@assistant/platform';
import { exchange, FakeChatHistory, liveRegion, MODELS, renderConversation, setModels } from './conversation-kit';

jest.setTimeout(20_000);

const MORE_MODELS = [...MODELS, { id: 'mistral', name: 'Mistral Small', type: 'llm', description: 'Fast answers for everyday questions.' }];
beforeEach(() => setModels(MORE_MODELS));
afterEach(async () => {
  await setPersistenceUser(null);
  localStorage.clear();
});

const composer = () => screen.getByRole('textbox', { name: 'Your message' });
/** Signs the persistence in as `sub` (which empties the per-user stores), then offers the models again. */
async function signIn(sub: string | null) {
  await act(() => setPersistenceUser(sub));
  act(() => setModels(MORE_MODELS));
}
const modelSelect = () => screen.getByRole('combobox', { name: /^Model/ });

describe('an answer’s details', () => {
  it('says which model wrote an answer: its name where the model is on offer, else the stored id', async () => {
    const [q1, a1] = exchange('one', 'First?', 'One.');
    a1.model = 'qwen-think';
    const [q2, a2] = exchange('two', 'Second?', 'Two.', a1.message_id);
    a2.model = 'retired-model';
    const [q3, a3] = exchange('three', 'Third?', 'Three.', a2.message_id);
    renderConversation(new FakeChatHistory([q1, a1, q2, a2, q3, a3]));
    const answers = await screen.findAllByRole('article', { name: 'Answer' });
    expect(answers[0]).toHaveTextContent('Model: Qwen (reasoning)');
    expect(answers[1]).toHaveTextContent('Model: retired-model');
    expect(answers[2]).not.toHaveTextContent('Model:');
  });

  it('says it in German', async () => {
    const [q1, a1] = exchange('one', 'Frage', 'Antwort');
    a1.model = 'llama-3';
    a1.status = 'stopped';
    renderConversation(new FakeChatHistory([q1, a1]), { language: 'de' });
    const answer = await screen.findByRole('article', { name: 'Antwort' });
    expect(answer).toHaveTextContent('Modell: Llama 3');
    expect(within(answer).getByText('Angehalten')).toHaveClass('ui-badge');
  });

  it('shows a stopped answer’s status as a badge on the line with the model, not stretched across the answer', async () => {
    const [q1, a1] = exchange('one', 'Q', 'Half an ans');
    a1.status = 'stopped';
    a1.model = 'llama-3';
    renderConversation(new FakeChatHistory([q1, a1]));
    const badge = within(await screen.findByRole('article', { name: 'Answer' })).getByText('Stopped');
    expect(badge).toHaveClass('ui-badge');
    expect(badge.parentElement).toHaveClass('conversation__answer-meta');
    expect(badge.parentElement).toHaveTextContent('Model: Llama 3');
  });

  it('confirms a copy visibly beside the button for a few seconds, and announces it', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    // After setup, which puts its own clipboard in place.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderConversation(new FakeChatHistory(exchange('one', 'Q', 'The **answer**')));
    const answer = await screen.findByRole('article', { name: 'Answer' });
    expect(within(answer).queryByText('Answer copied.')).not.toBeInTheDocument();
    await user.click(within(answer).getByRole('button', { name: 'Copy answer' }));
    expect(writeText).toHaveBeenCalledWith('The **answer**');
    expect(await within(answer).findByText('Answer copied.')).toBeVisible();
    expect(liveRegion()).toHaveTextContent('Answer copied.');
    await waitFor(() => expect(within(answer).queryByText('Answer copied.')).not.toBeInTheDocument(), { timeout: 5000 });

    // A failed copy confirms nothing (the status says to copy by hand).
    writeText.mockRejectedValueOnce(new Error('denied'));
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    await user.click(within(answer).getByRole('button', { name: 'Copy answer' }));
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Copying is not possible here.'));
    expect(within(answer).queryByText('Answer copied.')).not.toBeInTheDocument();
  });

  it('announces a finished answer as the text it shows, not its Markdown', async () => {
    const history = new FakeChatHistory([], { autoAnswer: () => '1. **Bold** step\n2. See [the docs](https://example.com) and `npm test`' });
    const user = userEvent.setup();
    renderConversation(history);
    await screen.findByRole('heading', { name: 'Ask your first question' });
    await user.type(composer(), 'How?{Enter}');
    await waitFor(() => expect(liveRegion()).toHaveTextContent('1. Bold step 2. See the docs and npm test'));
    expect(liveRegion().textContent).not.toMatch(/[*[\]`]|https:/);
  });
});

describe('the model picker', () => {
  it('shows each model by name and the chosen one’s description where the endpoint gives one', async () => {
    const user = userEvent.setup();
    renderConversation(new FakeChatHistory([]));
    await screen.findByRole('heading', { name: 'Ask your first question' });
    expect(within(modelSelect()).getAllByRole('option').map((option) => option.textContent)).toEqual(['Llama 3', 'Qwen (reasoning)', 'Mistral Small']);
    expect(screen.queryByText('Fast answers for everyday questions.')).not.toBeInTheDocument();
    await user.selectOptions(modelSelect(), 'Mistral Small');
    expect(modelSelect()).toHaveAccessibleDescription('Fast answers for everyday questions.');
  });

  it('keeps the model and think choices per user: the next visit starts with them and sends them', async () => {
    await signIn('anna');
    const user = userEvent.setup();
    const first = renderConversation(new FakeChatHistory([]));
    await screen.findByRole('heading', { name: 'Ask your first question' });
    await user.selectOptions(modelSelect(), 'Qwen (reasoning)');
    await user.click(screen.getByRole('switch', { name: 'Think' }));
    expect(JSON.parse(localStorage.getItem(persistKey('chat-preferences', 'anna'))!).state).toEqual({ model: 'qwen-think', think: true });
    first.unmount();

    const history = new FakeChatHistory([]);
    renderConversation(history);
    await screen.findByRole('heading', { name: 'Ask your first question' });
    await waitFor(() => expect(modelSelect()).toHaveValue('qwen-think'));
    expect(screen.getByRole('switch', { name: 'Think' })).toBeChecked();
    await user.type(composer(), 'Again{Enter}');
    await waitFor(() => expect(history.sent[0]).toMatchObject({ reasoning_model_override: 'qwen-think', think: true }));

    // Another user starts with the defaults.
    await signIn('ben');
    await waitFor(() => expect(modelSelect()).toHaveValue('llama-3'));
    expect(screen.getByRole('switch', { name: 'Think' })).not.toBeChecked();
  });

  it('falls back to the first model when the kept one is no longer on offer', async () => {
    await act(() => setPersistenceUser('carla'));
    localStorage.setItem(persistKey('chat-preferences', 'carla'), JSON.stringify({ state: { model: 'gone', think: false }, version: 0 }));
    await signIn(null);
    await signIn('carla');
    const history = new FakeChatHistory([]);
    const user = userEvent.setup();
    renderConversation(history);
    await screen.findByRole('heading', { name: 'Ask your first question' });
    expect(modelSelect()).toHaveValue('llama-3');
    await user.type(composer(), 'Hi{Enter}');
    await waitFor(() => expect(history.sent[0]).toMatchObject({ reasoning_model_override: 'llama-3', think: false }));
  });
});
