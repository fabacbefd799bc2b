import { screen, waitFor } from '@testing-library/react';
import { resetPermissions, setApiClients } from '@assistant/platform';
import { setupServer } from 'msw/node';
import remote from '../module';
import { remoteModuleProblems, renderRemoteAt } from '@assistant/platform/testing';
import { handlers, resetCollectionsState } from '../features/collections/__tests__/collections-kit';

const ROUTE_BASE = '/collections';

describe('collections remote module', () => {
  it('describes the remote: id, routes, navigation and its texts in de and en with the same keys', () => {
    expect(remoteModuleProblems(remote, 'collections')).toEqual([]);
  });

  describe('the personal and company tabs', () => {
    // The tabs list their collections (GET /api/collections): an empty fake server answers.
    const server = setupServer(...handlers());
    beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
    beforeEach(() => resetCollectionsState([]));
    afterAll(() => {
      server.close();
      setApiClients(null);
      resetPermissions();
    });

    it('redirects /collections to the personal tab', async () => {
      await renderRemoteAt(remote, ROUTE_BASE, '/collections');
      expect(await screen.findByRole('heading', { level: 1, name: 'Collections' })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { level: 2, name: 'Personal collections' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Personal' })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('link', { name: 'Company' })).not.toHaveAttribute('aria-current');
      expect(await screen.findByText('No personal collections yet')).toBeInTheDocument();
    });

    it('shows the company tab as a route of its own, tabs as links', async () => {
      await renderRemoteAt(remote, ROUTE_BASE, '/collections/company');
      expect(await screen.findByRole('heading', { level: 2, name: 'Company collections' })).toBeInTheDocument();
      expect(await screen.findByText('No company collections yet')).toBeInTheDocument();
      const tabs = screen.getByRole('navigation', { name: 'Collection types' });
      expect(tabs).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Company' })).toHaveAttribute('aria-current', 'page');
      expect(screen.getByRole('link', { name: 'Personal' })).toHaveAttribute('href', '/collections/personal');
    });

    it('speaks German', async () => {
      await renderRemoteAt(remote, ROUTE_BASE, '/collections/personal', 'de');
      expect(await screen.findByText('Noch keine persönlichen Sammlungen')).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Sammlungen' })).toBeInTheDocument();
      await waitFor(() => expect(document.title).toBe('Sammlungen – Assistant'));
      expect(screen.getByRole('button', { name: 'Neue Sammlung' })).toBeInTheDocument();
    });
  });

  it('shows a collection at /collections/:stageId', async () => {
    // The details page's own fake server (features/documents/__tests__/documents-kit.ts): an empty collection.
    const kit = await import('../features/documents/__tests__/documents-kit');
    const detailsServer = (await import('msw/node')).setupServer(...kit.handlers());
    detailsServer.listen({ onUnhandledRequest: 'error' });
    try {
      kit.resetDocumentsState();
      await renderRemoteAt(remote, ROUTE_BASE, `/collections/${kit.COLLECTION_ID}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Handbooks' })).toBeInTheDocument();
      expect(await screen.findByText('No documents yet')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to personal collections' })).toHaveAttribute('href', '/collections/personal');
      expect(screen.getByRole('button', { name: 'Choose files' })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { level: 2, name: 'Processing runs' })).toBeInTheDocument();
    } finally {
      detailsServer.close();
    }
  });
});
