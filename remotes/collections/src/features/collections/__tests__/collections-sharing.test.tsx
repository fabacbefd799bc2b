import type { ItemSharing, ShareUpdate } from '@assistant/contracts';
import { usePermissionsStore } from '@assistant/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { asAdministrator, backend, collection, handlers, renderCollections, resetCollectionsState } from './collections-kit';

const server = setupServer(...handlers());
// Whole dialogs typed key by key: give a busy machine (parallel test runs) time.
jest.setTimeout(20_000);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const MARIA = { sub: 'maria', name: 'Maria Schmidt' };
const mine = (shared_with: ItemSharing['shared_with'] = []): ItemSharing => ({ access: 'owner', shared_by: null, shared_with });
const fromMaria = (access: 'view' | 'edit'): ItemSharing => ({ access, shared_by: MARIA, shared_with: [] });

/** The sharing calls of docs/sharing.md for one collection: who has access, the directory, the save. */
function sharingHandlers(saved: ShareUpdate[]) {
  return [
    http.get('*/api/shares/collection/:id', () => HttpResponse.json({ shares: [], can_share_with_company: false })),
    http.get('*/api/directory/people', () => HttpResponse.json({ people: [{ sub: 'tom', name: 'Tom Weber', email: 'tom@example.com' }] })),
    http.get('*/api/directory/groups', () => HttpResponse.json({ groups: [{ id: 'finance', name: 'Finance', member_count: 2 }] })),
    http.put('*/api/shares/collection/:id', async ({ request, params }) => {
      const update = (await request.json()) as ShareUpdate;
      saved.push(update);
      const target = backend.collections.find((c) => c.id === params.id)!;
      target.sharing = mine(update.shares.map((share) => ({ type: share.target.type, name: share.target.type === 'group' ? 'Finance' : 'Tom Weber' })));
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}

// The UI kit's dialog and badge speak the host's language (German without the host's UiTextsProvider,
// as here): these screens are looked at in German.
describe('sharing collections', () => {
  it('shows how each personal collection reaches the user, and offers share, rename and delete only on their own', async () => {
    resetCollectionsState([
      collection({ name: 'Budget', updated_at: '2025-05-03T08:00:00.000Z', sharing: mine([{ type: 'group', name: 'Finance' }]) }),
      collection({ name: 'Travel', updated_at: '2025-05-02T08:00:00.000Z', sharing: mine() }),
      collection({ name: 'Board minutes', updated_at: '2025-05-01T08:00:00.000Z', can_manage: false, sharing: fromMaria('view') }),
      collection({ name: 'Contracts', updated_at: '2025-04-30T08:00:00.000Z', can_manage: true, sharing: fromMaria('edit') }),
    ]);
    await renderCollections('personal', 'de');
    const list = await screen.findByRole('list', { name: 'Persönliche Sammlungen' });
    const item = (name: string) => within(list).getByRole('link', { name }).closest('li')!;

    expect(within(item('Budget')).getByText('Geteilt mit Finance')).toBeInTheDocument();
    expect(within(item('Board minutes')).getByText('Geteilt von Maria Schmidt')).toBeInTheDocument();
    expect(within(item('Contracts')).getByText('Geteilt von Maria Schmidt')).toBeInTheDocument();
    expect(within(item('Travel')).queryByText(/^Geteilt/)).not.toBeInTheDocument();

    for (const name of ['Budget', 'Travel']) {
      expect(within(item(name)).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([`${name} umbenennen`, `${name} löschen`, `${name} teilen`]);
    }
    // Shared with the user, to view or to edit: its owner shares, renames and deletes it.
    expect(within(item('Board minutes')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(item('Contracts')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shares a personal collection with a group through the share dialog; the list then says with whom', async () => {
    const user = userEvent.setup();
    const saved: ShareUpdate[] = [];
    resetCollectionsState([collection({ name: 'Budget', sharing: mine() })]);
    server.use(...sharingHandlers(saved));
    await renderCollections('personal', 'de');
    await user.click(await screen.findByRole('button', { name: 'Budget teilen' }));
    const dialog = await screen.findByRole('dialog', { name: '„Budget“ teilen' });

    await user.type(within(dialog).getByRole('searchbox', { name: 'Personen oder Gruppen hinzufügen' }), 'fin');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Hinzufügen als' }), 'edit');
    await user.click(await within(dialog).findByRole('button', { name: 'Finance hinzufügen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(saved).toEqual([{ shares: [{ target: { type: 'group', id: 'finance' }, role: 'edit' }] }]);
    const list = screen.getByRole('list', { name: 'Persönliche Sammlungen' });
    expect(await within(list).findByText('Geteilt mit Finance')).toBeInTheDocument();
  });

  it('lets an administrator restrict a company collection to groups (offered alone), to view only', async () => {
    const user = userEvent.setup();
    const saved: ShareUpdate[] = [];
    resetCollectionsState([
      collection({ name: 'Payroll', scope: 'company', sharing: mine([{ type: 'group', name: 'finance' }]) }),
      collection({ name: 'Handbook', scope: 'company', sharing: mine() }),
    ]);
    server.use(...asAdministrator(), ...sharingHandlers(saved));
    await renderCollections('company', 'de');
    const list = await screen.findByRole('list', { name: 'Unternehmenssammlungen' });
    await waitFor(() => expect(usePermissionsStore.getState().status).toBe('loaded'));
    expect(within(within(list).getByRole('link', { name: 'Payroll' }).closest('li')!).getByText('Nur für finance')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Handbook auf Gruppen beschränken' }));
    const dialog = await screen.findByRole('dialog', { name: '„Handbook“ auf Gruppen beschränken' });
    expect(within(dialog).getByText('Nicht beschränkt: Das ganze Unternehmen liest sie.')).toBeInTheDocument();

    // Groups only: the directory's people are not offered.
    await user.type(within(dialog).getByRole('searchbox', { name: 'Gruppen hinzufügen' }), 'to');
    expect(await within(dialog).findByRole('button', { name: 'Finance hinzufügen' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Tom Weber hinzufügen' })).not.toBeInTheDocument();

    // To view only: no role to choose, for new groups or in the list.
    expect(within(dialog).queryByRole('combobox', { name: 'Hinzufügen als' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Finance hinzufügen' }));
    expect(within(dialog).queryByRole('combobox', { name: 'Recht von Finance' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(saved).toEqual([{ shares: [{ target: { type: 'group', id: 'finance' }, role: 'view' }] }]));
  });

  it('shows an employee that a company collection they read is only for some groups, without changes', async () => {
    resetCollectionsState([collection({ name: 'Payroll', scope: 'company', can_manage: false, sharing: { access: 'view', shared_by: { sub: 'admin', name: 'Ada Admin' }, shared_with: [] } })]);
    await renderCollections('company', 'de');
    const list = await screen.findByRole('list', { name: 'Unternehmenssammlungen' });
    expect(within(list).getByText('Nur für bestimmte Gruppen')).toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
  });
});
