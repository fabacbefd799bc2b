import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { apiError, backend, collection, handlers, renderCollections, resetCollectionsState } from './collections-kit';

const server = setupServer(...handlers());
// Whole dialogs typed key by key: give a busy machine (parallel test runs) time.
jest.setTimeout(20_000);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const quarterly = collection({ name: 'Quarterly reports', file_count: 3, updated_at: '2025-03-05T10:00:00.000Z' });
const contracts = collection({ name: 'Contracts', file_count: 1, updated_at: '2025-04-20T10:00:00.000Z' });
const drafts = collection({ name: 'Drafts', file_count: 0, updated_at: '2025-01-02T10:00:00.000Z' });
const shared = collection({ name: 'Handbook', scope: 'company', file_count: 12, can_manage: false });

describe('collection list', () => {
  beforeEach(() => resetCollectionsState([quarterly, contracts, drafts, shared]));

  it('lists the personal collections, latest change first, with links, file counts and change dates', async () => {
    await renderCollections('personal');
    const list = await screen.findByRole('list', { name: 'Personal collections' });
    const [latest, quarterlyItem, oldest] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['Contracts', 'Quarterly reports', 'Drafts']);

    expect(within(quarterlyItem).getByRole('link', { name: 'Quarterly reports' })).toHaveAttribute('href', `/collections/${quarterly.id}`);
    expect(within(quarterlyItem).getByText('3 files')).toBeInTheDocument();
    expect(quarterlyItem).toHaveTextContent('Last changed 05/03/2025');
    expect(quarterlyItem.querySelector('time')).toHaveAttribute('datetime', '2025-03-05T10:00:00.000Z');
    expect(within(latest).getByText('1 file')).toBeInTheDocument();
    expect(within(oldest).getByText('0 files')).toBeInTheDocument();
    expect(backend.listCalls).toEqual(['personal']);
    expect(screen.queryByText('Handbook')).not.toBeInTheDocument();
  });

  it('shows a loading state until the list arrives', async () => {
    let answer!: () => void;
    server.use(
      http.get('*/api/collections', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json({ collections: [quarterly] });
      }),
    );
    await renderCollections('personal');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading collections …');
    answer();
    expect(await screen.findByRole('link', { name: 'Quarterly reports' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says when there are no collections yet', async () => {
    resetCollectionsState([]);
    await renderCollections('personal');
    expect(await screen.findByRole('heading', { level: 3, name: 'No personal collections yet' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Personal collections' })).not.toBeInTheDocument();
  });

  it('shows a failed load with a retry that loads again', async () => {
    const user = userEvent.setup();
    jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('*/api/collections', () => apiError(500, 'database down'), { once: true }));
    await renderCollections('personal');
    expect(await screen.findByRole('alert')).toHaveTextContent('The collections could not be loaded');
    expect(screen.queryByRole('list', { name: 'Personal collections' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Quarterly reports' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Personal collections' })).toHaveFocus();
    expect(backend.listCalls).toEqual(['personal']);
  });

  it('shows the company collections on the company tab, read-only for an employee', async () => {
    await renderCollections('company');
    const list = await screen.findByRole('list', { name: 'Company collections' });
    expect(within(list).getByRole('link', { name: 'Handbook' })).toHaveAttribute('href', `/collections/${shared.id}`);
    expect(within(list).getByText('12 files')).toBeInTheDocument();
    expect(backend.listCalls).toEqual(['company']);
  });

  it('speaks German: counts, dates and names of the actions', async () => {
    await renderCollections('personal', 'de');
    const list = await screen.findByRole('list', { name: 'Persönliche Sammlungen' });
    const item = within(list).getAllByRole('listitem')[1]!;
    expect(within(item).getByText('3 Dateien')).toBeInTheDocument();
    expect(item).toHaveTextContent('Zuletzt geändert am 05.03.2025');
    expect(within(item).getByRole('button', { name: 'Quarterly reports umbenennen' })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Quarterly reports löschen' })).toBeInTheDocument();
    expect(within(list).getByText('1 Datei')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Neue Sammlung' })).toBeInTheDocument();
  });

  it('moves between the tabs with a fresh list each time', async () => {
    const user = userEvent.setup();
    await renderCollections('personal');
    await screen.findByRole('link', { name: 'Quarterly reports' });
    await user.click(screen.getByRole('link', { name: 'Company' }));
    expect(await screen.findByRole('link', { name: 'Handbook' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Quarterly reports' })).not.toBeInTheDocument();
    await waitFor(() => expect(backend.listCalls).toEqual(['personal', 'company']));
  });
});
