import type { AdminGroup, RetentionPolicy, RetentionRun } from '@assistant/contracts';
import { createApiClients, setApiClients, useNotificationsStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addShellTexts } from '../../../../app/shell-i18n';
import RetentionTab from '../retention-tab';

const FOREVER: RetentionPolicy['defaults'] = {
  conversations: null,
  chat_attachments: null,
  qa_traces: null,
  research_runs: null,
  canvases: null,
  usage_details: 90,
  audit_log: null,
};

const groups: AdminGroup[] = [
  { id: 'finance', name: 'Finance', display_name: 'Finance', member_count: 2, last_seen_at: '2026-11-28T09:00:00.000Z' },
  { id: 'sales', name: 'sales', display_name: null, member_count: 1, last_seen_at: '2026-11-20T09:00:00.000Z' },
];

let policy: RetentionPolicy;
let puts: unknown[];
let runs: RetentionRun[];
let runGets: number;
let posts: number;
let refuseGroup: boolean;

const server = setupServer(
  http.get('*/api/admin/groups', () => HttpResponse.json({ groups })),
  http.get('*/api/admin/retention', () => HttpResponse.json(policy)),
  http.put('*/api/admin/retention', async ({ request }) => {
    const body = (await request.json()) as RetentionPolicy;
    puts.push(body);
    if (refuseGroup) {
      return HttpResponse.json(
        { statusCode: 400, error: 'Bad Request', message: 'invalid', code: 'validation_failed', issues: [{ path: ['body', 'groups', 0, 'days', 'canvases'], message: 'Unknown group' }] },
        { status: 400 },
      );
    }
    policy = { defaults: body.defaults, groups: body.groups.map((g) => ({ ...g, name: groups.find((x) => x.id === g.group_id)?.name })) };
    return HttpResponse.json(policy);
  }),
  http.get('*/api/admin/retention/runs', () => {
    runGets += 1;
    return HttpResponse.json({ runs });
  }),
  http.post('*/api/admin/retention/runs', () => {
    posts += 1;
    runs = [{ id: 'r2', started_at: '2026-11-28T10:00:00.000Z', finished_at: null, status: 'running', deleted: {}, requested_by: 'admin', error: null }, ...runs];
    return new HttpResponse(null, { status: 202 });
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
  policy = { defaults: { ...FOREVER }, groups: [] };
  puts = [];
  posts = 0;
  runGets = 0;
  refuseGroup = false;
  runs = [
    {
      id: 'r1',
      started_at: '2026-11-27T02:00:00.000Z',
      finished_at: '2026-11-27T02:01:00.000Z',
      status: 'done',
      deleted: { conversations: 12, canvases: 0, usage_details: 340 },
      requested_by: null,
      error: null,
    },
  ];
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => jest.restoreAllMocks());

const kindGroup = (name: string, within_: HTMLElement = document.body) => within(within_).getByRole('group', { name });

describe('the retention tab', () => {
  it('says at the field what is wrong with a period and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RetentionTab />, { language: 'en' });
    const conversations = kindGroup('Conversations', await screen.findByRole('region', { name: 'For everyone' }));
    await user.selectOptions(within(conversations).getByRole('combobox', { name: 'Keep' }), 'days');
    const days = within(conversations).getByRole('spinbutton', { name: 'Days' });

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(conversations).getByText('Enter a number of days.')).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the marked fields.');

    await user.type(days, '0');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(conversations).getByText('At least one day.')).toBeInTheDocument();

    await user.clear(days);
    await user.type(days, '2.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(conversations).getByText('Whole days only.')).toBeInTheDocument();

    await user.clear(days);
    await user.type(days, '40000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(conversations).getByText('At most 36500 days.')).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it('warns what a shorter period deletes and saves after the administrator confirms', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RetentionTab />, { language: 'en' });
    const defaults = await screen.findByRole('region', { name: 'For everyone' });
    const conversations = kindGroup('Conversations', defaults);
    await user.selectOptions(within(conversations).getByRole('combobox', { name: 'Keep' }), 'days');
    await user.type(within(conversations).getByRole('spinbutton', { name: 'Days' }), '30');
    // Longer than before: nothing more is deleted, so no warning for usage details.
    const usage = kindGroup('Usage details', defaults);
    expect(within(usage).getByRole('spinbutton', { name: 'Days' })).toHaveValue(90);
    await user.selectOptions(within(usage).getByRole('combobox', { name: 'Keep' }), 'forever');

    const warning = screen.getByRole('status');
    expect(within(warning).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Conversations older than 30 days (until now forever)']);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete older data?' });
    expect(within(dialog).getByText('Conversations older than 30 days (until now forever)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(puts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Save and let it delete' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ defaults: { ...FOREVER, conversations: 30, usage_details: null }, groups: [] });
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(useNotificationsStore.getState().notifications.map((n) => n.message)).toEqual([{ key: 'GOVERNANCE_RETENTION.saved', ns: 'shell' }]);
    // The form starts again from the saved policy: nothing is shorter any more.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('gives a group periods of its own and shows the server’s refusal at the field', async () => {
    const user = userEvent.setup();
    policy = { defaults: { ...FOREVER, canvases: 60 }, groups: [] };
    renderWithProviders(<RetentionTab />, { language: 'de' });
    const add = await screen.findByRole('combobox', { name: 'Gruppe' });
    await waitFor(() => expect(within(add).getAllByRole('option').map((o) => o.textContent)).toEqual(['Gruppe wählen', 'Finance', 'sales']));
    await user.selectOptions(add, 'finance');
    await user.click(screen.getByRole('button', { name: 'Gruppe hinzufügen' }));

    const finance = screen.getByRole('region', { name: 'Finance' });
    const canvases = kindGroup('Canvas-Dokumente', finance);
    const mode = within(canvases).getByRole('combobox', { name: 'Aufbewahren' });
    expect(mode).toHaveValue('default');
    expect(within(mode).getByRole('option', { name: 'Wie für alle (60 Tage)' })).toBeInTheDocument();
    await user.selectOptions(mode, 'days');
    await user.type(within(canvases).getByRole('spinbutton', { name: 'Tage' }), '7');
    await user.selectOptions(within(kindGroup('Unterhaltungen', finance)).getByRole('combobox', { name: 'Aufbewahren' }), 'forever');
    // The group already added is not offered again.
    expect(within(add).getAllByRole('option').map((o) => o.textContent)).toEqual(['Gruppe wählen', 'sales']);
    expect(screen.getByRole('status')).toHaveTextContent('Canvas-Dokumente der Gruppe Finance älter als 7 Tage (bisher 60 Tage)');

    refuseGroup = true;
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Speichern und löschen lassen' }));
    expect(await within(canvases).findByText('Unknown group')).toBeInTheDocument();
    expect(puts).toEqual([{ defaults: { ...FOREVER, canvases: 60 }, groups: [{ group_id: 'finance', name: 'Finance', days: { canvases: 7, conversations: null } }] }]);

    refuseGroup = false;
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Speichern und löschen lassen' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    // Read again: the group is still there with its own periods.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(within(kindGroup('Canvas-Dokumente', screen.getByRole('region', { name: 'Finance' }))).getByRole('spinbutton', { name: 'Tage' })).toHaveValue(7);

    await user.click(screen.getByRole('button', { name: 'Finance entfernen' }));
    expect(screen.queryByRole('region', { name: 'Finance' })).toBeNull();
  });

  it('lists the latest runs with what they deleted, and follows a run started now until it is done', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <main>
        <RetentionTab />
      </main>,
      { language: 'en' },
    );
    const list = await screen.findByRole('list', { name: 'Latest retention runs' });
    const first = list.children[0] as HTMLElement;
    expect(first).toHaveTextContent('Daily run');
    expect(first).toHaveTextContent('Done');
    expect(within(first).getByRole('list', { name: 'Deleted' }).textContent).toBe('Conversations: 12Usage details: 340');

    document.title = 'Retention';
    document.documentElement.lang = 'en';
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('Started by admin')).toBeInTheDocument();
    expect(posts).toBe(1);
    expect(screen.getByRole('button', { name: /Run now/ })).toBeDisabled();
    const before = runGets;
    runs = [{ ...runs[0]!, status: 'done', finished_at: '2026-11-28T10:00:05.000Z', deleted: { research_runs: 3 } }, ...runs.slice(1)];
    // Polled while running: the run turns done without a reload.
    expect(await screen.findByText('Research runs: 3', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(runGets).toBeGreaterThan(before);
    expect(screen.getByRole('button', { name: /Run now/ })).toBeEnabled();
  });
});
