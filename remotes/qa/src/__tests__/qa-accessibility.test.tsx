import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { setupServer } from 'msw/node';
import { backend, handlers, pickedBefore, renderQa, requestsTo, resetQaState } from './qa-kit';

jest.setTimeout(30_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetQaState();
  server.resetHandlers(...handlers());
  backend.notReadyTimes = 0;
  // jsdom has no canvas; axe asks for one to tell icon ligatures from text (there are none here).
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

// Rules that need real layout (jsdom has none) are left to the browser end-to-end run; the page
// around the remote (title, lang, landmarks) is the host's.
const LAYOUT_RULES = ['color-contrast', 'color-contrast-enhanced', 'target-size', 'scrollable-region-focusable'];
const HOST_RULES = ['document-title', 'html-has-lang', 'region', 'landmark-one-main'];

async function violations() {
  const result = await axe.run(document, { rules: Object.fromEntries([...LAYOUT_RULES, ...HOST_RULES].map((id) => [id, { enabled: false }])) });
  expect(result.passes.length).toBeGreaterThan(10);
  return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.html) }));
}

describe('accessibility', () => {
  it('has no axe violations: the picker, the answer with citations, the sources, the history, the preview dialog', async () => {
    const user = userEvent.setup();
    await renderQa();
    await screen.findByRole('checkbox', { name: 'Handbook' });
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'Handbook' }));
    await user.type(screen.getByRole('textbox', { name: 'Your question' }), 'When?{Enter}');
    await screen.findByRole('list', { name: '2 sources' });
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Source 2: memo.txt' }));
    await screen.findByRole('region', { name: 'memo.txt' });
    expect(await violations()).toEqual([]);
  });

  it('is usable by keyboard alone: pick, ask, follow a citation, close, open the history entry', async () => {
    pickedBefore('employee', { scope: 'collections', collectionIds: [] });
    const user = userEvent.setup();
    await renderQa();
    const handbookBox = await screen.findByRole('checkbox', { name: 'Handbook' });
    handbookBox.focus();
    await user.keyboard(' ');
    // The pick folds the settings: the focus goes to the button that opens them again, then on to the box.
    expect(screen.getByRole('button', { name: 'Change' })).toHaveFocus();
    expect(screen.getByText('1 collection: Handbook')).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveFocus();
    // The question box is reachable by Tab, and Enter asks.
    while (document.activeElement !== screen.getByRole('textbox', { name: 'Your question' })) await user.tab();
    await user.keyboard('When?{Enter}');
    await screen.findByRole('list', { name: '2 sources' });
    expect(requestsTo('POST', '/api/qa/chat')).toHaveLength(1);
    while (document.activeElement !== screen.getByRole('link', { name: 'Source 1: notes.txt' })) await user.tab();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'notes.txt' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Source 1: notes.txt' })).toHaveFocus());
    // The history entry opens with Enter too.
    await user.click(screen.getByRole('button', { name: 'New question' }));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    screen.getByRole('button', { name: /^When\?/ }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('article', { name: 'When?' })).toBeInTheDocument();
  });
});
