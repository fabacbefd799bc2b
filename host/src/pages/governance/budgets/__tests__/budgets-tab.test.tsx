import type { BudgetSettings } from '@assistant/contracts';
import { createApiClients, setApiClients, useNotificationsStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addShellTexts } from '../../../../app/shell-i18n';
import BudgetsTab from '../budgets-tab';

const stored: BudgetSettings = {
  unit: 'tokens',
  currency: 'EUR',
  default_limit: 100000,
  groups: [{ group_id: 'finance', name: 'Finance', limit: 500000 }],
  users: [{ sub: 'u-colleague', name: 'Carla Colleague', limit: null }],
  prices: [{ model: 'gpt-4o', input_per_million: 2.5, output_per_million: 10 }],
  transcription_tokens_per_minute: 1000,
};

let settings: BudgetSettings;
let puts: unknown[];
let refuse: { status: number; body: Record<string, unknown> } | null;
const server = setupServer(
  http.get('*/api/admin/budgets', () => HttpResponse.json(settings)),
  http.put('*/api/admin/budgets', async ({ request }) => {
    const body = (await request.json()) as BudgetSettings;
    puts.push(body);
    if (refuse) return HttpResponse.json(refuse.body, { status: refuse.status });
    settings = {
      ...body,
      groups: body.groups.map((g) => ({ ...g, name: g.group_id === 'sales' ? 'Sales' : 'Finance' })),
      users: body.users.map((u) => ({ ...u, name: u.sub === 'u-outsider' ? 'Otto Outsider' : 'Carla Colleague' })),
    };
    return HttpResponse.json(settings);
  }),
  http.get('*/api/admin/groups', () =>
    HttpResponse.json({
      groups: [
        { id: 'finance', name: 'Finance', display_name: null, member_count: 2, last_seen_at: '2026-11-28T09:00:00.000Z' },
        { id: 'sales', name: 'Sales', display_name: null, member_count: 1, last_seen_at: '2026-11-28T09:00:00.000Z' },
      ],
    }),
  ),
  http.get('*/api/qa/resources', () => HttpResponse.json({ collections: [], language_models: [{ id: 'gpt-4o', name: 'GPT-4o', type: 'chat' }] })),
  http.get('*/api/directory/people', ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    const people = [
      { sub: 'u-outsider', name: 'Otto Outsider', email: 'outsider@example.com' },
      { sub: 'u-colleague', name: 'Carla Colleague', email: 'colleague@example.com' },
    ].filter((person) => person.name.toLowerCase().includes(q.toLowerCase()));
    return HttpResponse.json({ people });
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
  settings = structuredClone(stored);
  puts = [];
  refuse = null;
});

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

