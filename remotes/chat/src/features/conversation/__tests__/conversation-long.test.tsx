import type { Message } from '@assistant/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { exchange, FakeChatHistory, renderConversation, setModels } from './conversation-kit';

jest.setTimeout(20_000);

beforeEach(() => setModels([]));
afterEach(() => {
  jest.restoreAllMocks();
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

/** jsdom has no layout: give the scroller a 600 px viewport and every row 100 px. */
function fakeLayout() {
  const height = (element: Element) => (element.classList.contains('conversation__scroller') ? 600 : element.classList.contains('conversation__row') ? 100 : 0);
  jest.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return height(this);
  });
  jest.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(800);
  jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return height(this);
  });
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

  it('virtualizes from 50 messages on: only a window around the end is rendered, placed in the whole list', async () => {
    fakeLayout();
    renderConversation(new FakeChatHistory(chain(100)));
    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = await within(list).findAllByRole('listitem');
    expect(items.length).toBeLessThan(40);
    // It opens at the end: the newest answer is rendered, the first question is not.
    await waitFor(() => expect(within(list).getByText('Answer 100')).toBeInTheDocument());
    expect(within(list).queryByText('Question 1')).not.toBeInTheDocument();
    expect(items.at(-1)).toHaveAttribute('aria-setsize', '200');
    expect(within(list).getByText('Answer 100').closest('li')).toHaveAttribute('aria-posinset', '200');

    // Scrolled to the top, the first messages are rendered instead.
    const scroller = screen.getByTestId('conversation-scroller');
    scroller.scrollTop = 0;
    fireEvent.scroll(scroller);
    expect(await within(list).findByText('Question 1')).toBeInTheDocument();
    expect(within(list).queryByText('Answer 100')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(40);
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
