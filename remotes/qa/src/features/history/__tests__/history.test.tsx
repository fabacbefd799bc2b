import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { ControlledStream, answerEvents, backend, contracts, handbook, handlers, pickedBefore, renderQa, requestsTo, resetQaState, signInAs } from '../../../__tests__/qa-kit';
import { act } from '@testing-library/react';

jest.setTimeout(30_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetQaState();
  server.resetHandlers(...handlers());
  backend.notReadyTimes = 0;
  pickedBefore('employee', { scope: 'collections', collectionIds: [handbook.id, contracts.id] });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const history = () => screen.getByRole('complementary', { name: 'History' });

async function askWithSources(question: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Your question' }), `${question}{Enter}`);
  await screen.findByRole('list', { name: '2 sources' });
  return user;
}

describe('question history', () => {
  it('keeps each question with its answer and sources per user; reopens one without asking the server again', async () => {
    const { unmount } = await renderQa();
    await screen.findByText('2 collections: Handbook, Contracts');
    await askWithSources('When is the deadline?');
    await waitFor(() => expect(within(history()).getByRole('button', { name: /^When is the deadline\?/ })).toHaveAttribute('aria-current', 'true'));
    const stored = JSON.parse(localStorage.getItem('assistant.qa-history.employee')!);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ question: 'When is the deadline?', status: 'complete', traceId: 'trace-1' });
    expect(stored[0].sources).toHaveLength(2);
    unmount();

    // A new visit: the history is there; reopening shows answer and sources at once.
    backend.requests = [];
    await renderQa();
    const user = userEvent.setup();
    await user.click(await within(history()).findByRole('button', { name: /^When is the deadline\?/ }));
    const answer = await screen.findByRole('article', { name: 'When is the deadline?' });
    expect(within(answer).getByRole('link', { name: 'Source 1: notes.txt' })).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: '2 sources' })).toBeInTheDocument();
    expect(requestsTo('POST', '/api/qa/chat')).toHaveLength(0);
    expect(requestsTo('GET', '/api/qa/sources/trace-1')).toHaveLength(0);
  });

  it('another user has their own history', async () => {
    localStorage.setItem(
      'assistant.qa-history.employee',
      JSON.stringify([{ id: 'x', question: 'Secret question', askedAt: '2025-06-01T12:00:00.000Z', target: { kind: 'collections', collections: [] }, answer: 'A', status: 'complete', documents: [] }]),
    );
    signInAs('manager');
    await renderQa();
    expect(await within(history()).findByText('Questions you ask are kept here, in this browser.')).toBeInTheDocument();
    expect(screen.queryByText('Secret question')).not.toBeInTheDocument();
  });

  it('a reopened answer whose sources were not kept asks for them again (trigger, then poll)', async () => {
    localStorage.setItem(
      'assistant.qa-history.employee',
      JSON.stringify([
        { id: 'x', question: 'Kept question', askedAt: '2025-06-01T12:00:00.000Z', target: { kind: 'collections', collections: [{ id: handbook.id, name: 'Handbook' }] }, answer: 'Kept [1]', status: 'complete', traceId: 'trace-9', documents: [] },
      ]),
    );
    const user = userEvent.setup();
    await renderQa();
    await user.click(await within(history()).findByRole('button', { name: /^Kept question/ }));
    expect(await screen.findByRole('list', { name: '1 source' })).toBeInTheDocument();
    expect(requestsTo('POST', '/api/qa/sources/trace-9')).toHaveLength(1);
  });

  it('deletes a question after confirming, and the shown answer goes with it', async () => {
    await renderQa();
    await screen.findByText('2 collections: Handbook, Contracts');
    const user = await askWithSources('Delete me?');
    await user.click(within(history()).getByRole('button', { name: 'Delete “Delete me?”' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this question?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(history()).queryByRole('button', { name: /^Delete me\?/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('assistant.qa-history.employee')!)).toEqual([]);
  });

  it('reopening a question while another is answered stops that one and keeps the reopened one shown', async () => {
    localStorage.setItem(
      'assistant.qa-history.employee',
      JSON.stringify([
        { id: 'x', question: 'Old question', askedAt: '2025-06-01T12:00:00.000Z', target: { kind: 'collections', collections: [] }, answer: 'Old answer', status: 'complete', documents: [], sources: backend.sources },
      ]),
    );
    const stream = new ControlledStream();
    backend.answer = () => stream;
    const user = userEvent.setup();
    await renderQa();
    await screen.findByText('2 collections: Handbook, Contracts');
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'New question{Enter}');
    act(() => stream.send(answerEvents('Partial').slice(0, 4)));
    await screen.findByRole('button', { name: 'Stop' });
    await user.click(within(history()).getByRole('button', { name: /^Old question/ }));
    expect(await screen.findByRole('article', { name: 'Old question' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument());
    expect(screen.getByRole('article', { name: 'Old question' })).toBeInTheDocument();
    // The stopped question is kept in the history too.
    await waitFor(() => expect(within(history()).getByRole('button', { name: /^New question/ })).toBeInTheDocument());
  });
});
