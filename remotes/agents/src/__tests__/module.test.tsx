import { screen } from '@testing-library/react';
import remote from '../module';
import { remoteModuleProblems, renderRemoteAt } from '@assistant/platform/testing';

const ROUTE_BASE = '/agents';

describe('agents remote module', () => {
  it('describes the remote: id, routes, navigation and its texts in de and en with the same keys', () => {
    expect(remoteModuleProblems(remote, 'agents')).toEqual([]);
  });

  it('lists agents at /agents, empty, with a link to create one', async () => {
    await renderRemoteAt(remote, ROUTE_BASE, '/agents');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agents' })).toBeInTheDocument();
    expect(screen.getByText('No agents yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New agent' })).toHaveAttribute('href', '/agents/new');
    expect(document.title).toMatch(/^Agents – /);
  });

  it('shows the agent form at /agents/new with labelled fields', async () => {
    await renderRemoteAt(remote, ROUTE_BASE, '/agents/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New agent' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New agent' });
    expect(form).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('maxLength', '100');
    expect(screen.getByRole('textbox', { name: /^Instructions/ })).toBeRequired();
    expect(document.title).toMatch(/^New agent – /);
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/agents');
  });

  it('uses the same form route for /agents/:id, which has no agent to edit yet', async () => {
    await renderRemoteAt(remote, ROUTE_BASE, '/agents/0b4d1c2e-1111-4222-8333-944455556666');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit agent' })).toBeInTheDocument();
    expect(screen.getByText('Agent not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to agents' })).toHaveAttribute('href', '/agents');
  });

  it('speaks German', async () => {
    await renderRemoteAt(remote, ROUTE_BASE, '/agents', 'de');
    expect(await screen.findByText('Noch keine Agenten')).toBeInTheDocument();
    expect(document.title).toMatch(/^Agenten – /);
  });
});
