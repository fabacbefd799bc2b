import type { MyUsageResponse } from '@assistant/contracts';
import { createApiClients, queryClient, setApiClients, useNotificationsStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { Route, Routes } from '@assistant/routing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addShellTexts } from '../../app/shell-i18n';
import { NotificationsHost } from '../../notifications/notifications-host';
import { BudgetNotice } from '../budget-notice';

const figures = { calls: 3, input_tokens: 1000, output_tokens: 500, estimated_tokens: 0, cost: null, transcription_minutes: 0 };
let dueNow: boolean;
let percent: number;
let gets: number;
let seen: number;
const answer = (): MyUsageResponse => ({
  period: { from: '2026-11-01T00:00:00.000Z', to: '2026-11-28T12:00:00.000Z' },
  totals: figures,
  by_feature: [],
  by_model: [],
  budget: { unit: 'tokens', currency: null, limit: 1800, used: (1800 * percent) / 100, percent, source: 'default', resets_at: '2026-12-01T00:00:00.000Z' },
  notice_due: dueNow,
});
const server = setupServer(
  http.get('*/api/usage/me', () => {
    gets += 1;
    return HttpResponse.json(answer());
  }),
  http.put('*/api/usage/me/notice-seen', () => {
    seen += 1;
    dueNow = false;
    return new HttpResponse(null, { status: 204 });
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
  dueNow = true;
  percent = 83;
  gets = 0;
  seen = 0;
});

const renderShell = (language: 'de' | 'en') =>
  renderWithProviders(
    <>
      <BudgetNotice />
      <NotificationsHost />
      <Routes>
        <Route path="/" element={<p>Home</p>} />
        <Route path="/usage" element={<h1>Usage page</h1>} />
      </Routes>
    </>,
    { language, route: '/' },
  );

describe('the 80 % budget notice', () => {
  it('is shown once when the server says it is due, marked seen, and links to the usage page', async () => {
    const user = userEvent.setup();
    renderShell('en');
    expect(await screen.findByText('You have used 83 % of your monthly budget. It resets on 1 December 2026.')).toBeInTheDocument();
    await waitFor(() => expect(seen).toBe(1));
    // Asked again (the interval, the window's focus): the server no longer says it is due; one notice.
    await act(() => queryClient.invalidateQueries({ queryKey: ['usage'] }));
    await waitFor(() => expect(gets).toBeGreaterThanOrEqual(2));
    expect(useNotificationsStore.getState().notifications).toHaveLength(1);
    expect(seen).toBe(1);

    await user.click(screen.getByRole('button', { name: 'See usage' }));
    expect(await screen.findByRole('heading', { name: 'Usage page' })).toBeInTheDocument();
  });

  it('says it in German', async () => {
    renderShell('de');
    expect(await screen.findByText('Sie haben 83 % Ihres monatlichen Budgets verbraucht. Es wird am 1. Dezember 2026 erneuert.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nutzung ansehen' })).toBeInTheDocument();
  });

  it('says "used up" when the budget was passed before the notice could be shown', async () => {
    percent = 104;
    renderShell('en');
    expect(await screen.findByText('Your monthly budget is used up. It resets on 1 December 2026.')).toBeInTheDocument();
    await waitFor(() => expect(seen).toBe(1));
  });

  it('shows nothing and marks nothing when no notice is due', async () => {
    dueNow = false;
    renderShell('en');
    await waitFor(() => expect(gets).toBe(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(useNotificationsStore.getState().notifications).toHaveLength(0);
    expect(seen).toBe(0);
  });
});
