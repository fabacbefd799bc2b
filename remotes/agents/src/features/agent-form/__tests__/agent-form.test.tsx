import { useGatingStore } from '@assistant/platform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { agent, apiError, backend, collection, handlers, notificationTexts, renderAgents, resetAgentsState, side } from '../../../__tests__/agents-kit';

const server = setupServer(...handlers());
// Whole forms typed key by key: give a busy machine (parallel test runs) time.
jest.setTimeout(30_000);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const travel = agent({
  name: 'Travel helper',
  description: 'Plans trips',
  instructions: 'Plan trips for {{user_name}}.',
  starter_prompts: ['Book a train', 'Find a hotel'],
  version: 3,
});
const handbook = collection({ name: 'Handbook', scope: 'company' });
const notes = collection({ name: 'My notes' });

beforeEach(() => {
  resetAgentsState([travel]);
  backend.collections = [handbook, notes];
  useGatingStore.setState({ featureSet: 'BETA' });
});

const field = (name: RegExp | string) => screen.getByRole('textbox', { name });

describe('agent form', () => {
  it('checks every field with the contract and shows each message at its field, focusing the first', async () => {
    const user = userEvent.setup();
    await renderAgents('/agents/new');
    await screen.findByRole('form', { name: 'New agent' });
    // user-event types `{{` as one `{`.
    await user.type(field(/^Instructions/), 'Today is {{{{today}}.');
    await user.click(screen.getByRole('button', { name: 'Add starter prompt' }));
    await user.type(field('Starter prompt 1'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Add starter prompt' }));
    await user.type(field('Starter prompt 2'), 'hello');
    await user.click(screen.getByRole('button', { name: 'Add starter prompt' }));
    await user.type(field('Temperature'), '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(field(/^Name/)).toHaveFocus());
    expect(field(/^Name/)).toHaveAccessibleDescription('Please fill in this field.');
    expect(field(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Instructions/)).toHaveAccessibleDescription(/Unknown variable \{\{today\}\}\. Allowed are \{\{date\}\}, \{\{user_name\}\}\./);
    expect(field('Temperature')).toHaveAccessibleDescription(/At most 2\./);
    expect(field('Starter prompt 2')).toHaveAccessibleDescription('This repeats an earlier entry.');
    expect(field('Starter prompt 3')).toHaveAccessibleDescription('Please fill in this field.');
    expect(field('Starter prompt 1')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('5 fields need your attention.')).toHaveAttribute('role', 'status');
    expect(backend.requests.filter((r) => r.method === 'POST')).toEqual([]);

    // Fixing the name moves the focus to the next invalid field on the next try.
    await user.type(field(/^Name/), 'Planner');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field(/^Instructions/)).toHaveFocus());
    expect(field(/^Name/)).not.toHaveAttribute('aria-invalid');
  });

  it('creates an agent with every field (POST) and then edits it at /agents/{id}', async () => {
    const user = userEvent.setup();
    backend.servers = [{ id: '9e8d7c6b-5a49-4382-9170-615243342516', name: 'Ticket system' }];
    await renderAgents('/agents/new');
    await screen.findByRole('form', { name: 'New agent' });
    await user.type(field(/^Name/), '  Planner ');
    await user.type(field(/^Description/), 'Plans things');
    await user.click(screen.getByRole('radio', { name: 'Calendar' }));
    await user.type(field(/^Instructions/), 'Plan for {{{{user_name}} on {{{{date}}.');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Model' }), await screen.findByRole('option', { name: 'Big model' }));
    await user.type(field('Temperature'), '0,4');
    await user.click(screen.getByRole('button', { name: 'Add starter prompt' }));
    expect(field('Starter prompt 1')).toHaveFocus();
    await user.keyboard('First');
    await user.click(screen.getByRole('button', { name: 'Add starter prompt' }));
    await user.keyboard('Second');
    await user.click(screen.getByRole('button', { name: 'Move starter prompt 2 up' }));
    expect(field('Starter prompt 1')).toHaveValue('Second');
    // The moved prompt is first now: its "up" is gone, its "down" has the focus.
    expect(screen.getByRole('button', { name: 'Move starter prompt 1 down' })).toHaveFocus();
    expect(screen.getByText('Starter prompt moved to position 1.')).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Handbook (company)' }));
    await user.click(screen.getByRole('checkbox', { name: 'My notes' }));
    await user.click(screen.getByRole('checkbox', { name: /^Search documents/ }));
    await user.click(await screen.findByRole('checkbox', { name: 'Ticket system' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit agent' })).toBeInTheDocument();
    const posted = backend.requests.find((r) => r.method === 'POST' && r.path === '/api/agents')?.body;
    expect(posted).toEqual({
      name: 'Planner',
      description: 'Plans things',
      instructions: 'Plan for {{user_name}} on {{date}}.',
      model_id: 'big-model',
      temperature: 0.4,
      starter_prompts: ['Second', 'First'],
      collection_ids: [handbook.id, notes.id],
      tools: ['search_documents'],
      server_ids: ['9e8d7c6b-5a49-4382-9170-615243342516'],
      icon: 'calendar',
    });
    expect(notificationTexts()).toContain('success: Agent “Planner” created.');
    expect(field(/^Name/)).toHaveValue('Planner');
    expect(screen.getByRole('link', { name: 'Chat with this agent' })).toHaveAttribute('href', `/chat?agent=${backend.agents.at(-1)!.id}`);
  });

  it('saves a change with the version it was based on (PUT base_version)', async () => {
    const user = userEvent.setup();
    await renderAgents(`/agents/${travel.id}`);
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Travel helper');
    expect(field('Starter prompt 2')).toHaveValue('Find a hotel');
    await user.click(screen.getByRole('button', { name: 'Remove starter prompt 1' }));
    expect(field('Starter prompt 1')).toHaveValue('Find a hotel');
    expect(field('Starter prompt 1')).toHaveFocus();
    await user.clear(field(/^Name/));
    await user.type(field(/^Name/), 'Trip planner');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notificationTexts()).toContain('success: Agent “Trip planner” saved.'));
    const put = backend.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe(`/api/agents/${travel.id}`);
    expect(put.body).toMatchObject({ name: 'Trip planner', starter_prompts: ['Find a hotel'], base_version: 3 });

    // The next save is based on the version the server answered.
    await user.type(field(/^Description/), ' abroad');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(backend.requests.filter((r) => r.method === 'PUT')[1]!.body).toMatchObject({ description: 'Plans trips abroad', base_version: 4 });
  });

  it('on a 409 shows how the newer version differs, keeps what was typed, and takes the newer one only when asked', async () => {
    const user = userEvent.setup();
    await renderAgents(`/agents/${travel.id}`);
    await screen.findByRole('textbox', { name: /^Name/ });
    // Someone else saves version 4 meanwhile.
    backend.agents = [{ ...travel, name: 'Travel desk', instructions: 'Plan trips by train for {{user_name}}.', version: 4 }];
    await user.clear(field(/^Name/));
    await user.type(field(/^Name/), 'My travel helper');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const notice = await screen.findByRole('region', { name: 'A newer version exists' });
    expect(notice).toHaveFocus();
    expect(within(notice).getByText(/Someone saved version 4/)).toBeInTheDocument();
    expect(field(/^Name/)).toHaveValue('My travel helper');
    // The newer values, field by field against the form: only the fields that differ.
    const name = within(notice).getByLabelText('Name: your form against version 4');
    expect(side(name, 'before')).toBe('My travel helper');
    expect(side(name, 'after')).toBe('Travel desk');
    const instructions = within(notice).getByLabelText('Instructions: your form against version 4');
    expect([...instructions.querySelectorAll('ins')].map((node) => node.textContent)).toEqual(['by train ']);
    expect(within(notice).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Name', 'Instructions']);

    await user.click(within(notice).getByRole('button', { name: 'Take version 4' }));
    expect(field(/^Name/)).toHaveValue('Travel desk');
    expect(field(/^Instructions/)).toHaveValue('Plan trips by train for {{user_name}}.');
    expect(screen.queryByRole('region', { name: 'A newer version exists' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.requests.filter((r) => r.method === 'PUT').at(-1)?.body).toMatchObject({ name: 'Travel desk', base_version: 4 }));
    await waitFor(() => expect(notificationTexts()).toContain('success: Agent “Travel desk” saved.'));
  });

  it('on a 409 shows the newer version the server sent with it, without asking again', async () => {
    const user = userEvent.setup();
    const gets: string[] = [];
    const newer = { ...travel, name: 'Travel desk', version: 4, updated_at: '2025-06-03T08:00:00.000Z' };
    await renderAgents(`/agents/${travel.id}`);
    await screen.findByRole('textbox', { name: /^Name/ });
    server.use(
      http.put('*/api/agents/:id', () => apiError(409, 'The agent has a newer version', { code: 'conflict', current: newer })),
      http.get('*/api/agents/:id', ({ request }) => {
        gets.push(request.url);
      }),
    );
    await user.type(field(/^Name/), '!');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByRole('region', { name: 'A newer version exists' });
    expect(within(notice).getByText(/Someone saved version 4/)).toBeInTheDocument();
    expect(within(notice).getByRole('button', { name: 'Take version 4' })).toBeInTheDocument();
    expect(gets).toEqual([]);
  });

  it('on a 409 can keep the typed changes and save them over the current version', async () => {
    const user = userEvent.setup();
    await renderAgents(`/agents/${travel.id}`);
    await screen.findByRole('textbox', { name: /^Name/ });
    backend.agents = [{ ...travel, name: 'Travel desk', version: 7 }];
    await user.clear(field(/^Name/));
    await user.type(field(/^Name/), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByRole('region', { name: 'A newer version exists' });
    await user.click(within(notice).getByRole('button', { name: 'Keep my changes' }));
    expect(field(/^Name/)).toHaveValue('Mine');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.requests.filter((r) => r.method === 'PUT').at(-1)?.body).toMatchObject({ name: 'Mine', base_version: 7 }));
    await waitFor(() => expect(notificationTexts()).toContain('success: Agent “Mine” saved.'));
  });

  it('shows the server’s field messages of a 400 at their fields', async () => {
    const user = userEvent.setup();
    server.use(
      (await import('msw')).http.post('*/api/agents', () =>
        apiError(400, 'Invalid body', { code: 'validation_failed', issues: [{ path: ['body', 'collection_ids', 0], message: 'You may not read this collection' }] }),
      ),
    );
    await renderAgents('/agents/new');
    await screen.findByRole('form', { name: 'New agent' });
    await user.type(field(/^Name/), 'X');
    await user.type(field(/^Instructions/), 'Y');
    await user.click(await screen.findByRole('checkbox', { name: 'My notes' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const group = await screen.findByRole('group', { name: 'Knowledge' });
    await waitFor(() => expect(group).toHaveAccessibleDescription(/You may not read this collection/));
    await waitFor(() => expect(within(group).getAllByRole('checkbox')[0]).toHaveFocus());
  });

  it('lets the assistant fill the form from a description; nothing is saved until Save', async () => {
    const user = userEvent.setup();
    backend.draft = {
      name: 'Expense checker',
      description: 'Checks expense reports',
      instructions: 'Check the expense report of {{user_name}} against the handbook.',
      starter_prompts: ['Check my report', 'What is the hotel limit?'],
      icon: 'briefcase',
      temperature: 0.2,
      needs_knowledge: true,
      suggested_collection_ids: [handbook.id],
      needs_tools: true,
      suggested_tools: ['search_documents'],
      suggested_server_ids: [],
    };
    await renderAgents('/agents/new');
    await screen.findByRole('form', { name: 'New agent' });
    await user.type(screen.getByRole('textbox', { name: 'What should the agent do?' }), 'Checks expense reports against our handbook');
    await user.click(screen.getByRole('button', { name: 'Fill the form' }));

    await waitFor(() => expect(field(/^Name/)).toHaveValue('Expense checker'));
    expect(field(/^Instructions/)).toHaveValue('Check the expense report of {{user_name}} against the handbook.');
    expect(field('Starter prompt 2')).toHaveValue('What is the hotel limit?');
    expect(field('Temperature')).toHaveValue('0.2');
    expect(screen.getByRole('radio', { name: 'Briefcase' })).toBeChecked();
    expect(await screen.findByRole('checkbox', { name: 'Handbook (company)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Search documents/ })).toBeChecked();
    expect(await screen.findByText("The form is filled with the assistant's proposal. Review it, then save.")).toBeInTheDocument();
    expect(backend.requests.find((r) => r.path === '/api/skills/generate-agent')?.body).toEqual({
      description: 'Checks expense reports against our handbook',
      language: 'en',
    });
    expect(backend.requests.filter((r) => r.path === '/api/agents')).toEqual([]);
  });

  it('says clearly why the assistant could not fill the form, at the description', async () => {
    const user = userEvent.setup();
    await renderAgents('/agents/new');
    await screen.findByRole('form', { name: 'New agent' });
    const describe = screen.getByRole('textbox', { name: 'What should the agent do?' });
    await user.click(screen.getByRole('button', { name: 'Fill the form' }));
    expect(describe).toHaveAccessibleDescription(/Please fill in this field\./);
    expect(backend.requests).toEqual([]);

    await user.type(describe, 'Something');
    await user.click(screen.getByRole('button', { name: 'Fill the form' }));
    await waitFor(() => expect(describe).toHaveAccessibleDescription(/No language model is available to make a proposal\./));
    backend.draft = apiError(502, 'no usable form', { code: 'upstream_failed' });
    await user.click(screen.getByRole('button', { name: 'Fill the form' }));
    await waitFor(() => expect(describe).toHaveAccessibleDescription(/could not be used as a form/));
    expect(field(/^Name/)).toHaveValue('');
  });

  it('shows a company agent the user may not change to read, without a form', async () => {
    const company = agent({ name: 'Contract checker', visibility: 'company', editable: false, instructions: 'Check contracts.', starter_prompts: ['Check this'] });
    resetAgentsState([company]);
    await renderAgents(`/agents/${company.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Contract checker' })).toBeInTheDocument();
    expect(screen.getByText(/This is a company agent\. Only administrators can change it/)).toBeInTheDocument();
    expect(screen.getByText('Check contracts.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Chat with this agent' })).toHaveAttribute('href', `/chat?agent=${company.id}`);
  });

  it('offers MCP tool servers only where the feature set has MCP tools (BETA)', async () => {
    backend.servers = [{ id: '9e8d7c6b-5a49-4382-9170-615243342516', name: 'Ticket system' }];
    useGatingStore.setState({ featureSet: '251000' });
    await renderAgents('/agents/new');
    await screen.findByRole('group', { name: 'Tools' });
    expect(screen.getByRole('checkbox', { name: /^Web search/ })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: /Tool servers/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Ticket system' })).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes, and stays or leaves as the user says', async () => {
    const user = userEvent.setup();
    await renderAgents(`/agents/${travel.id}`);
    await screen.findByRole('textbox', { name: /^Name/ });
    await user.type(field(/^Description/), ' abroad');
    await user.click(screen.getByRole('link', { name: 'Back to agents' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveAccessibleDescription(/Your changes to this agent have not been saved/);
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep editing' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(field(/^Description/)).toHaveValue('Plans trips abroad');

    // The form's own Cancel asks too; leaving drops the changes.
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const again = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(again).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Agents' })).toBeInTheDocument();
    expect(backend.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('lets the browser ask before the tab closes while changes are unsaved, and leaves without a question once saved', async () => {
    const user = userEvent.setup();
    const closing = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    await renderAgents(`/agents/${travel.id}`);
    await screen.findByRole('textbox', { name: /^Name/ });
    expect(closing()).toBe(false);
    await user.type(field(/^Name/), ' 2');
    expect(closing()).toBe(true);
    // Typing it back as it was is nothing unsaved.
    await user.type(field(/^Name/), '{Backspace}{Backspace}');
    expect(closing()).toBe(false);
    await user.type(field(/^Name/), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notificationTexts()).toContain('success: Agent “Travel helper 2” saved.'));
    expect(closing()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Back to agents' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Agents' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('speaks German in the form', async () => {
    const user = userEvent.setup();
    await renderAgents('/agents/new', 'de');
    await screen.findByRole('form', { name: 'Neuer Agent' });
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(field(/^Name/)).toHaveAccessibleDescription('Bitte füllen Sie dieses Feld aus.'));
    expect(screen.getByRole('button', { name: 'Einstiegsfrage hinzufügen' })).toBeInTheDocument();
    await user.type(field(/^Name/), 'Planer');
    await user.click(screen.getByRole('link', { name: 'Abbrechen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Ohne Speichern verlassen?' });
    expect(within(dialog).getByRole('button', { name: 'Weiter bearbeiten' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Ohne Speichern verlassen' })).toBeInTheDocument();
  });
});
