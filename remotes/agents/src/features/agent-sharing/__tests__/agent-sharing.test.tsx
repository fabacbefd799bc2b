import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { agent, backend, collection, handlers, notificationTexts, renderAgents, resetAgentsState } from '../../../__tests__/agents-kit';

const server = setupServer(...handlers());
jest.setTimeout(30_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const MARIA = { sub: 'maria', name: 'Maria Muster' };
const notes = collection({ name: 'Finance notes' });
const handbook = collection({ name: 'Handbook', scope: 'company' });
const mine = agent({
  name: 'Travel helper',
  collection_ids: [notes.id, handbook.id],
  sharing: { access: 'owner', shared_by: null, shared_with: [{ type: 'group', name: 'Finance' }] },
});
const viewed = agent({ name: 'Budget guide', editable: false, sharing: { access: 'view', shared_by: MARIA, shared_with: [] } });
const edited = agent({ name: 'Minutes writer', sharing: { access: 'edit', shared_by: MARIA, shared_with: [{ type: 'user', name: 'Erika Mustermann' }] } });

beforeEach(() => {
  resetAgentsState([mine, viewed, edited]);
  backend.collections = [notes, handbook];
  backend.groups = [{ id: '/finance', name: 'Finance', member_count: 3 }];
  // Finance reads the handbook (a company collection), not Erika's personal notes.
  backend.readers = { [handbook.id]: ['group:/finance'] };
  backend.shares[`agent/${mine.id}`] = [
    { target: { type: 'group', id: '/finance', name: 'Finance' }, role: 'view', shared_by: backend.me, created_at: mine.created_at, updated_at: mine.created_at },
  ];
});

async function item(name: string) {
  const list = await screen.findByRole('list', { name: 'All agents' });
  return within(list).getAllByRole('listitem').find((entry) => within(entry).queryByRole('link', { name }))!;
}

// The UI kit's badge and dialog speak the host's language: German without the host's
// UiTextsProvider, as here; the agents' own words are English.
describe('sharing agents', () => {
  it('shows how each agent reaches the user; only the owner shares and deletes', async () => {
    await renderAgents();
    const own = await item('Travel helper');
    expect(within(own).getByText('Geteilt mit Finance')).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Share Travel helper' })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Delete Travel helper' })).toBeInTheDocument();

    const fromMaria = await item('Budget guide');
    expect(within(fromMaria).getByText('Geteilt von Maria Muster')).toBeInTheDocument();
    expect(within(fromMaria).getByText('Read only')).toBeInTheDocument();
    expect(within(fromMaria).getByRole('link', { name: 'Chat with Budget guide' })).toBeInTheDocument();
    expect(within(fromMaria).getByRole('button', { name: 'Duplicate Budget guide' })).toBeInTheDocument();
    for (const action of ['Share', 'Delete']) expect(within(fromMaria).queryByRole('button', { name: `${action} Budget guide` })).not.toBeInTheDocument();

    // Edit rights: no "read only", but neither sharing nor deleting.
    const editing = await item('Minutes writer');
    expect(within(editing).getByText('Geteilt von Maria Muster')).toBeInTheDocument();
    expect(within(editing).queryByText('Read only')).not.toBeInTheDocument();
    for (const action of ['Share', 'Delete']) expect(within(editing).queryByRole('button', { name: `${action} Minutes writer` })).not.toBeInTheDocument();
  });

  it('says which knowledge the recipients may not read, shares it too, then saves the agent’s shares', async () => {
    const user = userEvent.setup();
    await renderAgents();
    await user.click(within(await item('Travel helper')).getByRole('button', { name: 'Share Travel helper' }));
    const dialog = await screen.findByRole('dialog', { name: '„Travel helper“ teilen' });

    const notice = await within(dialog).findByText(/These knowledge collections are not readable/);
    const box = notice.closest('[role="status"]') as HTMLElement;
    expect(within(box).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual(['“Finance notes”: not readable by Finance']);
    expect(backend.requests.find((request) => request.path === `/api/agents/${mine.id}/share-check`)?.body).toEqual({ targets: [{ type: 'group', id: '/finance' }] });

    await user.click(within(box).getByRole('button', { name: 'Share it too (can view)' }));
    await waitFor(() => expect(within(dialog).queryByText(/These knowledge collections are not readable/)).not.toBeInTheDocument());
    expect(notificationTexts()).toContain('success: “Finance notes” is now shared with them too.');
    expect(backend.requests.find((request) => request.path === `/api/shares/collection/${notes.id}`)?.body).toEqual({
      shares: [{ target: { type: 'group', id: '/finance' }, role: 'view' }],
    });

    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.requests.filter((request) => request.method === 'PUT').map((request) => request.path)).toEqual([
      `/api/shares/collection/${notes.id}`,
      `/api/shares/agent/${mine.id}`,
    ]);
  });

  it('opens an agent shared to edit in the form and saves it; the versions name who saved each', async () => {
    const user = userEvent.setup();
    backend.me = { sub: 'eddie', name: 'Eddie Editor' };
    await renderAgents(`/agents/${edited.id}`);
    const name = await screen.findByRole('textbox', { name: /Name/ });
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Minutes and actions');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.requests.some((request) => request.method === 'PUT' && request.path === `/api/agents/${edited.id}`)).toBe(true));

    backend.authors[`${edited.id}/1`] = MARIA;
    await user.click(screen.getByRole('link', { name: 'Versions' }));
    const list = await screen.findByRole('list', { name: 'Versions, newest first' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const [second, first] = within(list).getAllByRole('listitem');
    expect(second).toHaveTextContent('by Eddie Editor');
    expect(first).toHaveTextContent('by Maria Muster');
  });

  it('shows an agent shared to view to read, with chat', async () => {
    await renderAgents(`/agents/${viewed.id}`);
    expect(await screen.findByRole('link', { name: 'Chat with this agent' })).toHaveAttribute('href', `/chat?agent=${viewed.id}`);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
  });
});
