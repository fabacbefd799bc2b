import { useGatingStore } from '@assistant/platform';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { setupServer } from 'msw/node';
import { agent, asAdministrator, backend, collection, handlers, renderAgents, resetAgentsState, versionOf } from './agents-kit';

const server = setupServer(...handlers());
jest.setTimeout(30_000);
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

const travel = agent({ name: 'Travel helper', description: 'Plans trips', starter_prompts: ['Book a train', 'Find a hotel'], version: 2 });
const company = agent({ name: 'Contract checker', visibility: 'company', editable: true });

beforeEach(() => {
  resetAgentsState([travel, company]);
  backend.collections = [collection({ name: 'Handbook', scope: 'company' })];
  backend.servers = [{ id: '9e8d7c6b-5a49-4382-9170-615243342516', name: 'Ticket system' }];
  useGatingStore.setState({ featureSet: 'BETA' });
});

describe('agents accessibility', () => {
  it('has no axe violations: the list (administrator), the delete confirmation', async () => {
    const user = userEvent.setup();
    server.use(...asAdministrator());
    await renderAgents();
    await screen.findByRole('list', { name: 'All agents' });
    await screen.findByRole('button', { name: 'Unpublish Contract checker' });
    expect(await violations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete Travel helper' }));
    await screen.findByRole('alertdialog', { name: 'Delete agent?' });
    expect(await violations()).toEqual([]);
  });

  it('has no axe violations: the form, with its field messages, and the 409 notice', async () => {
    const user = userEvent.setup();
    await renderAgents(`/agents/${travel.id}`);
    await screen.findByRole('checkbox', { name: 'Handbook (company)' });
    await screen.findByRole('checkbox', { name: 'Ticket system' });
    expect(await violations()).toEqual([]);

    await user.clear(screen.getByRole('textbox', { name: /^Name/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(await violations()).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Trip helper');
    backend.agents = backend.agents.map((entry) => (entry.id === travel.id ? { ...entry, version: 5 } : entry));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('region', { name: 'A newer version exists' });
    expect(await violations()).toEqual([]);
  });

  it('has no axe violations: the leave dialog and the versions with their changes', async () => {
    const user = userEvent.setup();
    backend.versions[travel.id] = [versionOf(travel, { version: 1, name: 'Travel', starter_prompts: [] }), versionOf(travel)];
    await renderAgents(`/agents/${travel.id}`);
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), ' 2');
    await user.click(screen.getByRole('link', { name: 'Versions' }));
    await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Leave without saving' }));
    await screen.findByLabelText('Name: changes in version 2');
    await screen.findByRole('button', { name: /^Version 1/ });
    expect(await violations()).toEqual([]);
  });
});
