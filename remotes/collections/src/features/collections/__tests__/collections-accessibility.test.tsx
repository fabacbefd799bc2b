import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { setupServer } from 'msw/node';
import { asAdministrator, backend, collection, handlers, renderCollections, resetCollectionsState } from './collections-kit';

const server = setupServer(...handlers());
// Whole dialogs typed key by key: give a busy machine (parallel test runs) time.
jest.setTimeout(20_000);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// jsdom has no canvas; axe asks for one to tell icon ligatures from text (there are none here).
beforeEach(() => jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null));
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

// Rules that need real layout (jsdom has none) are left to the browser end-to-end run.
const LAYOUT_RULES = ['color-contrast', 'color-contrast-enhanced', 'target-size', 'scrollable-region-focusable'];
// The page around the remote (title, lang, landmarks) is the host's.
const HOST_RULES = ['document-title', 'html-has-lang', 'region'];

async function violations() {
  const result = await axe.run(document, { rules: Object.fromEntries([...LAYOUT_RULES, ...HOST_RULES].map((id) => [id, { enabled: false }])) });
  // Guard against a vacuous pass: the rules really ran on the page.
  expect(result.passes.length).toBeGreaterThan(10);
  return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.html) }));
}

const handbook = collection({ name: 'Handbook', scope: 'company', file_count: 12, updated_at: '2025-05-02T08:00:00.000Z' });
const prices = collection({ name: 'Price lists', scope: 'company', file_count: 2, updated_at: '2025-02-11T08:00:00.000Z' });

beforeEach(() => resetCollectionsState([handbook, prices]));

describe('collection list accessibility', () => {
  it('has no axe violations: the list, the name dialog with an error, the delete confirmation', async () => {
    const user = userEvent.setup();
    server.use(...asAdministrator());
    await renderCollections('company');
    await screen.findByRole('list', { name: 'Company collections' });
    await screen.findByRole('button', { name: 'New collection' });
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'New collection' }));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Please give the collection a name.');
    expect(await violations()).toEqual([]);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Delete Handbook' }));
    expect(await violations()).toEqual([]);
  });

  it('works by keyboard alone: Tab to an action, Enter opens, type, Enter saves, focus comes back', async () => {
    const user = userEvent.setup();
    server.use(...asAdministrator());
    await renderCollections('company');
    const list = await screen.findByRole('list', { name: 'Company collections' });
    const newButton = await screen.findByRole('button', { name: 'New collection' });

    // Tab order: tabs, New collection, then per collection its link, Rename and Delete.
    newButton.focus();
    await user.tab();
    expect(within(list).getByRole('link', { name: 'Handbook' })).toHaveFocus();
    await user.tab();
    const rename = within(list).getByRole('button', { name: 'Rename Handbook' });
    expect(rename).toHaveFocus();

    await user.keyboard('{Enter}');
    const field = screen.getByRole('textbox', { name: 'Name' });
    expect(field).toHaveFocus();
    await user.keyboard('{End} 2025{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.collections.find((c) => c.id === handbook.id)?.name).toBe('Handbook 2025');
    expect(within(list).getByRole('button', { name: 'Rename Handbook 2025' })).toHaveFocus();

    // Delete by keyboard: the confirmation starts on Cancel, Escape keeps the collection.
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('alertdialog', { name: 'Delete collection?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Delete Handbook 2025' })).toHaveFocus();
  });
});
