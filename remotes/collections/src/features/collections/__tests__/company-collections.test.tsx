import { usePermissionsStore } from '@assistant/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import {
  asAdministrator,
  backend,
  collection,
  collectionDetailsHandlers,
  handlers,
  notificationTexts,
  renderCollections,
  resetCollectionsState,
} from './collections-kit';

const server = setupServer(...handlers());
// Whole dialogs typed key by key: give a busy machine (parallel test runs) time.
jest.setTimeout(20_000);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** What GET /api/collections?scope=company says to an employee (can_manage false) or an administrator (true). */
function companyCollections(canManage: boolean) {
  return [
    collection({ name: 'Handbook', scope: 'company', file_count: 12, updated_at: '2025-05-02T08:00:00.000Z', can_manage: canManage }),
    collection({ name: 'Price lists', scope: 'company', file_count: 2, updated_at: '2025-02-11T08:00:00.000Z', can_manage: canManage }),
  ];
}

async function showCompanyList() {
  await renderCollections('company');
  const list = await screen.findByRole('list', { name: 'Company collections' });
  // The one permission check of the session has answered.
  await waitFor(() => expect(usePermissionsStore.getState().status).toBe('loaded'));
  return list;
}

describe('company collections', () => {
  it('an employee reads them but is offered no changes', async () => {
    resetCollectionsState(companyCollections(false));
    const list = await showCompanyList();
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['Handbook', 'Price lists']);
    expect(within(list).getByText('12 files')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New collection' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Rename|Delete)/ })).not.toBeInTheDocument();
  });

  it('an administrator creates, renames and deletes them', async () => {
    const user = userEvent.setup();
    resetCollectionsState(companyCollections(true));
    server.use(...asAdministrator(), ...collectionDetailsHandlers());
    const list = await showCompanyList();
    expect(within(list).getByRole('button', { name: 'Rename Handbook' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Delete Price lists' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New collection' }));
    const dialog = screen.getByRole('dialog', { name: 'New collection' });
    expect(dialog).toHaveAccessibleDescription(
      'Everyone in the company can read a company collection; administrators manage it.',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Policies{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.requests[0]).toEqual({ method: 'POST', path: '/api/collections', body: { name: 'Policies', scope: 'company' } });
    // The administrator is inside the new collection; back on the tab it is at the top of the list.
    await screen.findByRole('heading', { level: 1, name: 'Policies' });
    await user.click(screen.getByRole('link', { name: 'Back to company collections' }));
    const again = await screen.findByRole('list', { name: 'Company collections' });
    expect(within(again).getAllByRole('link').map((link) => link.textContent)).toEqual(['Policies', 'Handbook', 'Price lists']);

    await user.click(within(again).getByRole('button', { name: 'Delete Price lists' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(again).queryByRole('link', { name: 'Price lists' })).not.toBeInTheDocument());
  });

  it('offers changes only on the collections the server says the user may manage', async () => {
    resetCollectionsState([...companyCollections(false).slice(0, 1), ...companyCollections(true).slice(1)]);
    server.use(...asAdministrator());
    const list = await showCompanyList();
    expect(within(list).queryByRole('button', { name: 'Rename Handbook' })).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Rename Price lists' })).toBeInTheDocument();
  });

  it('shows a 403 clearly and keeps what was typed', async () => {
    const user = userEvent.setup();
    resetCollectionsState(companyCollections(true));
    server.use(...asAdministrator());
    // The administrator role was taken away after the permission check: the server refuses.
    backend.administrator = false;
    const list = await showCompanyList();

    await user.click(screen.getByRole('button', { name: 'New collection' }));
    const dialog = screen.getByRole('dialog', { name: 'New collection' });
    const field = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(field, 'Policies{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You are not allowed to change this collection. Company collections are managed by administrators.',
    );
    expect(field).toHaveValue('Policies');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(notificationTexts()).toEqual([
      'error: The collection “Policies” could not be created. You are not allowed to change this collection. Company collections are managed by administrators.',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(within(list).getByRole('button', { name: 'Rename Handbook' }));
    const rename = screen.getByRole('dialog', { name: 'Rename “Handbook”' });
    await user.type(within(rename).getByRole('textbox', { name: 'Name' }), ' 2025');
    await user.click(within(rename).getByRole('button', { name: 'Rename' }));
    expect(await within(rename).findByRole('alert')).toHaveTextContent('You are not allowed to change this collection.');
    expect(within(rename).getByRole('textbox', { name: 'Name' })).toHaveValue('Handbook 2025');
    await user.keyboard('{Escape}');

    await user.click(within(list).getByRole('button', { name: 'Delete Handbook' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete collection?' });
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('You are not allowed to change this collection.');
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['Handbook', 'Price lists']);
  });
});
