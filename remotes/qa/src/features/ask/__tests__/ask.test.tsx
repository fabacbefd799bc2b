import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  ANSWER,
  ControlledStream,
  answerEvents,
  apiError,
  backend,
  contracts,
  handbook,
  handlers,
  pickedBefore,
  renderQa,
  requestsTo,
  resetQaState,
} from '../../../__tests__/qa-kit';

jest.setTimeout(20_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetQaState();
  server.resetHandlers(...handlers());
  pickedBefore('employee', { scope: 'collections', collectionIds: [handbook.id, contracts.id], model: 'qa-model' });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const questionBox = () => screen.getByRole('textbox', { name: 'Your question' });
const status = () => screen.getAllByRole('status').find((element) => element.getAttribute('aria-live') === 'polite')!;

async function ready() {
  await renderQa();
  await screen.findByText('2 collections: Handbook, Contracts');
}

describe('asking', () => {
  it('Enter asks over the picked collections with the picked model; the answer streams as Markdown with its citations as links', async () => {
    const user = userEvent.setup();
    await ready();
    await user.type(questionBox(), 'When is the deadline?{Enter}');
    const answer = await screen.findByRole('article', { name: 'When is the deadline?' });
    await within(answer).findByText('1 March');
    expect(within(answer).getByText('1 March').tagName).toBe('STRONG');
    expect(requestsTo('POST', '/api/qa/chat').map((r) => r.body)).toEqual([
      { question: 'When is the deadline?', model: 'qa-model', collections: [handbook.id, contracts.id] },
    ]);
    // Citations are in-page links named after their documents (the retrieval's tool content).
    const first = within(answer).getByRole('link', { name: 'Source 1: notes.txt' });
    expect(first).toHaveTextContent('[1]');
    expect(first).toHaveAttribute('href', '#qa-source-1');
    expect(first).not.toHaveAttribute('target');
    expect(within(answer).getByRole('link', { name: 'Source 2: memo.txt' })).toHaveTextContent('[2]');
    await waitFor(() => expect(status()).toHaveTextContent('The answer is complete.'));
    expect(questionBox()).toHaveValue('');
  });

  it('Shift+Enter adds a line, an Enter that ends an input method composition does not ask', async () => {
    const user = userEvent.setup();
    await ready();
    await user.type(questionBox(), 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(questionBox()).toHaveValue('Line one\nline two');
    const box = questionBox();
    act(() => {
      box.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true }));
    });
    await user.type(box, '{Enter}');
    expect(requestsTo('POST', '/api/qa/chat')).toHaveLength(0);
  });

  it('does not ask before a collection is picked, and says why', async () => {
    localStorage.clear();
    const user = userEvent.setup();
    await renderQa();
    await screen.findByRole('checkbox', { name: 'Handbook' });
    await user.type(questionBox(), 'Anything?{Enter}');
    expect(screen.getByRole('button', { name: 'Ask' })).toHaveAttribute('aria-disabled', 'true');
    expect(questionBox()).toHaveAccessibleDescription(expect.stringContaining('Pick at least one collection to ask.'));
    expect(requestsTo('POST', '/api/qa/chat')).toHaveLength(0);
  });

  it('shows progress while searching and writing, stops with Escape and marks the answer Stopped', async () => {
    const stream = new ControlledStream();
    backend.answer = () => stream;
    const user = userEvent.setup();
    await ready();
    await user.type(questionBox(), 'Long one{Enter}');
    const events = answerEvents('Partial text [1] and more');
    act(() => stream.send(events.slice(0, 2)));
    expect(await screen.findByText('Searching the documents …')).toBeInTheDocument();
    act(() => stream.send(events.slice(2, 6)));
    expect(await screen.findByText(/Partial/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(await screen.findByText('Stopped')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    await waitFor(() => expect(status()).toHaveTextContent('Answer stopped.'));
    // No sources for a stopped answer.
    expect(requestsTo('POST', '/api/qa/sources/trace-1')).toHaveLength(0);
  });

  it('a failed answer says why and asks again on request', async () => {
    backend.answer = () => answerEvents('', { end: { kind: 'error', code: 'model_unavailable', message: 'No language model is reachable' } });
    const user = userEvent.setup();
    await ready();
    await user.type(questionBox(), 'Hello?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The answer failed: no language model is reachable.');
    backend.answer = () => answerEvents(ANSWER);
    await user.click(screen.getByRole('button', { name: 'Ask again' }));
    expect(await screen.findByText('1 March')).toBeInTheDocument();
    expect(requestsTo('POST', '/api/qa/chat')).toHaveLength(2);
  });

  it('a refused request (HTTP error before streaming) is an error too', async () => {
    backend.answer = () => apiError(404, 'No such collection', 'not_found');
    const user = userEvent.setup();
    await ready();
    await user.type(questionBox(), 'Hello?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('a collection or document is no longer there.');
  });

  it('a used-up budget says the day it resets and offers no retry', async () => {
    backend.answer = () =>
      HttpResponse.json(
        { statusCode: 429, error: 'Too Many Requests', message: 'Used up', code: 'budget_exhausted', resets_at: '2026-12-01T00:00:00.000Z' },
        { status: 429 },
      );
    const user = userEvent.setup();
    await ready();
    await user.type(questionBox(), 'Hello?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your monthly budget is used up. It resets on 1 December 2026.');
    expect(screen.queryByRole('button', { name: 'Ask again' })).toBeNull();
  });

  it('a budget used up while the answer streams says so in German, without a retry', async () => {
    backend.answer = () => answerEvents('', { end: { kind: 'error', code: 'budget_exhausted', message: 'Your monthly budget for the assistant is used up' } });
    const user = userEvent.setup();
    await renderQa('de');
    await screen.findByText(/2 Sammlungen/);
    await user.type(screen.getByRole('textbox', { name: 'Ihre Frage' }), 'Hallo?{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Ihr monatliches Budget ist aufgebraucht\. Ab dem 1\. \S+ \d{4} steht es wieder zur Verfügung\.$/);
    expect(screen.queryByRole('button', { name: /erneut/i })).toBeNull();
  });

  it('copies the answer and starts a new question with the focus in the box', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await ready();
    await user.type(questionBox(), 'When?{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Copy answer' }));
    expect(writeText).toHaveBeenCalledWith(ANSWER);
    expect(await screen.findByText('Answer copied.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New question' }));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(questionBox()).toHaveFocus();
  });
});
