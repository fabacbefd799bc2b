import type { SharedWithMeItem, SharedWithMeResponse } from '@assistant/contracts';
import { createApiClients, setApiClients } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { Route, Routes } from '@assistant/routing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addShellTexts } from '../../app/shell-i18n';
import { SharedWithMeBell } from '../shared-with-me-bell';

const item = (overrides: Partial<SharedWithMeItem>): SharedWithMeItem => ({
  kind: 'agent',
  id: 'a1',
  name: 'Travel costs',
  role: 'view',
  shared_by: { sub: 'maria', name: 'Maria Schmidt' },
  via: { type: 'user' },
  shared_at: '2026-11-28T10:00:00.000Z',
  unseen: true,
  ...overrides,
});

let answer: SharedWithMeResponse;
let gets = 0;
let seen = 0;
const server = setupServer(
  http.get('*/api/shared-with-me', () => {
    gets += 1;
    return HttpResponse.json(answer);
  }),
  http.put('*/api/shared-with-me/seen', () => {
    seen += 1;
    answer = { ...answer, unseen: 0, items: answer.items.map((i) => ({ ...i, unseen: false })) };
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
  gets = 0;
  seen = 0;
  answer = {
    items: [
      item({ kind: 'collection', id: 'c1', name: 'HR handbook', via: { type: 'group', name: 'Finance' }, role: 'edit' }),
      item({}),
      item({ kind: 'prompt', id: 'p1', name: 'Weekly report', via: { type: 'company' }, unseen: false }),
      item({ kind: 'conversation', id: 'k1', name: 'Budget talk', unseen: false }),
    ],
    unseen: 2,
    last_seen_at: '2026-11-27T10:00:00.000Z',
  };
  // axe asks a canvas about icon ligatures; jsdom has none.
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => jest.restoreAllMocks());

function renderBell(language: 'de' | 'en' = 'en') {
  return renderWithProviders(
    <>
      <header>
        <SharedWithMeBell />
        <button type="button">after</button>
      </header>
      <main>
        <Routes>
          <Route path="/" element={<h1>Home</h1>} />
          <Route path="/collections/:id" element={<h1>Collection page</h1>} />
        </Routes>
      </main>
    </>,
    { language },
  );
}

describe('the header’s "shared with you"', () => {
  it('shows how many items are new, lists them newest first with who shared them and how, marks them seen and links to each', async () => {
    const user = userEvent.setup();
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Shared with you, 2 new' });
    expect(bell).toHaveTextContent('2');
    await user.click(bell);

    const list = await screen.findByRole('list', { name: 'Shared with you' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^HR handbookNewCollection · by Maria Schmidt for Finance · .* · You can edit it$/),
      expect.stringMatching(/^Travel costsNewAgent · by Maria Schmidt · /),
      expect.stringMatching(/^Weekly reportPrompt · by Maria Schmidt for the whole company · /),
      expect.stringMatching(/^Budget talkConversation · by Maria Schmidt · /),
    ]);
    expect(rows.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual(['/collections/c1', '/agents/a1', '/chat/prompts', '/chat/shared/k1']);
    // Opening counted them as seen: the badge is gone, the list still marks what was new.
    await waitFor(() => expect(seen).toBe(1));
    expect(await screen.findByRole('button', { name: 'Shared with you' })).not.toHaveTextContent('2');
    expect(within(list).getAllByText('New')).toHaveLength(2);
    document.title = 'Portal';
    document.documentElement.lang = 'en';
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);

    await user.click(within(rows[0]!).getByRole('link', { name: /HR handbook/ }));
    expect(await screen.findByRole('heading', { name: 'Collection page' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Shared with you' })).toBeNull();
  });

  it('closes on Escape with the focus back on the bell, and on a click outside', async () => {
    const user = userEvent.setup();
    renderBell('de');
    const bell = await screen.findByRole('button', { name: 'Mit Ihnen geteilt, 2 neu' });
    await user.click(bell);
    expect(await screen.findByRole('region', { name: 'Mit Ihnen geteilt' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Mit Ihnen geteilt' })).toBeNull();
    expect(bell).toHaveFocus();
    await user.click(bell);
    await screen.findByRole('region', { name: 'Mit Ihnen geteilt' });
    await user.click(screen.getByRole('heading', { name: 'Home' }));
    expect(screen.queryByRole('region', { name: 'Mit Ihnen geteilt' })).toBeNull();
  });

  it('asks again every minute', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      renderBell();
      await act(async () => jest.advanceTimersByTimeAsync(100));
      await waitFor(() => expect(gets).toBe(1));
      answer = { ...answer, unseen: 3 };
      await act(async () => jest.advanceTimersByTimeAsync(60_000));
      await waitFor(() => expect(gets).toBe(2));
      expect(screen.getByRole('button', { name: 'Shared with you, 3 new' })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('says so when nothing was shared', async () => {
    const user = userEvent.setup();
    answer = { items: [], unseen: 0, last_seen_at: null };
    renderBell();
    await waitFor(() => expect(gets).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Shared with you' }));
    expect(await screen.findByText('Nobody has shared anything with you yet.')).toBeInTheDocument();
    expect(seen).toBe(0);
  });
});
