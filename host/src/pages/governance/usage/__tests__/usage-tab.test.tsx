import type { AdminUsageResponse, UsageFigures } from '@assistant/contracts';
import { createApiClients, setApiClients, useNotificationsStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addShellTexts } from '../../../../app/shell-i18n';
import { addGovernanceTexts } from '../../governance-texts';
import UsageTab from '../usage-tab';

const figures = (calls: number, input: number, output: number, cost: number | null = null): UsageFigures => ({
  calls,
  input_tokens: input,
  output_tokens: output,
  estimated_tokens: 0,
  cost,
  transcription_minutes: 0,
});

const usage: AdminUsageResponse = {
  currency: 'EUR',
  totals: { ...figures(5, 3000, 1200, 0.42), estimated_tokens: 200, transcription_minutes: 1.5 },
  by_day: [
    { day: '2026-11-27', ...figures(2, 1000, 200, 0.1) },
    { day: '2026-11-28', ...figures(3, 2000, 1000, 0.32) },
  ],
  by_feature: [
    { feature: 'chat', ...figures(4, 2500, 1000, 0.4) },
    { feature: 'easy_language', ...figures(1, 500, 200, 0.02) },
  ],
  by_model: [{ model: 'gpt-4o', ...figures(5, 3000, 1200, 0.42) }],
  by_group: [{ group_id: 'finance', group_name: 'Finance', ...figures(5, 3000, 1200, 0.42) }],
  top_users: [
    { sub: 'u-1', name: 'Erika Employee', email: 'employee@example.com', ...figures(4, 2500, 1000, 0.4) },
    { sub: 'u-2', name: null, email: null, ...figures(1, 500, 200, 0.02) },
  ],
};

