import type { AnswerDetails } from '@assistant/contracts';
import { setPersistenceUser, useDeveloperModeStore, usePermissionsStore } from '@assistant/platform';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { exchange, FakeChatHistory, renderConversation, setModels } from './conversation-kit';

jest.setTimeout(20_000);

const DETAILS: AnswerDetails = {
  model: 'llama-3',
  input_tokens: 1812,
  output_tokens: 64,
  model_calls: 2,
  time_to_first_token_ms: 420,
  total_ms: 1930,
  trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
  trace_url: 'https://traces.example/trace/4bf92f3577b34da6a3ce929d0e0e4736',
  request_id: 'c0ffee00-1111-4222-8333-444455556666',
  passages: [{ source_index: 0, file_name: 'travel-policy.pdf', page: 2, score: 0.0312, text: 'Trains are preferred below 600 km.' }],
  tool_calls: [{ call_id: 'call-1', name: 'search_documents', arguments: '{"query":"travel"}', result: '[{"title":"Travel policy"}]' }],
};

const allowed = (granted: string[]) => act(() => usePermissionsStore.setState({ status: 'loaded', granted: new Set(granted) as never }));
const developerMode = (enabled: boolean) => act(() => useDeveloperModeStore.getState().setEnabled(enabled));

beforeEach(async () => {
  setModels();
  await act(() => setPersistenceUser('dana'));
});
afterEach(async () => {
  await act(() => setPersistenceUser(null));
  localStorage.clear();
});

function conversationWithDetails() {
  const [question, answer] = exchange('one', 'Which train?', 'Take the train.');
  answer.details = DETAILS;
  return new FakeChatHistory([question, answer]);
}

describe('an answer’s developer details', () => {
  it('are folded under the answer in developer mode: model, tokens, timings, trace link, request id, passages and raw tool calls', async () => {
    allowed(['DeveloperMode']);
    developerMode(true);
    renderConversation(conversationWithDetails());
    const answer = await screen.findByRole('article', { name: 'Answer' });
    const panel = within(answer).getByText('Details').closest('details')!;
    expect(panel).not.toHaveAttribute('open');
    await userEvent.click(within(answer).getByText('Details'));
    expect(panel).toHaveAttribute('open');
    const facts = within(panel);
    expect(facts.getByText('Model').nextElementSibling).toHaveTextContent('llama-3');
    expect(facts.getByText('Tokens').nextElementSibling).toHaveTextContent('1,812 in · 64 out · 2 model calls');
    expect(facts.getByText('Time to first token').nextElementSibling).toHaveTextContent('420 ms');
    expect(facts.getByText('Total time').nextElementSibling).toHaveTextContent('1.93 s');
    expect(facts.getByRole('link', { name: /Open trace/ })).toHaveAttribute('href', DETAILS.trace_url);
    expect(facts.getByText(DETAILS.request_id!)).toBeInTheDocument();
    expect(facts.getByRole('heading', { name: 'Retrieved passage' })).toBeInTheDocument();
    expect(facts.getByText(/\[1\] travel-policy\.pdf, page 2 · score 0\.0312/)).toBeInTheDocument();
    expect(facts.getByText('{"query":"travel"}')).toBeInTheDocument();
    expect(facts.getByText('[{"title":"Travel policy"}]')).toBeInTheDocument();

    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(facts.getByRole('button', { name: 'Copy trace ID' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(DETAILS.trace_id));

    // axe asks a canvas about icon ligatures; jsdom has none.
    const canvas = jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    expect((await axe.run(panel)).violations).toEqual([]);
    canvas.mockRestore();
  });

  it('say in German what the server did not report, and show no link without a trace', async () => {
    allowed(['DeveloperMode']);
    developerMode(true);
    const [question, answer] = exchange('one', 'Frage', 'Antwort');
    answer.details = { model: 'llama-3', total_ms: 800 };
    renderConversation(new FakeChatHistory([question, answer]), { language: 'de' });
    const panel = (await screen.findByText('Details')).closest('details')!;
    expect(within(panel).getByText('Tokens').nextElementSibling).toHaveTextContent('nicht gemeldet ein · nicht gemeldet aus');
    expect(within(panel).getByText('Trace-ID').nextElementSibling).toHaveTextContent('keine (Tracing ist aus)');
    expect(within(panel).queryByRole('link')).toBeNull();
  });

  it('are not shown with developer mode off, nor to a user who may not use it', async () => {
    allowed(['DeveloperMode']);
    developerMode(false);
    const { unmount } = renderConversation(conversationWithDetails());
    await screen.findByRole('article', { name: 'Answer' });
    expect(screen.queryByText('Details')).toBeNull();
    unmount();

    allowed([]);
    developerMode(true);
    renderConversation(conversationWithDetails());
    await screen.findByRole('article', { name: 'Answer' });
    expect(screen.queryByText('Details')).toBeNull();
  });

  it('come with a streamed answer, whose raw events the server is asked to keep in developer mode', async () => {
    allowed(['DeveloperMode']);
    developerMode(true);
    const history = new FakeChatHistory([], { autoAnswer: null });
    renderConversation(history);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your message' }), 'Hello{Enter}');
    await waitFor(() => expect(history.streams).toHaveLength(1));
    expect(history.sent[0]?.developer_mode).toBe(true);
    const stream = history.streams[0]!;
    act(() => {
      stream.text('Hi.');
      stream.push({ kind: 'details', message_id: stream.answer.message_id, details: { model: 'llama-3', input_tokens: 5, output_tokens: 2 } });
      history.update(stream.answer.message_id, { details: { model: 'llama-3', input_tokens: 5, output_tokens: 2 } });
      stream.done();
    });
    const panel = (await screen.findByText('Details')).closest('details')!;
    expect(within(panel).getByText('Tokens').nextElementSibling).toHaveTextContent('5 in · 2 out');
  });
});
