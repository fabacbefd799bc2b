import { screen } from '@testing-library/react';
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
      expect(screen.getByRole('button', { name: 'Neue Sammlung' })).toBeInTheDocument();
    });
  });

  it('shows a collection at /collections/:stageId', async () => {
    await renderRemoteAt(remote, ROUTE_BASE, '/collections/stage-42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Collection details' })).toBeInTheDocument();
    expect(screen.getByText('No documents yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to collections' })).toHaveAttribute('href', '/collections');
  });
});
