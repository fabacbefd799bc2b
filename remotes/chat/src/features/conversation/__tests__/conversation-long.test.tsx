import type { Message } from '@assistant/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exchange, FakeChatHistory, renderConversation, setModels } from './conversation-kit';

jest.setTimeout(20_000);

beforeEach(() => setModels([]));
const restores: Array<() => void> = [];
afterEach(() => {
  jest.restoreAllMocks();
  for (const restore of restores.splice(0)) restore();
});

function chain(exchanges: number): Message[] {
  const messages: Message[] = [];
  let parent: string | null = null;
  for (let i = 1; i <= exchanges; i += 1) {
    const [q, a] = exchange(`m${i}`, `Question ${i}`, `Answer ${i}`, parent);
    messages.push(q, a);
    parent = a.message_id;
  }
  return messages;
}

/** An IntersectionObserver the test drives: `report` says whether a row came near the scroller's visible part. */
function installFakeIntersectionObserver() {
  const callbacks: IntersectionObserverCallback[] = [];
  class FakeIntersectionObserver {
    constructor(callback: IntersectionObserverCallback) {
      callbacks.push(callback);
    }
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  const original = globalThis.IntersectionObserver;
  globalThis.IntersectionObserver = FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  restores.push(() => {
    globalThis.IntersectionObserver = original;
  });
  return {
    report(target: Element, isIntersecting: boolean) {
      for (const callback of callbacks) callback([{ target, isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    },
  };
}

/** The scroller's geometry as a browser would report it. */
function scrollGeometry(scroller: HTMLElement, scrollHeight: number, clientHeight = 600) {
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => scrollHeight });
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => clientHeight });
}

describe('long conversations', () => {
  it('renders every message of a short conversation', async () => {
    renderConversation(new FakeChatHistory(chain(20)));
    const list = await screen.findByRole('list', { name: 'Messages' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(40);
  });

  it('keeps every message of a long conversation in the list: the newest in full, the others as their text until they come near', async () => {
    const observers = installFakeIntersectionObserver();
    renderConversation(new FakeChatHistory(chain(100)));
    const list = await screen.findByRole('list', { name: 'Messages' });
    // Find in page and a screen reader's reading order cover the whole conversation (the older
    // messages join the newest right after the first paint).
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(200));
    expect(within(list).getAllByRole('article')).toHaveLength(200);
    expect(within(list).getAllByRole('heading', { level: 3, name: 'Your question' })).toHaveLength(100);
    const rowOf = (text: string) => within(list).getByText(text).closest<HTMLElement>('[role="listitem"]')!;
    // The newest answer is rendered in full (its actions), the first question as its text only.
    expect(within(rowOf('Answer 100')).getByRole('button', { name: 'Copy answer' })).toBeInTheDocument();
    expect(within(rowOf('Question 1')).queryByRole('button', { name: 'Edit question' })).not.toBeInTheDocument();
    expect(rowOf('Question 1')).toHaveClass('conversation__row--text');

    // Scrolled near it, the first question is rendered in full; far away again, as its text.
    act(() => observers.report(rowOf('Question 1'), true));
    expect(await within(rowOf('Question 1')).findByRole('button', { name: 'Edit question' })).toBeInTheDocument();
    act(() => observers.report(rowOf('Question 1'), false));
    await waitFor(() => expect(within(rowOf('Question 1')).queryByRole('button', { name: 'Edit question' })).not.toBeInTheDocument());
    // The newest messages stay in full wherever the reader is.
    act(() => observers.report(rowOf('Answer 100'), false));
    expect(within(rowOf('Answer 100')).getByRole('button', { name: 'Copy answer' })).toBeInTheDocument();
  });

  it('follows a streaming answer to the bottom, but not after the user scrolled up', async () => {
    const history = new FakeChatHistory(chain(3), { autoAnswer: null });
    const user = userEvent.setup();
    renderConversation(history);
    await screen.findByText('Answer 3');
    const scroller = screen.getByTestId('conversation-scroller');
    scrollGeometry(scroller, 2000);
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'More{Enter}');
    await waitFor(() => expect(history.streams).toHaveLength(1));
    act(() => history.streams[0]!.text('Chunk one'));
    await screen.findByText('Chunk one');
    expect(scroller.scrollTop).toBe(2000);

    // The user scrolls up to read: new chunks leave the position alone.
    scroller.scrollTop = 300;
    fireEvent.scroll(scroller);
    scrollGeometry(scroller, 2400);
    act(() => history.streams[0]!.text(' and two'));
    await screen.findByText('Chunk one and two');
    expect(scroller.scrollTop).toBe(300);

    // Back at the bottom it follows again.
    scroller.scrollTop = 1800;
    fireEvent.scroll(scroller);
    scrollGeometry(scroller, 2800);
    act(() => history.streams[0]!.text(' and three'));
    await screen.findByText('Chunk one and two and three');
    expect(scroller.scrollTop).toBe(2800);

    // Scrolled up when the answer ends: the position stays.
    scroller.scrollTop = 100;
    fireEvent.scroll(scroller);
    await act(async () => history.streams[0]!.done());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Stop answer' })).not.toBeInTheDocument());
    expect(scroller.scrollTop).toBe(100);

    // A new question follows the end again.
    history.autoAnswer = () => 'Short.';
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Again{Enter}');
    await within(screen.getByRole('list', { name: 'Messages' })).findByText('Short.');
    expect(scroller.scrollTop).toBe(2800);
  });

  it('keeps following when the layout, not the reader, moves the view away from the end', async () => {
    const history = new FakeChatHistory(chain(3), { autoAnswer: null });
    const user = userEvent.setup();
    renderConversation(history);
    await screen.findByText('Answer 3');
    const scroller = screen.getByTestId('conversation-scroller');
    scrollGeometry(scroller, 2000);
    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'More{Enter}');
    await waitFor(() => expect(history.streams).toHaveLength(1));
    act(() => history.streams[0]!.text('Chunk one'));
    await screen.findByText('Chunk one');
    expect(scroller.scrollTop).toBe(2000);

    // A message above grows (a research plan unfolds): the browser reports a scroll far from the end.
    scrollGeometry(scroller, 2600);
    scroller.scrollTop = 40;
    fireEvent.scroll(scroller);
    expect(scroller.scrollTop).toBe(2600);
    expect(screen.queryByRole('button', { name: 'Jump to latest' })).not.toBeInTheDocument();

    // The reader scrolling up (the height as it was) still stops the following.
    scroller.scrollTop = 500;
    fireEvent.scroll(scroller);
    act(() => history.streams[0]!.text(' and two'));
    await screen.findByText('Chunk one and two');
    expect(scroller.scrollTop).toBe(500);
  });
});
