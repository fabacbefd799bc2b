import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { qaResourceKeys } from '@assistant/endpoints';
import { queryClient, useNotificationsStore } from '@assistant/platform';
import { CONVERSATION, exchange, FakeChatHistory, liveRegion, renderConversation, setModels, shownMessages } from './conversation-kit';

jest.setTimeout(20_000);

beforeEach(() => setModels());

const composer = () => screen.getByRole('textbox', { name: 'Your message' });
/** Text in the message list (the live region may say the same). */
const inList = (text: string | RegExp) => within(screen.getByRole('list', { name: 'Messages' })).findByText(text);

describe('the conversation view', () => {
  it('shows the newest branch: questions as plain text, answers as Markdown with folded reasoning', async () => {
    const [q1, a1] = exchange('one', 'What is *this*?\nSecond line', '# Title\n\nSome **bold** text.\n\n| A | B |\n|---|---|\n| 1 | 2 |');
    a1.reasoning = 'I considered it.';
    renderConversation(new FakeChatHistory([q1, a1]));
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('article', { name: 'Your question' })).toHaveTextContent('What is *this*? Second line');
    expect(screen.getByText(/What is \*this\*\?/).tagName).toBe('P');
    const answer = within(list).getByRole('article', { name: 'Answer' });
    expect(await within(answer).findByRole('heading', { level: 4, name: 'Title' })).toBeInTheDocument();
    expect(within(answer).getByText('bold').tagName).toBe('STRONG');
    expect(within(answer).getByRole('table')).toBeInTheDocument();
    const reasoning = within(answer).getByText('Reasoning').closest('details')!;
    expect(reasoning).not.toHaveAttribute('open');
    expect(reasoning).toHaveTextContent('I considered it.');
  });

  it('shows stored stopped and failed answers with their status and a retry', async () => {
    const [q1, a1] = exchange('one', 'First?', 'Half an ans');
    a1.status = 'stopped';
    const [q2, a2] = exchange('two', 'Second?', '', a1.message_id);
    a2.status = 'error';
    renderConversation(new FakeChatHistory([q1, a1, q2, a2]));
    const answers = await screen.findAllByRole('article', { name: 'Answer' });
    expect(within(answers[0]!).getByText('Stopped')).toBeInTheDocument();
    expect(answers[1]).toHaveTextContent('The answer failed: The model failed.');
    expect(within(answers[1]!).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows an empty conversation, and a failed load with a retry', async () => {
    const history = new FakeChatHistory([]);
    const list = jest.spyOn(history, 'listMessages').mockRejectedValueOnce(new Error('down'));
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderConversation(history);
    expect(await screen.findByRole('heading', { name: 'The messages could not be loaded.' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Ask your first question' })).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('streams an answer progressively: the question at once, chunks as they come, the reasoning folded, then the stored copy', async () => {
    const history = new FakeChatHistory([], { autoAnswer: null });
    const changed = jest.fn();
    const user = userEvent.setup();
    renderConversation(history, { onConversationChanged: changed });
    await screen.findByRole('heading', { name: 'Ask your first question' });
    await user.type(composer(), 'Why is the sky blue?');
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Why is the sky blue?')).toBeInTheDocument();
    expect(composer()).toHaveValue('');
    await waitFor(() => expect(history.streams).toHaveLength(1));
    const stream = history.streams[0]!;
    expect(history.sent[0]).toEqual({ content: 'Why is the sky blue?', message_id: expect.stringMatching(/^[0-9a-f-]{36}$/), think: false, reasoning_model_override: 'llama-3' });
    expect(liveRegion()).toHaveTextContent('Answer is being written…');
    expect(screen.getByRole('button', { name: 'Stop answer' })).toBeInTheDocument();

    act(() => stream.push({ kind: 'stream_text', event: { stream_id: 'r', type: 'begin', channel: 'reasoning' } }, { kind: 'stream_text', event: { stream_id: 'r', type: 'append', delta: 'Rayleigh…' } }));
    act(() => stream.text('Because of ', 'scattering'));
    const answer = await screen.findByRole('article', { name: 'Answer' });
    await waitFor(() => expect(answer).toHaveTextContent('Because of scattering'));
    expect(answer).toHaveAttribute('aria-busy', 'true');
    expect(answer).toHaveTextContent('Being written…');
    expect(within(answer).getByText('Reasoning').closest('details')).toHaveTextContent('Rayleigh…');
    // Not every chunk is announced.
    expect(liveRegion()).toHaveTextContent('Answer is being written…');

    act(() => stream.text(' of **light**.'));
    await waitFor(() => expect(answer).toHaveTextContent('Because of scattering of light.'));
    expect(changed).not.toHaveBeenCalled();
    await act(async () => stream.done());

    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect(liveRegion()).toHaveTextContent(/^Because of scattering of light\.$/);
    expect(history.listCalls).toBe(2);
    const stored = screen.getByRole('article', { name: 'Answer' });
    expect(stored).not.toHaveAttribute('aria-busy');
    expect(await within(stored).findByText('light')).toHaveProperty('tagName', 'STRONG');
    expect(screen.queryByRole('button', { name: 'Stop answer' })).not.toBeInTheDocument();
    expect(shownMessages()).toEqual(['Q: Why is the sky blue?', 'A: Because of scattering of light.']);
  });

  it('shows chunks that arrive within one frame in one render, not one render per chunk', async () => {
    const history = new FakeChatHistory([], { autoAnswer: null });
    const user = userEvent.setup();
    renderConversation(history);
    await screen.findByRole('heading', { name: 'Ask your first question' });
    await user.type(composer(), 'Count{Enter}');
    await waitFor(() => expect(history.streams).toHaveLength(1));
    const answer = await screen.findByRole('article', { name: 'Answer' });
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(answer.querySelector('.ui-markdown')?.textContent ?? ''));
    observer.observe(answer, { subtree: true, childList: true, characterData: true });
    act(() => {
      history.streams[0]!.text('Begin.');
      for (let i = 1; i <= 300; i += 1) history.streams[0]!.text(` ${i}`);
    });
    await waitFor(() => expect(answer.querySelector('.ui-markdown')).toHaveTextContent(/^Begin\. 1 2 .* 300$/));
    observer.disconnect();
    // Every distinct text shown is a frame's worth; 301 chunks made only a few.
    expect(new Set(seen).size).toBeLessThan(10);
    await act(async () => history.streams[0]!.done());
  });

  it('Escape stops the answer being written', async () => {
    const history = new FakeChatHistory(exchange('one', 'Hi', 'Hello!'), { autoAnswer: null });
    const user = userEvent.setup();
    renderConversation(history);
    await screen.findByText('Hello!');
    await user.type(composer(), 'Tell me a long story{Enter}');
    await waitFor(() => expect(history.streams).toHaveLength(1));
    act(() => history.streams[0]!.text('Once upon'));
    await screen.findByText(/Once upon/);
    expect(composer()).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(history.signals[0]!.aborted).toBe(true);
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Answer stopped'));
    expect(within(screen.getAllByRole('article', { name: 'Answer' })[1]!).getByText('Stopped')).toBeInTheDocument();
  });

  it('stop aborts the request and shows the answer as stopped', async () => {
    const history = new FakeChatHistory(exchange('one', 'Hi', 'Hello!'), { autoAnswer: null });
    const user = userEvent.setup();
    const changed = jest.fn();
    renderConversation(history, { onConversationChanged: changed });
    await screen.findByText('Hello!');
    await user.type(composer(), 'Tell me a long story{Enter}');
    await waitFor(() => expect(history.streams).toHaveLength(1));
    act(() => history.streams[0]!.text('Once upon'));
    await screen.findByText(/Once upon/);
    // The parent is the end of the branch shown.
    expect(history.sent[0]!.parent_message_id).toBe('one-a');

    await user.click(screen.getByRole('button', { name: 'Stop answer' }));
    expect(history.signals[0]!.aborted).toBe(true);
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Answer stopped'));
    const answers = screen.getAllByRole('article', { name: 'Answer' });
    expect(answers[1]).toHaveTextContent('Once upon');
    expect(within(answers[1]!).getByText('Stopped')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop answer' })).not.toBeInTheDocument();
    // The server kept the stopped exchange: the list may show a new order.
    expect(changed).toHaveBeenCalledTimes(1);

    // The next question goes below the stopped answer.
    history.autoAnswer = () => 'Sure.';
    await user.type(composer(), 'Shorter please{Enter}');
    await inList('Sure.');
    expect(history.sent[1]!.parent_message_id).toBe(history.streams[0]!.answer.message_id);
  });

  it('shows an error event on the answer with a retry that answers the same question again', async () => {
    const history = new FakeChatHistory([], { autoAnswer: null });
    const user = userEvent.setup();
    renderConversation(history);
    await screen.findByRole('heading', { name: 'Ask your first question' });
    await user.type(composer(), 'Question{Enter}');
    await waitFor(() => expect(history.streams).toHaveLength(1));
    act(() => {
      history.streams[0]!.text('Par');
      history.streams[0]!.push({ kind: 'error', code: 'upstream_failed', message: 'The model or tool service failed' });
      history.streams[0]!.end();
    });
    const answer = await screen.findByText('The answer failed: The model failed.');
    expect(liveRegion()).toHaveTextContent('The answer failed. The model failed.');
    expect(screen.getByRole('article', { name: 'Answer' })).toHaveTextContent('Par');

    history.autoAnswer = () => 'Now it works.';
    await user.click(within(answer.closest('article')!).getByRole('button', { name: 'Retry' }));
    await inList('Now it works.');
    expect(history.sent[1]).toMatchObject({ content: 'Question', message_id: history.sent[0]!.message_id });
    // The question is stored once; the failed and the new answer are its two versions.
    expect(history.messages.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(screen.getByRole('group', { name: 'Version 2 of 2' })).toBeInTheDocument();
  });

  it('shows a refused request (no model) on the answer, and the question is not lost', async () => {
    const { ApiRequestError } = jest.requireActual('@assistant/platform');
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const history = new FakeChatHistory([], { refuse: () => new ApiRequestError('503', { status: 503 }) });
    const user = userEvent.setup();
    renderConversation(history);
    await screen.findByRole('heading', { name: 'Ask your first question' });
    await user.type(composer(), 'Anyone there?{Enter}');
    expect(await screen.findByText('The answer failed: No language model is reachable right now.')).toBeInTheDocument();
    expect(screen.getByText('Anyone there?')).toBeInTheDocument();

    history.refuse = undefined;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(shownMessages()).toEqual(['Q: Anyone there?', 'A: An answer.']));
    expect(history.sent[1]).toMatchObject({ content: 'Anyone there?', message_id: history.sent[0]!.message_id });
    expect(shownMessages()).toEqual(['Q: Anyone there?', 'A: An answer.']);
  });

  it('tells when to try again after the server refused with 429 (a per-user limit)', async () => {
    const { ApiRequestError } = jest.requireActual('@assistant/platform');
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const history = new FakeChatHistory([], { refuse: () => new ApiRequestError('429', { status: 429, retryAfterSeconds: 20 }) });
    const user = userEvent.setup();
    renderConversation(history);
    await screen.findByRole('heading', { name: 'Ask your first question' });
    await user.type(composer(), 'Again?{Enter}');
    expect(await screen.findByText('The answer failed: Too many requests; please try again later.')).toBeInTheDocument();
    const texts = useNotificationsStore.getState().notifications.map((n) => ('text' in n.message ? n.message.text : n.message.key));
    expect(texts).toContain('Too many requests. Please try again in 20 seconds.');
  });

  it('says when a used-up budget resets, without a retry, whether the server refused at once or in the stream', async () => {
    const { ApiRequestError } = jest.requireActual('@assistant/platform');
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const refused = () =>
      new ApiRequestError('429', {
        status: 429,
        body: { statusCode: 429, error: 'Too Many Requests', message: 'Used up', code: 'budget_exhausted', resets_at: '2026-12-01T00:00:00.000Z' },
      });
    useNotificationsStore.getState().clear();
    const history = new FakeChatHistory([], { refuse: refused, autoAnswer: null });
    const user = userEvent.setup();
    renderConversation(history);
    await screen.findByRole('heading', { name: 'Ask your first question' });
    await user.type(composer(), 'Over budget?{Enter}');
    const text = await screen.findByText(/^Your monthly budget is used up\. It resets on \d+ \w+ \d{4}\.$/);
    expect(within(text.closest('article')!).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(text.closest('article')!).queryByRole('button', { name: 'Regenerate answer' })).toBeNull();
    expect(liveRegion()).toHaveTextContent('Your monthly budget is used up.');
    expect(useNotificationsStore.getState().notifications).toHaveLength(0);

    // Refused once the answer streams: the stream's error event says the same.
    history.refuse = undefined;
    await user.type(composer(), 'And now?{Enter}');
    await waitFor(() => expect(history.streams).toHaveLength(1));
    act(() => {
      history.streams[0]!.push({ kind: 'error', code: 'budget_exhausted', message: 'Your monthly budget for the assistant is used up' });
      history.streams[0]!.end();
    });
    await waitFor(() => expect(shownMessages()).toContain('Q: And now?'));
    const answers = screen.getAllByRole('article', { name: 'Answer' });
    await waitFor(() => expect(answers.at(-1)).toHaveTextContent(/Your monthly budget is used up\. It resets on \d+ \w+ \d{4}\./));
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('Enter sends, Shift+Enter adds a line, Enter while composing with an input method does not send', async () => {
    const history = new FakeChatHistory([], { autoAnswer: (payload) => `Echo: ${payload.content}` });
    const user = userEvent.setup();
    renderConversation(history);
    await screen.findByRole('heading', { name: 'Ask your first question' });
    expect(composer()).toHaveAccessibleDescription('Enter sends, Shift+Enter starts a new line.');
    await user.type(composer(), 'line one{Shift>}{Enter}{/Shift}line two');
    expect(composer()).toHaveValue('line one\nline two');
    composer().dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true }));
    await user.keyboard('{Enter}');
    composer().dispatchEvent(new CompositionEvent('compositionend', { bubbles: true }));
    expect(history.sent).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(history.sent).toHaveLength(1));
    expect(history.sent[0]!.content).toBe('line one\nline two');
    // Whitespace alone is not sent.
    await inList(/Echo: line one/);
    await user.type(composer(), '   {Enter}');
    expect(history.sent).toHaveLength(1);
  });

  it('sends a question typed before the messages arrived, after the newest stored message', async () => {
    const history = new FakeChatHistory(exchange('one', 'Earlier', 'Reply'), { autoAnswer: () => 'Fast.' });
    let release!: () => void;
    const list = history.listMessages.bind(history);
    jest.spyOn(history, 'listMessages').mockImplementationOnce(async (id) => {
      await new Promise<void>((resolve) => (release = resolve));
      return list(id);
    });
    const user = userEvent.setup();
    renderConversation(history);
    await user.type(composer(), 'Quick{Enter}');
    await waitFor(() => expect(history.sent).toHaveLength(1));
    expect(history.sent[0]).not.toHaveProperty('parent_message_id');
    release();
    await waitFor(() => expect(shownMessages()).toEqual(['Q: Earlier', 'A: Reply', 'Q: Quick', 'A: Fast.']));
  });

  it('sends the chosen model and the think switch in the payload', async () => {
    const history = new FakeChatHistory([]);
    const user = userEvent.setup();
    renderConversation(history);
    await screen.findByRole('heading', { name: 'Ask your first question' });
    expect(screen.getByRole('combobox', { name: 'Model' })).toHaveValue('llama-3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'Qwen (reasoning)');
    await user.click(screen.getByRole('switch', { name: 'Think' }));
    await user.type(composer(), 'Think hard{Enter}');
    await waitFor(() => expect(history.sent).toHaveLength(1));
    expect(history.sent[0]).toMatchObject({ reasoning_model_override: 'qwen-think', think: true });
  });

  it('loads the models from GET /api/qa/resources when none are known yet', async () => {
    const { createApiClients, setApiClients } = jest.requireActual('@assistant/platform');
    const { setupServer } = await import('msw/node');
    const { http, HttpResponse } = await import('msw');
    const server = setupServer(http.get('*/api/qa/resources', () => HttpResponse.json({ collections: [], language_models: [{ id: 'mistral', name: 'Mistral', type: 'llm' }] })));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
      queryClient.removeQueries({ queryKey: qaResourceKeys.all });
      const history = new FakeChatHistory([]);
      const user = userEvent.setup();
      renderConversation(history);
      expect(await screen.findByRole('combobox', { name: 'Model' })).toHaveValue('mistral');
      await user.type(composer(), 'Hi{Enter}');
      await waitFor(() => expect(history.sent[0]).toMatchObject({ reasoning_model_override: 'mistral' }));
    } finally {
      server.close();
    }
  });

  it('copies an answer and announces it', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderConversation(new FakeChatHistory(exchange('one', 'Q', 'The **answer**')));
    await user.click(await screen.findByRole('button', { name: 'Copy answer' }));
    expect(writeText).toHaveBeenCalledWith('The **answer**');
    expect(liveRegion()).toHaveTextContent('Answer copied.');

    writeText.mockRejectedValueOnce(new Error('denied'));
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Copy answer' }));
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Copying is not possible here.'));
  });

  it('speaks German', async () => {
    const [q1, a1] = exchange('one', 'Frage', 'Antworttext');
    a1.status = 'stopped';
    a1.reasoning = 'Gedanken';
    renderConversation(new FakeChatHistory([q1, a1]), { language: 'de' });
    expect(await screen.findByRole('list', { name: 'Nachrichten' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Ihre Frage' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Antwort' })).toHaveTextContent('Angehalten');
    expect(screen.getByText('Überlegungen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Antwort kopieren' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Antwort neu erzeugen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Frage bearbeiten' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Ihre Nachricht' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Nachdenken' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Modell' })).toBeInTheDocument();
  });
});

export { CONVERSATION };
