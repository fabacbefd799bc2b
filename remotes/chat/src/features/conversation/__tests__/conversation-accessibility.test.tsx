import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { exchange, FakeChatHistory, liveRegion, renderConversation, setModels, shownMessages } from './conversation-kit';

jest.setTimeout(20_000);

// jsdom has no canvas; axe asks for one to tell icon ligatures from text (there are none here).
beforeEach(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  setModels();
});
afterEach(() => {
  jest.restoreAllMocks();
});

// Rules that need real layout (jsdom has none) are left to the browser end-to-end run.
const LAYOUT_RULES = ['color-contrast', 'color-contrast-enhanced', 'target-size', 'scrollable-region-focusable'];
// The page around the view (title, lang, landmarks) is the host's and the chat page's.
const HOST_RULES = ['document-title', 'html-has-lang', 'region', 'page-has-heading-one', 'heading-order'];

async function violations() {
  const result = await axe.run(document, { rules: Object.fromEntries([...LAYOUT_RULES, ...HOST_RULES].map((id) => [id, { enabled: false }])) });
  expect(result.passes.length).toBeGreaterThan(10);
  return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.html) }));
}

function branchyHistory() {
  const [q1, a1] = exchange('one', 'What is 2+2?', '**4**, see:\n\n```js\nconsole.log(2 + 2)\n```');
  a1.reasoning = 'Simple sum.';
  const a1b = { ...a1, message_id: 'one-b', content: 'Four.', status: 'stopped' as const };
  const [q2, a2] = exchange('two', 'Sure?', '', 'one-b');
  a2.status = 'error';
  return new FakeChatHistory([q1, a1, a1b, q2, a2], { autoAnswer: null });
}

describe('conversation accessibility', () => {
  it('has no axe violations: versions, reasoning, stopped and failed answers, the composer, the edit form, a streaming answer', async () => {
    const history = branchyHistory();
    const user = userEvent.setup();
    renderConversation(history);
    await screen.findByRole('group', { name: 'Version 2 of 2' });
    expect(await violations()).toEqual([]);

    await user.click(screen.getAllByRole('button', { name: 'Edit question' })[0]!);
    expect(await violations()).toEqual([]);
    await user.keyboard('{Escape}');

    await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Next{Enter}');
    await waitFor(() => expect(history.streams).toHaveLength(1));
    act(() => history.streams[0]!.text('Writing **now**'));
    await within(screen.getByRole('list', { name: 'Messages' })).findByText(/Writing/);
    expect(await violations()).toEqual([]);
    await act(async () => history.streams[0]!.done());
  });

  it('is usable by keyboard alone: Tab reaches every control, Enter sends, the switcher and actions respond to keys', async () => {
    const history = branchyHistory();
    const user = userEvent.setup();
    renderConversation(history);
    await screen.findByRole('group', { name: 'Version 2 of 2' });

    const reached: string[] = [];
    document.body.focus();
    for (let i = 0; i < 16; i += 1) {
      await user.tab();
      const active = document.activeElement as HTMLElement;
      reached.push(active.getAttribute('aria-label') ?? active.textContent?.trim() ?? active.tagName);
    }
    expect(reached).toEqual(expect.arrayContaining(['Edit question', 'Previous version', 'Next version', 'Reasoning', 'Copy answer', 'Regenerate answer', 'Retry']));

    // The version switcher by keyboard.
    const previous = screen.getByRole('button', { name: 'Previous version' });
    previous.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shownMessages()).toHaveLength(2));
    expect(shownMessages()[1]).toMatch(/^A: 4, see:/);
    expect(screen.getByRole('button', { name: 'Previous version' })).toHaveFocus();

    // The model and the think switch are in the top bar, before the messages; attach, collections and Send after the field.
    screen.getByRole('combobox', { name: 'Model' }).focus();
    await user.tab();
    expect(screen.getByRole('switch', { name: 'Think' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('switch', { name: 'Think' })).toBeChecked();
    const field = screen.getByRole('textbox', { name: 'Your message' });
    field.focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Attach files' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Collections' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();

    // Send from the field with Enter; while it streams, Stop is reachable and stops it.
    field.focus();
    await user.keyboard('By keyboard{Enter}');
    await waitFor(() => expect(history.streams).toHaveLength(1));
    expect(liveRegion()).toHaveTextContent('Answer is being written…');
    for (let step = 0; step < 3; step += 1) await user.tab(); // attach, collections, stop
    expect(screen.getByRole('button', { name: 'Stop answer' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Answer stopped'));
    expect(history.sent[0]).toMatchObject({ content: 'By keyboard', think: true, parent_message_id: 'one-a' });
  });
});