describe('the budgets tab', () => {
  it('shows the saved settings and saves a group, a person and a price added to them', async () => {
    const user = userEvent.setup();
    renderWithProviders(<BudgetsTab />, { language: 'en' });
    expect(await screen.findByRole('textbox', { name: 'Monthly budget per person (tokens)' })).toHaveValue('100000');
    expect(screen.getByRole('combobox', { name: 'Budgets count' })).toHaveDisplayValue('Tokens (input and output)');
    expect(field('Currency')).toHaveValue('EUR');
    expect(field('Monthly budget of Finance (tokens)')).toHaveValue('500000');
    expect(field('Monthly budget of Carla Colleague (tokens)')).toHaveValue('');
    expect(field('Tokens per minute of transcription')).toHaveValue('1000');
    const prices = screen.getByRole('group', { name: 'Price table' });
    expect(within(prices).getByRole('combobox', { name: 'Model' })).toHaveValue('gpt-4o');

    // A group from the list of groups.
    const groups = screen.getByRole('group', { name: 'Budgets of groups' });
    await waitFor(() => expect(within(groups).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a group', 'Sales']));
    await user.selectOptions(within(groups).getByRole('combobox', { name: 'Group' }), 'Sales');
    await user.click(within(groups).getByRole('button', { name: 'Add group' }));
    await user.type(field('Monthly budget of Sales (tokens)'), '20000');

    // A person from the directory; one who has a row already is not offered again.
    const people = screen.getByRole('group', { name: 'Budgets of people' });
    await user.type(within(people).getByRole('searchbox', { name: 'Find a person' }), 'o');
    await user.click(await within(people).findByRole('button', { name: 'Add Otto Outsider' }));
    expect(within(people).queryByRole('button', { name: 'Add Carla Colleague' })).not.toBeInTheDocument();
    await user.type(field('Monthly budget of Otto Outsider (tokens)'), '1000');
    await user.click(within(people).getByRole('button', { name: 'Remove Carla Colleague' }));

    // A price, a decimal comma taken as a point.
    await user.click(within(prices).getByRole('button', { name: 'Add a price' }));
    const models = within(prices).getAllByRole('combobox', { name: 'Model' });
    await user.type(models[1]!, 'mistral-small');
    await user.type(within(prices).getAllByRole('textbox', { name: 'Input per million tokens' })[1]!, '0,2');
    await user.type(within(prices).getAllByRole('textbox', { name: 'Output per million tokens' })[1]!, '0.6');
    await user.clear(field('Monthly budget per person (tokens)'));

    expect(screen.getByText('Unsaved changes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      unit: 'tokens',
      currency: 'EUR',
      default_limit: null,
      groups: [
        { group_id: 'finance', limit: 500000 },
        { group_id: 'sales', limit: 20000 },
      ],
      users: [{ sub: 'u-outsider', limit: 1000 }],
      prices: [
        { model: 'gpt-4o', input_per_million: 2.5, output_per_million: 10 },
        { model: 'mistral-small', input_per_million: 0.2, output_per_million: 0.6 },
      ],
      transcription_tokens_per_minute: 1000,
    });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(useNotificationsStore.getState().notifications.map((n) => n.message)).toEqual([{ key: 'GOVERNANCE_BUDGETS.saved', ns: 'shell' }]);
    expect(field('Monthly budget of Otto Outsider (tokens)')).toHaveValue('1000');
  });

  it("shows the contract's problems at their fields in German, focuses the first and sends nothing", async () => {
    const user = userEvent.setup();
    renderWithProviders(<BudgetsTab />, { language: 'de' });
    const limit = await screen.findByRole('textbox', { name: 'Monatliches Budget pro Person (Tokens)' });
    await user.clear(limit);
    await user.type(limit, 'viel');
    await user.clear(field('Währung'));
    await user.type(field('Währung'), 'eu');
    const prices = screen.getByRole('group', { name: 'Preistabelle' });
    // German numbers with a decimal comma.
    expect(within(prices).getByRole('textbox', { name: 'Eingabe je Mio. Tokens' })).toHaveValue('2,5');
    await user.click(within(prices).getByRole('button', { name: 'Preis hinzufügen' }));
    await user.type(within(prices).getAllByRole('combobox', { name: 'Modell' })[1]!, 'gpt-4o');
    await user.type(within(prices).getAllByRole('textbox', { name: 'Eingabe je Mio. Tokens' })[1]!, '-1');

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte die markierten Felder prüfen.');
    expect(field('Währung')).toHaveFocus();
    expect(field('Währung')).toHaveAccessibleDescription(expect.stringContaining('Drei Großbuchstaben, etwa EUR.'));
    expect(limit).toHaveAccessibleDescription(expect.stringContaining('Eine Zahl ab 0 angeben oder leer lassen.'));
    expect(within(prices).getAllByRole('textbox', { name: 'Eingabe je Mio. Tokens' })[1]).toHaveAccessibleDescription('Eine Zahl von 0 bis 1.000.000.');
    expect(within(prices).getAllByRole('textbox', { name: 'Ausgabe je Mio. Tokens' })[1]).toHaveAccessibleDescription('Eine Zahl von 0 bis 1.000.000.');
    expect(puts).toEqual([]);

    // The problems follow each edit: fixed fields lose theirs; then the table's own rule shows.
    await user.clear(field('Währung'));
    await user.type(field('Währung'), 'chf');
    expect(field('Währung')).toHaveValue('CHF');
    expect(field('Währung')).not.toHaveAttribute('aria-invalid', 'true');
    await user.clear(limit);
    await user.clear(within(prices).getAllByRole('textbox', { name: 'Eingabe je Mio. Tokens' })[1]!);
    await user.type(within(prices).getAllByRole('textbox', { name: 'Eingabe je Mio. Tokens' })[1]!, '1');
    await user.type(within(prices).getAllByRole('textbox', { name: 'Ausgabe je Mio. Tokens' })[1]!, '2');
    expect(within(prices).getByText('Jedes Modell nur einmal.')).toBeInTheDocument();
    expect(prices).toHaveAccessibleDescription('Jedes Modell nur einmal.');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(within(prices).getByText('Jedes Modell nur einmal.')).toHaveFocus();
    expect(puts).toEqual([]);

    // Cost budgets need prices.
    for (const remove of within(prices).getAllByRole('button', { name: /entfernen/ })) await user.click(remove);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Budgets zählen' }), 'Kosten (aus der Preistabelle)');
    expect(within(prices).getByText('Ein Kostenbudget braucht Preise.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Monatliches Budget pro Person (CHF)' })).toBeInTheDocument();
  });

  it('keeps every entry when the save fails, and shows the server’s refusal at its field', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<BudgetsTab />, { language: 'en' });
    const limit = await screen.findByRole('textbox', { name: 'Monthly budget per person (tokens)' });
    await user.clear(limit);
    await user.type(limit, '250000');

    refuse = { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom', code: 'internal' } };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Saving failed: .+ Your entries are still here; please save again\.$/);
    expect(alert).toHaveFocus();
    expect(limit).toHaveValue('250000');
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();

    refuse = {
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'invalid', code: 'validation_failed', issues: [{ path: ['body', 'groups', 0, 'limit'], message: 'Too big' }] },
    };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field('Monthly budget of Finance (tokens)')).toHaveAccessibleDescription('A number from 0, or empty.'));
    expect(field('Monthly budget of Finance (tokens)')).toHaveFocus();
    expect(limit).toHaveValue('250000');

    refuse = null;
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(puts).toHaveLength(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
