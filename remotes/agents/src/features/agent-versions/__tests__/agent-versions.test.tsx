import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { agent, backend, handlers, notificationTexts, renderAgents, resetAgentsState, side, versionOf } from '../../../__tests__/agents-kit';

const server = setupServer(...handlers());
jest.setTimeout(30_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const travel = agent({
  name: 'Trip planner',
  instructions: 'Plan trips by train for {{user_name}}.',
  temperature: 0.4,
  starter_prompts: ['Book a train'],
  tools: ['search_documents'],
  version: 3,
  updated_at: '2025-06-03T10:00:00.000Z',
});
const v1 = versionOf(travel, {
  version: 1,
  name: 'Travel helper',
  instructions: 'Plan trips for {{user_name}}.',
  tools: [],
  created_at: '2025-06-01T10:00:00.000Z',
});
const { temperature: _temperature, ...v1WithoutTemperature } = v1;
const v2 = versionOf(travel, { version: 2, name: 'Travel helper', tools: [], created_at: '2025-06-02T10:00:00.000Z' });

beforeEach(() => {
  resetAgentsState([travel]);
  backend.versions[travel.id] = [v1WithoutTemperature, v2, versionOf(travel)];
});

const fieldHeadings = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('agent versions', () => {
  it('lists the versions newest first and shows what the current one changed against the one before, field by field', async () => {
    await renderAgents(`/agents/${travel.id}/versions`);
    const list = await screen.findByRole('list', { name: 'Versions, newest first' });
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual([
      expect.stringMatching(/^Version 3current/),
      expect.stringMatching(/^Version 2\d/),
      expect.stringMatching(/^Version 1\d/),
    ]);
    expect(within(list).getByRole('button', { name: /^Version 3/ })).toHaveAttribute('aria-current', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Changes in version 3 against version 2' })).toBeInTheDocument();
    await waitFor(() => expect(fieldHeadings()).toEqual(['Name', 'Tools']));
    const name = screen.getByLabelText('Name: changes in version 3');
    expect(side(name, 'before')).toBe('Travel helper');
    expect(side(name, 'after')).toBe('Trip planner');
    expect(screen.getByLabelText('Tools: changes in version 3').querySelector('ins')).toHaveTextContent('Search documents');
    // The current version is not restored onto itself.
    expect(screen.queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Versions' })).toHaveAttribute('aria-current', 'page');
  });

  it('compares an earlier version with the one before it, and shows the first one whole', async () => {
    const user = userEvent.setup();
    await renderAgents(`/agents/${travel.id}/versions`);
    await user.click(await screen.findByRole('button', { name: /^Version 2/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Changes in version 2 against version 1' })).toBeInTheDocument();
    await waitFor(() => expect(fieldHeadings()).toEqual(['Instructions', 'Temperature']));
    expect([...screen.getByLabelText('Instructions: changes in version 2').querySelectorAll('ins')].map((node) => node.textContent)).toEqual(['by train ']);
    const temperature = screen.getByLabelText('Temperature: changes in version 2');
    expect(side(temperature, 'before')).toBe('Model default');
    expect(side(temperature, 'after')).toBe('0.4');

    await user.click(screen.getByRole('button', { name: /^Version 1/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'The first version' })).toBeInTheDocument();
    await waitFor(() => expect(fieldHeadings()).toEqual(['Name', 'Icon', 'Instructions', 'Model', 'Temperature', 'Starter prompts']));
    expect(screen.getByLabelText('Starter prompts: changes in version 1').querySelector('ins')).toHaveTextContent('Book a train');
  });

  it('restores an earlier version as a new version based on the current one', async () => {
    const user = userEvent.setup();
    await renderAgents(`/agents/${travel.id}/versions`);
    await user.click(await screen.findByRole('button', { name: /^Version 2/ }));
    await user.click(await screen.findByRole('button', { name: 'Restore version 2' }));

    await waitFor(() => expect(notificationTexts()).toContain('success: Version 2 restored as version 4.'));
    const put = backend.requests.find((request) => request.method === 'PUT')!;
    const { version: _version, created_at: _createdAt, ...fields } = v2;
    expect(put.body).toEqual({ ...fields, base_version: 3 });
    const list = screen.getByRole('list', { name: 'Versions, newest first' });
    await waitFor(() => expect(within(list).getByRole('button', { name: /^Version 4/ })).toHaveAttribute('aria-current', 'true'));
    expect(within(list).getByRole('button', { name: /^Version 4/ })).toHaveTextContent('current');
    // Version 4 undoes what version 3 changed.
    expect(await screen.findByRole('heading', { level: 2, name: 'Changes in version 4 against version 3' })).toBeInTheDocument();
    await waitFor(() => expect(fieldHeadings()).toEqual(['Name', 'Tools']));
    expect(side(screen.getByLabelText('Name: changes in version 4'), 'after')).toBe('Travel helper');
    expect(screen.getByText('Version 2 restored as version 4.')).toHaveAttribute('role', 'status');
  });

  it('says so when the agent was saved elsewhere meanwhile, and shows the versions anew', async () => {
    const user = userEvent.setup();
    await renderAgents(`/agents/${travel.id}/versions`);
    await user.click(await screen.findByRole('button', { name: /^Version 1/ }));
    const newer = { ...travel, name: 'Rail desk', version: 4, updated_at: '2025-06-04T10:00:00.000Z' };
    backend.agents = [newer];
    backend.versions[travel.id] = [...backend.versions[travel.id]!, versionOf(newer)];
    await user.click(await screen.findByRole('button', { name: 'Restore version 1' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The agent was saved elsewhere meanwhile (now version 4).');
    const list = screen.getByRole('list', { name: 'Versions, newest first' });
    expect(await within(list).findByRole('button', { name: /^Version 4/ })).toHaveTextContent('current');
    expect(backend.requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it('shows a company agent’s versions to read, without restoring', async () => {
    const user = userEvent.setup();
    const company = agent({ name: 'Contract checker', visibility: 'company', editable: false, version: 2 });
    resetAgentsState([company]);
    backend.versions[company.id] = [versionOf(company, { version: 1, instructions: 'Check.' }), versionOf(company)];
    await renderAgents(`/agents/${company.id}/versions`);
    await user.click(await screen.findByRole('button', { name: /^Version 1/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'The first version' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
  });

  it('is reached from the agent’s form by its tab, and speaks German', async () => {
    const user = userEvent.setup();
    await renderAgents(`/agents/${travel.id}`, 'de');
    await screen.findByRole('textbox', { name: /^Name/ });
    const tabs = screen.getByRole('navigation', { name: 'Seiten dieses Agenten' });
    expect(within(tabs).getByRole('link', { name: 'Einstellungen' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(tabs).getByRole('link', { name: 'Versionen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Versionen von Trip planner' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Änderungen in Version 3 gegenüber Version 2' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Version 2/ }));
    expect(await screen.findByRole('button', { name: 'Version 2 wiederherstellen' })).toBeInTheDocument();
    await waitFor(() => expect(fieldHeadings()).toEqual(['Anweisungen', 'Temperatur']));
    expect(side(screen.getByLabelText('Temperatur: Änderungen in Version 2'), 'after')).toBe('0,4');
  });
});
