import { screen } from '@testing-library/react';
import remote from '../module';
import { remoteModuleProblems, renderRemoteAt } from '@assistant/platform/testing';

const ROUTE_BASE = '/chat';

describe('chat remote module', () => {
  it('describes the remote: id, routes, navigation and its texts in de and en with the same keys', () => {
    expect(remoteModuleProblems(remote, 'chat')).toEqual([]);
  });

  it('renders /chat with its title and the empty conversation list', async () => {
    await renderRemoteAt(remote, ROUTE_BASE, '/chat');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Conversations' })).toBeInTheDocument();
    expect(screen.getByText('No conversations yet')).toBeInTheDocument();
  });

  it('speaks German', async () => {
    await renderRemoteAt(remote, ROUTE_BASE, '/chat', 'de');
    expect(await screen.findByText('Noch keine Unterhaltungen')).toBeInTheDocument();
  });
});
