import type { MyRetentionResponse, MyUsageResponse } from '@assistant/contracts';
import { createApiClients, queryClient, setApiClients, useGatingStore } from '@assistant/platform';
import { renderWithProviders } from '@assistant/platform/testing';
import { UI_TEXTS_DE, UI_TEXTS_EN, UiTextsProvider } from '@assistant/ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { addShellTexts } from '../../../app/shell-i18n';
import { UsagePage } from '../usage-page';

const figures = { calls: 0, input_tokens: 0, output_tokens: 0, estimated_tokens: 0, cost: null, transcription_minutes: 0 };

function usageAnswer(overrides: Partial<MyUsageResponse> = {}): MyUsageResponse {
  return {
    period: { from: '2026-11-01T00:00:00.000Z', to: '2026-11-28T12:00:00.000Z' },
    totals: { ...figures, calls: 14, input_tokens: 120_400, output_tokens: 30_250, estimated_tokens: 2_000, transcription_minutes: 12.5 },
    by_feature: [
      { ...figures, feature: 'transcription', calls: 2, input_tokens: 25_000, transcription_minutes: 12.5 },
      { ...figures, feature: 'chat', calls: 12, input_tokens: 95_400, output_tokens: 30_250, estimated_tokens: 2_000 },
    ],
    by_model: [{ ...figures, model: 'gpt-4o-mini', calls: 14, input_tokens: 120_400, output_tokens: 30_250 }],
    budget: { unit: 'tokens', currency: null, limit: 200_000, used: 150_650, percent: 75, source: 'group', resets_at: '2026-12-01T00:00:00.000Z' },
    notice_due: false,
    ...overrides,
  };
}

let usage: MyUsageResponse;
let retention: MyRetentionResponse;
let conversationsLeft: number;
let deleteCalls: number;
let exportAuth: (string | null)[];
const server = setupServer(
  http.get('*/api/usage/me', () => HttpResponse.json(usage)),
  http.get('*/api/me/retention', () => HttpResponse.json(retention)),
  http.get('*/api/me/export', ({ request }) => {
    exportAuth.push(request.headers.get('authorization'));
    const format = new URL(request.url).searchParams.get('format');
    return format === 'json'
      ? new HttpResponse('{"conversations":[]}', { headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="assistant-export-2026-11-28.json"' } })
      : new HttpResponse('# Export', { headers: { 'content-type': 'text/markdown', 'content-disposition': 'attachment; filename="assistant-export-2026-11-28.md"' } });
  }),
  http.delete('*/api/me/conversations', () => {
    deleteCalls += 1;
    const deleted = conversationsLeft;
    conversationsLeft = 0;
    return HttpResponse.json({ deleted });
  }),
);

const saved: { name: string; type: string }[] = [];

beforeAll(() => {
  addShellTexts();
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  setApiClients(createApiClients({ getToken: () => 'token', onUnauthenticated: jest.fn(), retryDelayMs: 0 }));
  usage = usageAnswer();
  retention = { days: { conversations: 90, chat_attachments: 30, qa_traces: 1, research_runs: null, canvases: null } };
  conversationsLeft = 7;
  deleteCalls = 0;
  exportAuth = [];
  saved.length = 0;
  useGatingStore.setState({ flags: {} });
  // The browser saves a download through a link's click: what was saved, with its name and type.
  URL.createObjectURL = jest.fn((blob: Blob) => `blob:${blob.type}`);
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, type: this.href });
  });
});
afterEach(() => jest.restoreAllMocks());

const renderPage = (language: 'de' | 'en' = 'en') =>
  renderWithProviders(
    // The shell gives the UI kit its words in the interface language (Cancel).
    <UiTextsProvider texts={language === 'en' ? UI_TEXTS_EN : UI_TEXTS_DE}>
      <main>
        <UsagePage />
      </main>
    </UiTextsProvider>,
    { language, route: '/usage' },
  );

