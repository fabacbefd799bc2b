import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import remote from '../module';
import { remoteModuleProblems } from '@assistant/platform/testing';
import { agent, handlers, renderAgents, resetAgentsState } from './agents-kit';

const server = setupServer(...handlers());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetAgentsState());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('agents remote module', () => {
  it('describes the remote: id, routes, navigation and its texts in de and en with the same keys', () => {
    expect(remoteModuleProblems(remote, 'agents')).toEqual([]);
  });

  it('lists agents at /agents, empty, with links to create one', async () => {
    await renderAgents('/agents');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agents' })).toBeInTheDocument();
    expect(await screen.findByText('No agents yet')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'New agent' })) expect(link).toHaveAttribute('href', '/agents/new');
    expect(document.title).toMatch(/^Agents – /);
  });

  it('shows the agent form at /agents/new with labelled fields', async () => {
    await renderAgents('/agents/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New agent' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'New agent' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('maxLength', '100');
    expect(screen.getByRole('textbox', { name: /^Instructions/ })).toBeRequired();
    expect(document.title).toMatch(/^New agent – /);
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/agents');
  });

  it('uses the same form route for /agents/:id: an unknown id is not found', async () => {
    await renderAgents('/agents/0b4d1c2e-1111-4222-8333-944455556666');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit agent' })).toBeInTheDocument();
    expect(await screen.findByText('Agent not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to agents' })).toHaveAttribute('href', '/agents');
  });

  it('speaks German', async () => {
    resetAgentsState([agent({ name: 'Reisehelfer', visibility: 'company', editable: false })]);
    await renderAgents('/agents', 'de');
    expect(await screen.findByRole('link', { name: 'Reisehelfer' })).toBeInTheDocument();
    expect(screen.getByText('Firma')).toBeInTheDocument();
    expect(document.title).toMatch(/^Agenten – /);
  });
});
