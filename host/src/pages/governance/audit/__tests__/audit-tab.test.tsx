import type { AuditEntry } from '@assistant/contracts';
import { createApiClients, setApiClients, useNotificationsStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addShellTexts } from '../../../../app/shell-i18n';
import { addGovernanceTexts } from '../../governance-texts';
import AuditTab from '../audit-tab';

const entry = (id: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: String(id),
  at: `2026-11-${String(10 + (id % 18)).padStart(2, '0')}T09:30:00.000Z`,
  actor: { sub: 'admin', name: 'Ada Admin' },
  action: 'group.rename',
  subject_kind: 'group',
  subject_id: `group-${id}`,
  before: { display_name: null },
  after: { display_name: `Team ${id}` },
  ...overrides,
});

let pageRequests: URLSearchParams[];
let csvRequests: { search: URLSearchParams; authorization: string | null }[];
const server = setupServer(
  http.get('*/api/admin/audit', ({ request }) => {
    const search = new URL(request.url).searchParams;
    pageRequests.push(search);
    if (search.get('actor') === 'nobody') return HttpResponse.json({ entries: [], next_cursor: null });
    if (search.get('cursor') === '50') return HttpResponse.json({ entries: [entry(3), entry(2)], next_cursor: null });
    return HttpResponse.json({
      entries: [
        entry(5, {
          action: 'retention.change',
          subject_kind: 'retention',
          subject_id: 'retention',
          actor: { sub: 'u-7', name: '<img src=x onerror=alert(1)>' },
          before: { defaults: { conversations: null } },
          after: { defaults: { conversations: 30 }, note: '<b>not bold</b>' },
        }),
        entry(4, { action: 'sign_in.failed', actor: { sub: 'mallory', name: null }, before: null, after: null }),
      ],
      next_cursor: '50',
    });
  }),
  http.get('*/api/admin/audit.csv', ({ request }) => {
    csvRequests.push({ search: new URL(request.url).searchParams, authorization: request.headers.get('authorization') });
    return new HttpResponse('at,actor\n2026-11-15,admin\n', { headers: { 'content-type': 'text/csv' } });
  }),
);

beforeAll(() => {
  addShellTexts();
  // The page's frame adds them: the period's words are every tab's.
  addGovernanceTexts();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  useNotificationsStore.getState().clear();
  pageRequests = [];
  csvRequests = [];
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => jest.restoreAllMocks());

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
/** A row's cells as read before anything is opened (the changes' disclosure by its summary). */
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.querySelector('summary')?.textContent ?? cell.textContent);

describe('the audit log tab', () => {
  it('shows who did what to which item, before and after as text, and loads more pages', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <main>
        <AuditTab />
      </main>,
      { language: 'en' },
    );
    await screen.findByRole('table', { name: 'Audit log records, newest first' });
    const [first, second] = rows();
    expect(cellTexts(first!)).toEqual([
      expect.stringContaining('2026'),
      '<img src=x onerror=alert(1)>u-7',
      'Retention changed',
      'retention',
      'Show before and after',
    ]);
    // Untrusted text stays text: no element was made from it.
    expect(document.querySelector('img')).toBeNull();
    await user.click(within(first!).getByText('Show before and after'));
    const [before, after] = within(first!).getAllByText((_, element) => element?.tagName === 'PRE');
    expect(before!.textContent).toBe(JSON.stringify({ defaults: { conversations: null } }, null, 2));
    expect(after!.textContent).toBe(JSON.stringify({ defaults: { conversations: 30 }, note: '<b>not bold</b>' }, null, 2));
    expect(cellTexts(second!)).toEqual([expect.any(String), 'Unknownmallory', 'Sign-in failed', 'groupgroup-4', '–']);

    document.title = 'Audit log';
    document.documentElement.lang = 'en';
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows().map((row) => within(row).getAllByRole('cell')[3]!.textContent)).toEqual(['retention', 'groupgroup-4', 'groupgroup-3', 'groupgroup-2']);
    expect(pageRequests.map((search) => search.toString())).toEqual(['', 'cursor=50']);
    // The last page: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks for the filtered records, checks the period, and starts again from the newest', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AuditTab />, { language: 'de' });
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Weitere laden' }));
    await waitFor(() => expect(rows()).toHaveLength(4));

    const form = screen.getByRole('form', { name: 'Filter' });
    await user.type(within(form).getByRole('textbox', { name: 'Wer' }), ' ada ');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Was' }), 'Aufbewahrung geändert');
    fireEvent.change(within(form).getByLabelText('Von'), { target: { value: '2026-11-20' } });
    fireEvent.change(within(form).getByLabelText('Bis'), { target: { value: '2026-11-01' } });
    await user.click(within(form).getByRole('button', { name: 'Anzeigen' }));
    expect(within(form).getByLabelText('Bis')).toHaveAccessibleDescription('„Bis“ darf nicht vor „Von“ liegen.');
    expect(pageRequests).toHaveLength(2);

    fireEvent.change(within(form).getByLabelText('Bis'), { target: { value: '2026-11-28' } });
    await user.click(within(form).getByRole('button', { name: 'Anzeigen' }));
    await waitFor(() => expect(pageRequests).toHaveLength(3));
    expect(Object.fromEntries(pageRequests[2]!)).toEqual({ actor: 'ada', action: 'retention.change', from: '2026-11-20', to: '2026-11-28' });
    // A new filter shows its first page only.
    await waitFor(() => expect(rows()).toHaveLength(2));

    await user.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Wer' })).toHaveValue(''));
  });

  it('says when nothing matches (Enter in the who field applies the filters)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AuditTab />, { language: 'en' });
    await screen.findByRole('table');
    await user.type(screen.getByRole('textbox', { name: 'Who' }), 'nobody{Enter}');
    expect(await screen.findByRole('heading', { name: 'No records' })).toBeInTheDocument();
    expect(pageRequests.map((search) => search.toString())).toEqual(['', 'actor=nobody']);
  });

  it('downloads the filtered records as CSV with the bearer token', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:audit';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('audit-log.csv');
    });
    const user = userEvent.setup();
    renderWithProviders(<AuditTab />, { language: 'en' });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'What' }), 'share.remove');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(pageRequests).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Download as CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(await created[0]!.text()).toBe('at,actor\n2026-11-15,admin\n');
    expect(csvRequests.map(({ search, authorization }) => ({ search: Object.fromEntries(search), authorization }))).toEqual([
      { search: { action: 'share.remove', from: '2026-11-01' }, authorization: 'Bearer token' },
    ]);
    expect(useNotificationsStore.getState().notifications.map((n) => n.message)).toEqual([{ key: 'GOVERNANCE_AUDIT.downloaded', ns: 'shell' }]);
  });
});