describe('Usage and data', () => {
  it("shows this month's usage by feature and model, the budget as a bar and how long data is kept", async () => {
    renderPage('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Usage and data' })).toBeInTheDocument();
    const bar = await screen.findByRole('progressbar', { name: 'Budget used' });
    expect(bar).toHaveAttribute('aria-valuenow', '75');
    expect(bar).toHaveAttribute('aria-valuetext', '150,650 tokens of 200,000 tokens used (75 %)');
    expect(screen.getByText('It resets on 1 December 2026.')).toBeInTheDocument();
    expect(screen.getByText("Your group's budget (the largest, if you are in several).")).toBeInTheDocument();

    const byFeature = screen.getByRole('table', { name: 'By feature' });
    const rows = within(byFeature).getAllByRole('row').slice(1);
    // The contract's order: chat first; transcription also as minutes.
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Chat', 'Transcription12.5 min of audio']);
    expect(within(rows[0]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['12', '95,400', '30,250']);
    const byModel = screen.getByRole('table', { name: 'By model' });
    expect(within(byModel).getByRole('rowheader', { name: 'gpt-4o-mini' })).toBeInTheDocument();
    expect(screen.getByText(/Estimated: 2,000 tokens of these/)).toBeInTheDocument();

    const kept = await screen.findByText('Conversations');
    expect(kept.nextSibling).toHaveTextContent('kept for 90 days');
    expect(screen.getByText('Questions over documents with their sources').nextSibling).toHaveTextContent('kept for one day');
    expect(screen.getByText('Canvases').nextSibling).toHaveTextContent('kept until you delete them');
    expect(screen.queryByText(/only in this browser/)).toBeNull();

    document.title = 'Usage and data';
    document.documentElement.lang = 'en';
    const result = await axe.run(document, { rules: { 'color-contrast': { enabled: false }, 'target-size': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('says in German when a used-up budget resets, a cost budget in its currency, and that no budget applies', async () => {
    usage = usageAnswer({ budget: { unit: 'cost', currency: 'EUR', limit: 20, used: 20.4, percent: 102, source: 'user', resets_at: '2026-12-01T00:00:00.000Z' } });
    const { unmount } = renderPage('de');
    const bar = await screen.findByRole('progressbar', { name: 'Verbrauchtes Budget' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    // Intl writes a no-break space before the currency sign.
    expect(bar.getAttribute('aria-valuetext')).toMatch(/^20,40\s€ von 20,00\s€ verbraucht \(102 %\)$/);
    expect(screen.getByText('Es wird am 1. Dezember 2026 erneuert.')).toBeInTheDocument();
    expect(screen.getByText(/Ihr Budget ist aufgebraucht/)).toBeInTheDocument();
    unmount();
    queryClient.clear();

    usage = usageAnswer({ budget: null, totals: figures, by_feature: [], by_model: [] });
    renderPage('en');
    expect(await screen.findByText('No budget applies to you.')).toBeInTheDocument();
    expect(screen.getByText('You have not used the assistant this month yet.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('downloads the data as JSON and as Markdown, with the bearer token, under the names the server gives', async () => {
    const user = userEvent.setup();
    renderPage('en');
    await user.click(screen.getByRole('button', { name: 'Download as JSON' }));
    await waitFor(() => expect(saved).toEqual([{ name: 'assistant-export-2026-11-28.json', type: 'blob:application/json' }]));
    expect(screen.getByText('The download has started.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download as Markdown' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toEqual({ name: 'assistant-export-2026-11-28.md', type: 'blob:text/markdown' });
    expect(exportAuth).toEqual(['Bearer token', 'Bearer token']);
  });

  it('says when the download failed', async () => {
    server.use(http.get('*/api/me/export', () => HttpResponse.json({ statusCode: 500, error: 'Internal', message: 'x', code: 'internal' }, { status: 500 })));
    const user = userEvent.setup();
    renderPage('en');
    await user.click(screen.getByRole('button', { name: 'Download as JSON' }));
    expect(await screen.findByText('The download failed: The server had a problem. Please try again later.')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('deletes all conversations only after a confirmation naming what goes, says how many, and asks the chat list again', async () => {
    const user = userEvent.setup();
    // The chat's list, as the chat keeps it (its keys start with the conversations' root).
    queryClient.setQueryData(['conversations', 'list', { kind: 'server' }], []);
    renderPage('en');
    await user.click(screen.getByRole('button', { name: 'Delete all my conversations' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete all your conversations?' });
    expect(dialog).toHaveTextContent('messages, attachments, sources, deep research runs and canvases');
    expect(dialog).toHaveTextContent('This cannot be undone');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleteCalls).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete all my conversations' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('7 conversations were deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deleteCalls).toBe(1);
    expect(queryClient.getQueryState(['conversations', 'list', { kind: 'server' }])?.isInvalidated).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Delete all my conversations' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('There were no conversations on the server to delete.')).toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when the deletion failed', async () => {
    server.use(http.delete('*/api/me/conversations', () => HttpResponse.json({ statusCode: 503, error: 'x', message: 'x', code: 'service_unavailable' }, { status: 503 })));
    const user = userEvent.setup();
    renderPage('en');
    await user.click(screen.getByRole('button', { name: 'Delete all my conversations' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete for good' }));
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent('The conversations could not be deleted: The server had a problem.');
  });

  it('says that the memories go with the conversations where the company has memory', async () => {
    useGatingStore.setState({ flags: { enableMemory: true } });
    const user = userEvent.setup();
    renderPage('de');
    expect(screen.getByText(/Auch Ihre Erinnerungen werden gelöscht/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Alle Unterhaltungen löschen' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Auch alles, was sich der Assistent für Sie gemerkt hat (Ihre Erinnerungen), wird gelöscht.');
  });

  it('says that conversations kept only in this browser are not on the server', async () => {
    useGatingStore.setState({ flags: { enableLocalChatHistory: true } });
    renderPage('de');
    expect(await screen.findByText(/Unterhaltungen, die der Chat nur in diesem Browser speichert, liegen nicht auf dem Server/)).toBeInTheDocument();
  });
});
