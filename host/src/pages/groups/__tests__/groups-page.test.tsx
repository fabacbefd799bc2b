import type { AdminGroup } from '@assistant/contracts';
import { createApiClients, setApiClients, useNotificationsStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addShellTexts } from '../../../app/shell-i18n';
import { GroupsPage } from '../groups-page';

let groups: AdminGroup[];
let renames: { id: string; body: unknown }[];
const server = setupServer(
  http.get('*/api/admin/groups', () => HttpResponse.json({ groups })),
  http.put('*/api/admin/groups/:id', async ({ params, request }) => {
    const body = (await request.json()) as { display_name: string | null };
    renames.push({ id: String(params.id), body });
    if (body.display_name === 'Taken') {
      return HttpResponse.json(
        { statusCode: 400, error: 'Bad Request', message: 'invalid', code: 'validation_failed', issues: [{ path: ['body', 'display_name'], message: 'Another group has this name' }] },
        { status: 400 },
      );
    }
    groups = groups.map((g) => (g.id === params.id ? { ...g, display_name: body.display_name, name: body.display_name ?? g.id } : g));
    return HttpResponse.json(groups.find((g) => g.id === params.id));
  }),
);

beforeAll(() => {
  addShellTexts();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  useNotificationsStore.getState().clear();
  renames = [];
  groups = [
    { id: '/finance', name: 'Finance', display_name: 'Finance', member_count: 2, last_seen_at: '2026-11-28T09:00:00.000Z' },
    { id: 'sales', name: 'sales', display_name: null, member_count: 1, last_seen_at: '2026-11-20T09:00:00.000Z' },
  ];
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => jest.restoreAllMocks());

describe('the groups page', () => {
  it('lists the groups with their members and last sign-in, and gives a group a display name', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <main>
        <GroupsPage />
      </main>,
      { language: 'en' },
    );
    const table = await screen.findByRole('table', { name: 'Groups with their member count and last sign-in' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['FinanceIn the identity provider: /finance', 'sales']);
    expect(within(rows[0]!).getByRole('cell', { name: '2' })).toBeInTheDocument();

    document.title = 'Groups';
    document.documentElement.lang = 'en';
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);

    await user.click(within(rows[1]!).getByRole('button', { name: 'Rename sales' }));
    const dialog = screen.getByRole('dialog', { name: "The group's display name" });
    await user.type(within(dialog).getByRole('textbox', { name: 'Display name' }), 'Taken');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The server's refusal at the field; what was typed stays.
    expect(await within(dialog).findByText('Another group has this name')).toBeInTheDocument();
    const field = within(dialog).getByRole('textbox', { name: 'Display name' });
    await user.clear(field);
    await user.type(field, '  Sales team ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(renames).toEqual([
      { id: 'sales', body: { display_name: 'Taken' } },
      { id: 'sales', body: { display_name: 'Sales team' } },
    ]);
    expect(await screen.findByRole('rowheader', { name: /Sales team/ })).toBeInTheDocument();
  });

  it('goes back to the identity provider’s name when the display name is emptied', async () => {
    const user = userEvent.setup();
    renderWithProviders(<GroupsPage />, { language: 'de' });
    await user.click(await screen.findByRole('button', { name: 'Finance umbenennen' }));
    const field = screen.getByRole('textbox', { name: 'Anzeigename' });
    expect(field).toHaveValue('Finance');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(renames).toEqual([{ id: '/finance', body: { display_name: null } }]));
  });

  it('says how a group comes to exist when there is none', async () => {
    groups = [];
    renderWithProviders(<GroupsPage />, { language: 'en' });
    expect(await screen.findByRole('heading', { name: 'No groups yet' })).toBeInTheDocument();
    expect(screen.getByText('A group appears once one of its members signs in.')).toBeInTheDocument();
  });
});
