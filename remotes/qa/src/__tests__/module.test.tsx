import { screen } from '@testing-library/react';
import remote from '../module';
import { remoteModuleProblems, renderRemoteAt } from '@assistant/platform/testing';

const ROUTE_BASE = '/usecases/qa';

describe('qa remote module', () => {
  it('describes the remote: id, routes, navigation and its texts in de and en with the same keys', () => {
    expect(remoteModuleProblems(remote, 'qa')).toEqual([]);
  });

  it('renders /usecases/qa with its title, the empty history and the empty preview', async () => {
    await renderRemoteAt(remote, ROUTE_BASE, '/usecases/qa');
    expect(await screen.findByRole('heading', { level: 1, name: 'Questions about documents' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Questions about documents – /);
    expect(screen.getByRole('heading', { level: 2, name: 'Chat history' })).toBeInTheDocument();
    expect(screen.getByText('No questions yet')).toBeInTheDocument();
    expect(screen.getByText('No document selected')).toBeInTheDocument();
  });

  it('speaks German', async () => {
    await renderRemoteAt(remote, ROUTE_BASE, '/usecases/qa', 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fragen zu Dokumenten' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Fragen zu Dokumenten – /);
  });
});