let usageRequests: URLSearchParams[];
let csvRequests: { search: URLSearchParams; authorization: string | null }[];
let failUsage: boolean;
const server = setupServer(
  http.get('*/api/admin/usage', ({ request }) => {
    usageRequests.push(new URL(request.url).searchParams);
    if (failUsage) return HttpResponse.json({ statusCode: 500, error: 'Internal Server Error', message: 'boom', code: 'internal' }, { status: 500 });
    return HttpResponse.json(usage);
  }),
  http.get('*/api/admin/usage.csv', ({ request }) => {
    csvRequests.push({ search: new URL(request.url).searchParams, authorization: request.headers.get('authorization') });
    return new HttpResponse('day,feature,calls\n2026-11-28,chat,3\n', { headers: { 'content-type': 'text/csv' } });
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
);

beforeAll(() => {
  addShellTexts();
  addGovernanceTexts();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  // Only the clock is fake: "this month" and "the last 30 days" end on this day.
  jest.useFakeTimers({ now: new Date('2026-11-28T10:00:00Z'), doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'queueMicrotask', 'nextTick'] });
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  useNotificationsStore.getState().clear();
  usageRequests = [];
  csvRequests = [];
  failUsage = false;
  // jsdom draws nothing: the charts are their words and tables here (the pictures are the browser's).
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const asked = () => usageRequests.map((params) => Object.fromEntries(params));

describe('the usage tab', () => {
  it('asks for this month first and for what the filters say after each change', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UsageTab />, { language: 'en', route: '/governance/usage' });
    expect(await screen.findByText('From 01/11/2026 to 28/11/2026')).toBeInTheDocument();
    expect(asked()).toEqual([{ from: '2026-11-01', to: '2026-11-28' }]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last month');
    await waitFor(() => expect(asked().at(-1)).toEqual({ from: '2026-10-01', to: '2026-10-31' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Last 90 days');
    await waitFor(() => expect(asked().at(-1)).toEqual({ from: '2026-08-31', to: '2026-11-28' }));

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Group' }), 'Finance');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Feature' }), 'Easy language');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Model' }), 'GPT-4o');
    await waitFor(() =>
      expect(asked().at(-1)).toEqual({ from: '2026-08-31', to: '2026-11-28', group: 'finance', feature: 'easy_language', model: 'gpt-4o' }),
    );
  });

  it('takes a custom period and names what is wrong with it at its field, asking nothing until it is right', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UsageTab />, { language: 'de', route: '/governance/usage' });
    await screen.findByText('Vom 01.11.2026 bis 28.11.2026');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Zeitraum' }), 'Eigener Zeitraum');
    // The custom period starts as the period shown before.
    const from = screen.getByLabelText('Von');
    const to = screen.getByLabelText('Bis');
    expect(from).toHaveValue('2026-11-01');
    expect(to).toHaveValue('2026-11-28');

    const before = usageRequests.length;
    await user.clear(to);
    await user.type(to, '2026-10-15');
    expect(to).toHaveAccessibleDescription('„Bis“ darf nicht vor „Von“ liegen.');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    await user.clear(from);
    await user.type(from, '2025-01-01');
    expect(from).toHaveAccessibleDescription('Höchstens 366 Tage auf einmal.');
    expect(usageRequests.length).toBe(before);

    await user.clear(from);
    await user.type(from, '2026-10-01');
    await waitFor(() => expect(asked().at(-1)).toEqual({ from: '2026-10-01', to: '2026-10-15' }));
    expect(from).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('reads the filters from the address', async () => {
    renderWithProviders(<UsageTab />, { language: 'en', route: '/governance/usage?period=custom&from=2026-09-01&to=2026-09-30&feature=chat&group=sales' });
    await screen.findByText('From 01/09/2026 to 30/09/2026');
    expect(asked()).toEqual([{ from: '2026-09-01', to: '2026-09-30', group: 'sales', feature: 'chat' }]);
    expect(screen.getByRole('combobox', { name: 'Feature' })).toHaveDisplayValue('Chat');
  });

  it('shows the totals, each chart with its words and its table, and the top users by name', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UsageTab />, { language: 'en', route: '/governance/usage' });
    const totals = await screen.findByRole('region', { name: 'Totals of the period' });
    expect(within(totals).getByText('Calls').nextElementSibling).toHaveTextContent('5');
    expect(within(totals).getByText('Tokens').nextElementSibling).toHaveTextContent('4,2003,000 input, 1,200 output200 of them estimated');
    expect(within(totals).getByText('Cost').nextElementSibling).toHaveTextContent('€0.42');
    expect(within(totals).getByText('Transcription').nextElementSibling).toHaveTextContent('1.5 min');

    const byFeature = screen.getByRole('figure', { name: 'By feature' });
    expect(within(byFeature).getByRole('img')).toHaveAccessibleName(
      'By feature, Tokens: 2 entries, 4,200 in all; most: Chat with 3,500.',
    );
    await user.click(within(byFeature).getByText('Show as table'));
    const table = within(byFeature).getByRole('table', { name: 'By feature' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Chat', '4', '2,500', '1,000', '0', '€0.40', '0'],
      ['Easy language', '1', '500', '200', '0', '€0.02', '0'],
    ]);

    // Another measure: the charts' words follow.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Charts show' }), 'Cost');
    expect(within(byFeature).getByRole('img')).toHaveAccessibleName('By feature, Cost: 2 entries, €0.42 in all; most: Chat with €0.40.');
    expect(within(screen.getByRole('figure', { name: 'Over time by day' })).getByRole('img')).toHaveAccessibleName(
      'Over time by day, Cost: 2 entries, €0.42 in all; most: 28/11/2026 with €0.32.',
    );

    const people = screen.getByRole('table', { name: 'People with the most usage' });
    expect(within(people).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Erika Employeeemployee@example.com', 'Unknown (u-2)']);
  });

  it('downloads the same filters as CSV with the bearer token', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:usage';
    });
    URL.revokeObjectURL = jest.fn();
    const names: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderWithProviders(<UsageTab />, { language: 'en', route: '/governance/usage?period=last_month&group=finance&model=gpt-4o' });
    await user.click(await screen.findByRole('button', { name: 'Download as CSV' }));
    await waitFor(() => expect(names).toEqual(['usage-2026-10-01-to-2026-10-31.csv']));
    expect(await created[0]!.text()).toBe('day,feature,calls\n2026-11-28,chat,3\n');
    expect(csvRequests.map(({ search, authorization }) => ({ search: Object.fromEntries(search), authorization }))).toEqual([
      { search: { from: '2026-10-01', to: '2026-10-31', group: 'finance', model: 'gpt-4o' }, authorization: 'Bearer token' },
    ]);
    expect(useNotificationsStore.getState().notifications.map((n) => n.message)).toEqual([{ key: 'GOVERNANCE_USAGE.downloaded', ns: 'shell' }]);
  });

  it('says when there was no usage, and when the figures could not be loaded', async () => {
    const empty = { ...usage, totals: figures(0, 0, 0), by_day: [], by_feature: [], by_model: [], by_group: [], top_users: [] };
    server.use(http.get('*/api/admin/usage', () => HttpResponse.json(empty), { once: true }));
    const { unmount } = renderWithProviders(<UsageTab />, { language: 'en', route: '/governance/usage' });
    expect(await screen.findByRole('heading', { name: 'No usage in the period' })).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
    unmount();

    failUsage = true;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<UsageTab />, { language: 'en', route: '/governance/usage?period=last_30_days' });
    expect(await screen.findByRole('heading', { name: 'The usage could not be loaded' })).toBeInTheDocument();
  });
});
