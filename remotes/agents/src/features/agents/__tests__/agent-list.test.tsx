import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { agent, apiError, asAdministrator, backend, handlers, notificationTexts, renderAgents, resetAgentsState } from '../../../__tests__/agents-kit';

const server = setupServer(...handlers());
jest.setTimeout(20_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const travel = agent({ name: 'Travel helper', description: 'Plans business trips and expense reports', icon: 'globe' });
const lawyer = agent({ name: 'Contract checker', description: 'Reads contracts for risky clauses', visibility: 'company', editable: false, icon: 'scale' });
const minutes = agent({ name: 'Minutes writer', description: 'Turns notes into meeting minutes', visibility: 'company', editable: true });

beforeEach(() => resetAgentsState([travel, lawyer, minutes]));

async function listed() {
  const list = await screen.findByRole('list', { name: 'All agents' });
  return within(list).getAllByRole('listitem');
}

describe('agent list', () => {
  it('lists personal and company agents with name, description, a Company badge and a chat link', async () => {
    await renderAgents();
    const items = await listed();
    expect(items.map((item) => within(item).getAllByRole('link')[0]!.textContent)).toEqual(['Contract checker', 'Minutes writer', 'Travel helper']);
    const contract = items[0]!;
    expect(within(contract).getByText('Company')).toBeInTheDocument();
    expect(within(contract).getByText('Reads contracts for risky clauses')).toBeInTheDocument();
    expect(within(contract).getByRole('link', { name: 'Contract checker' })).toHaveAttribute('href', `/agents/${lawyer.id}`);
    expect(within(contract).getByRole('link', { name: 'Chat with Contract checker' })).toHaveAttribute('href', `/chat?agent=${lawyer.id}`);
    // Not editable: no delete; not an administrator: no publish.
    expect(within(contract).queryByRole('button', { name: 'Delete Contract checker' })).not.toBeInTheDocument();
    expect(within(items[2]!).queryByText('Company')).not.toBeInTheDocument();
    expect(within(items[2]!).getByRole('button', { name: 'Delete Travel helper' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Publish/ })).not.toBeInTheDocument();
  });

  it('searches by name and description, says how many match, and says when none does', async () => {
    const user = userEvent.setup();
    await renderAgents();
    await listed();
    await user.type(screen.getByRole('searchbox', { name: 'Search agents' }), 'meeting');
    expect((await listed()).map((item) => within(item).getAllByRole('link')[0]!.textContent)).toEqual(['Minutes writer']);
    expect(await screen.findByText('1 agent found')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search agents' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search agents' }), 'TRAVEL trips');
    expect((await listed()).map((item) => within(item).getAllByRole('link')[0]!.textContent)).toEqual(['Travel helper']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search agents' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search agents' }), 'astronomy');
    expect(await screen.findByRole('heading', { name: 'No agent found' })).toBeInTheDocument();
    expect(screen.getByText('No agent has “astronomy” in its name or description.')).toBeInTheDocument();
  });

  it('says when the list could not be loaded and loads it again on request', async () => {
    const user = userEvent.setup();
    server.use(http.get('*/api/agents', () => apiError(500, 'Database down'), { once: true }));
    await renderAgents();
    expect(await screen.findByRole('heading', { name: 'The agents could not be loaded' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await listed()).toHaveLength(3);
  });

  it('shows an empty state that leads to creating an agent', async () => {
    resetAgentsState([]);
    await renderAgents();
    expect(await screen.findByRole('heading', { name: 'No agents yet' })).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'New agent' });
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toHaveAttribute('href', '/agents/new');
    expect(screen.getByRole('button', { name: 'Import agent' })).toBeInTheDocument();
  });

  it('deletes an agent only after confirmation; cancel keeps it', async () => {
    const user = userEvent.setup();
    await renderAgents();
    await listed();
    await user.click(screen.getByRole('button', { name: 'Delete Travel helper' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Delete agent?' });
    expect(within(dialog).getByText(/“Travel helper” will be deleted/)).toBeInTheDocument();
    // Focus starts on Cancel (a destructive action).
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(backend.requests.filter((r) => r.method === 'DELETE')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Travel helper' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Delete agent?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(backend.requests.filter((r) => r.method === 'DELETE')).toEqual([{ method: 'DELETE', path: `/api/agents/${travel.id}` }]);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Travel helper' })).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'All agents' })).toHaveFocus();
    expect(notificationTexts()).toContain('success: “Travel helper” deleted.');
  });

  it('imports an export file and reports what the server dropped', async () => {
    const user = userEvent.setup();
    backend.dropped = { collection_ids: ['c-hr'], server_ids: ['s-1', 's-2'], model_id: 'gpt-x' };
    await renderAgents();
    await listed();
    const document = {
      format: 'assistant-agent',
      format_version: 1,
      exported_at: '2025-06-02T10:00:00.000Z',
      agent: { name: 'HR helper', instructions: 'Answer HR questions.', collections: [{ id: 'c-hr', name: 'HR handbook' }] },
    };
    const file = new File([JSON.stringify(document)], 'hr.agent.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Import agent'), file);
    const report = await screen.findByRole('region', { name: 'Import result' });
    expect(within(report).getByText('The agent “HR helper” was created as your personal agent.')).toBeInTheDocument();
    expect(within(report).getByText('1 collection: “HR handbook”')).toBeInTheDocument();
    expect(within(report).getByText('2 tool servers that are not registered here')).toBeInTheDocument();
    expect(within(report).getByText('The model “gpt-x” (the agent uses the default model)')).toBeInTheDocument();
    expect(backend.requests.find((r) => r.path === '/api/agents/import')?.body).toEqual(document);
    expect(await screen.findByRole('link', { name: 'HR helper' })).toBeInTheDocument();
    await user.click(within(report).getByRole('button', { name: 'Close the result' }));
    expect(screen.queryByRole('region', { name: 'Import result' })).not.toBeInTheDocument();
  });

  it('says so when an imported file is not JSON, or the server refuses it', async () => {
    const user = userEvent.setup();
    await renderAgents();
    await listed();
    await user.upload(screen.getByLabelText('Import agent'), new File(['not json'], 'notes.txt', { type: 'application/json' }));
    await waitFor(() => expect(notificationTexts()).toContain('error: “notes.txt” is not an agent export (no JSON).'));
    await user.upload(screen.getByLabelText('Import agent'), new File(['{"format":"other"}'], 'other.json', { type: 'application/json' }));
    await waitFor(() =>
      expect(notificationTexts()).toContain('error: “other.json” could not be imported: The server refused it: Invalid body: format: Must be "assistant-agent"'),
    );
    expect(screen.queryByRole('region', { name: 'Import result' })).not.toBeInTheDocument();
  });

  it('duplicates an agent and exports one as a JSON download', async () => {
    const user = userEvent.setup();
    const created: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:agent'), revokeObjectURL: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderAgents();
    await listed();
    await user.click(screen.getByRole('button', { name: 'Duplicate Contract checker' }));
    expect(await screen.findByRole('link', { name: 'Contract checker (copy)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Export Travel helper' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('Travel helper.agent.json');
    expect(JSON.parse(await created[0]!.text())).toMatchObject({ format: 'assistant-agent', agent: { name: 'Travel helper' } });
  });

  it('lets administrators publish and unpublish agents they may change', async () => {
    const user = userEvent.setup();
    server.use(...asAdministrator());
    await renderAgents();
    await listed();
    await user.click(await screen.findByRole('button', { name: 'Publish Travel helper for everyone' }));
    await waitFor(() => expect(within(screen.getByRole('link', { name: 'Travel helper' }).closest('li')!).getByText('Company')).toBeInTheDocument());
    expect(backend.requests.at(-1)).toEqual({ method: 'PUT', path: `/api/admin/agents/${travel.id}/visibility`, body: { visibility: 'company' } });
    await user.click(screen.getByRole('button', { name: 'Unpublish Minutes writer' }));
    await waitFor(() => expect(backend.requests.at(-1)?.body).toEqual({ visibility: 'personal' }));
    // A company agent the administrator cannot change (not editable) offers neither.
    expect(screen.queryByRole('button', { name: /Contract checker for everyone|Unpublish Contract checker/ })).not.toBeInTheDocument();
  });
});
