import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { MEMO_ORIGINAL, answerEvents, backend, contracts, handbook, handlers, pickedBefore, renderQa, requestsTo, resetQaState } from '../../../__tests__/qa-kit';

jest.setTimeout(30_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetQaState();
  server.resetHandlers(...handlers());
  pickedBefore('employee', { scope: 'collections', collectionIds: [handbook.id, contracts.id] });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const liveStatus = () => screen.getAllByRole('status').find((element) => element.getAttribute('aria-live') === 'polite')!;

async function askAndAwaitAnswer() {
  const user = userEvent.setup();
  await renderQa();
  await screen.findByText('2 collections: Handbook, Contracts');
  await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'When is the deadline?{Enter}');
  await screen.findByRole('button', { name: 'Copy answer' });
  return user;
}

describe('sources', () => {
  it('are triggered after the answer, polled every 2 s while not ready (409), then listed with badges, scores and marked sentences', async () => {
    backend.notReadyTimes = 1;
    await askAndAwaitAnswer();
    const panel = await screen.findByRole('region', { name: 'Sources' });
    expect(within(panel).getByText('Checking the sources …')).toBeInTheDocument();
    expect(requestsTo('POST', '/api/qa/sources/trace-1')).toHaveLength(1);

    const list = await within(panel).findByRole('list', { name: '2 sources' }, { timeout: 6000 });
    // One 409, then the answer 2 s later: two GETs, no other retry.
    expect(requestsTo('GET', '/api/qa/sources/trace-1')).toHaveLength(2);
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { level: 3 })).toHaveTextContent('Source 1: notes.txt');
    expect(within(first!).getByText('Supports the answer')).toBeInTheDocument();
    expect(within(first!).getByText('Score +0.90')).toBeInTheDocument();
    expect(within(first!).getByText('p. 1')).toBeInTheDocument();
    expect(first!.querySelector('mark')).toHaveTextContent(/^The deadline is 1 March\.$/);
    expect(within(second!).getByText('Contradicts the answer')).toBeInTheDocument();
    expect(within(second!).getByText('Score -0.75')).toBeInTheDocument();
    expect(second!.querySelector('mark')).toHaveTextContent(/^The deadline is 1 April\.$/);
    await waitFor(() => expect(liveStatus()).toHaveTextContent('2 sources are ready.'));
    // Polling stopped with the answer.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(requestsTo('GET', '/api/qa/sources/trace-1')).toHaveLength(2);
  });

  it('a citation opens the document preview at the source with the cited characters marked; Escape closes it', async () => {
    backend.notReadyTimes = 0;
    const user = await askAndAwaitAnswer();
    await screen.findByRole('list', { name: '2 sources' });
    await user.click(screen.getByRole('link', { name: 'Source 1: notes.txt' }));
    const dialog = await screen.findByRole('dialog', { name: 'notes.txt' });
    expect(dialog).toHaveAccessibleDescription('Source 1, page 1: the cited sentences are marked.');
    const preview = await within(dialog).findByRole('region', { name: 'notes.txt' });
    // The text document is shown whole, with exactly the supporting sentence marked.
    const marks = await waitFor(() => {
      const found = preview.querySelectorAll('mark');
      expect(found.length).toBeGreaterThan(0);
      return found;
    });
    expect([...marks].map((mark) => mark.textContent)).toEqual(['The deadline is 1 March.']);
    expect(preview).toHaveTextContent('Intro line.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Source 1: notes.txt' })).toHaveFocus();
  });

  it('a source opens by keyboard from the list', async () => {
    backend.notReadyTimes = 0;
    const user = await askAndAwaitAnswer();
    const open = await screen.findByRole('button', { name: 'Source 2: memo.txt' });
    open.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'memo.txt' })).toBeInTheDocument();
  });

  it('a source from a synced document library links to its original; the preview still opens the marked passage', async () => {
    backend.notReadyTimes = 0;
    const user = await askAndAwaitAnswer();
    const list = await screen.findByRole('list', { name: '2 sources' });
    const [first, second] = within(list).getAllByRole('listitem');
    const original = within(second!).getByRole('link', { name: 'Open the original: source 2, memo.txt, in its library (new tab)' });
    expect(original).toHaveAttribute('href', MEMO_ORIGINAL);
    expect(original).toHaveAttribute('target', '_blank');
    expect(within(first!).queryByRole('link', { name: /original/ })).not.toBeInTheDocument();
    await user.click(within(second!).getByRole('button', { name: 'Source 2: memo.txt' }));
    const dialog = await screen.findByRole('dialog', { name: 'memo.txt' });
    await waitFor(() => expect(dialog.querySelector('mark')).toHaveTextContent(/^The deadline is 1 April\.$/));
  });

  it('sources that cannot be computed (422 sources_failed) say so, with no further polls', async () => {
    backend.notReadyTimes = 0;
    backend.sources = 'failed';
    await askAndAwaitAnswer();
    expect(await screen.findByText('No sources could be determined for this answer.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(requestsTo('GET', '/api/qa/sources/trace-1')).toHaveLength(1);
  });

  it('sources not cited by the answer are listed apart, folded', async () => {
    backend.notReadyTimes = 0;
    backend.answer = () => answerEvents('Only the notes say it [1].');
    await askAndAwaitAnswer();
    expect(await screen.findByRole('list', { name: '1 source' })).toBeInTheDocument();
    expect(screen.getByText('1 more passage the answer does not cite')).toBeInTheDocument();
  });
});
