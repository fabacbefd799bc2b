import { screen } from '@testing-library/react';
import remote from '../module';
import { remoteModuleProblems, renderRemoteAt } from '@assistant/platform/testing';

const ROUTE_BASE = '/collections';

describe('collections remote module', () => {
  it('describes the remote: id, routes, navigation and its texts in de and en with the same keys', () => {
    expect(remoteModuleProblems(remote, 'collections')).toEqual([]);
  });

  it('redirects /collections to the personal tab', async () => {
    await renderRemoteAt(remote, ROUTE_BASE, '/collections');
    expect(await screen.findByRole('heading', { level: 1, name: 'Collections' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Personal collections' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Personal' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Company' })).not.toHaveAttribute('aria-current');
  });

  it('shows the company tab as a route of its own, tabs as links', async () => {
    await renderRemoteAt(remote, ROUTE_BASE, '/collections/company');
    expect(await screen.findByRole('heading', { level: 2, name: 'Company collections' })).toBeInTheDocument();
    expect(screen.getByText('No company collections yet')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Collection types' });
    expect(tabs).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Company' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Personal' })).toHaveAttribute('href', '/collections/personal');
  });

  it('shows a collection at /collections/:stageId', async () => {
    await renderRemoteAt(remote, ROUTE_BASE, '/collections/stage-42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Collection details' })).toBeInTheDocument();
    expect(screen.getByText('No documents yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to collections' })).toHaveAttribute('href', '/collections');
  });

  it('speaks German', async () => {
    await renderRemoteAt(remote, ROUTE_BASE, '/collections/personal', 'de');
    expect(await screen.findByText('Noch keine persönlichen Sammlungen')).toBeInTheDocument();
  });
});
