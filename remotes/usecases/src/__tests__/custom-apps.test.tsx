import type { CustomApp } from '@assistant/contracts';
import { customAppsQuery } from '@assistant/endpoints';
import { ServerStateProvider, useQuery } from '@assistant/platform';
import { configure, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { APP_ID, apiError, notifications, customApp, handlers, renderAt, resetUseCases, streamOf, violations } from './usecases-kit';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5000 });

const requests: Array<{ method: string; path: string; body: unknown }> = [];
let stored: CustomApp;
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

function appHandlers() {
  const record = async (request: Request) => {
    const text = await request.text();
    requests.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
  };
  return [
    http.get('*/api/custom-apps', () => HttpResponse.json({ apps: [stored, customApp({ id: 'c3e2a1b0-9f8e-4d7c-8b6a-5f4e3d2c1b0a', name: 'Company letter', visibility: 'company', can_edit: false })] })),
    http.get(`*/api/custom-apps/${APP_ID}`, () => HttpResponse.json(stored)),
    http.post('*/api/custom-apps', async ({ request }) => {
      await record(request);
      const body = requests.at(-1)!.body as Partial<CustomApp>;
      stored = customApp({ ...body, version: 1 } as Partial<CustomApp>);
      return HttpResponse.json(stored, { status: 201 });
    }),
    http.put(`*/api/custom-apps/${APP_ID}`, async ({ request }) => {
      await record(request);
      const body = requests.at(-1)!.body as Partial<CustomApp>;
      if (body.version !== stored.version) return HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'stale', code: 'conflict', current: stored }, { status: 409 });
      stored = { ...stored, ...body, version: stored.version + 1 };
      return HttpResponse.json(stored);
    }),
    http.delete(`*/api/custom-apps/${APP_ID}`, async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`*/api/custom-apps/${APP_ID}/publish`, async ({ request }) => {
      await record(request);
      stored = { ...stored, visibility: 'company', version: stored.version + 1 };
      return HttpResponse.json(stored);
    }),
    http.post(`*/api/custom-apps/${APP_ID}/run`, async ({ request }) => {
      await record(request);
      return streamOf('Dear all, ', 'welcome.');
    }),
  ];
}

beforeEach(async () => {
  await resetUseCases();
  requests.length = 0;
  stored = customApp();
  server.resetHandlers(...handlers(), ...appHandlers());
});

const output = () => document.querySelector('.usecases__output')?.textContent;

describe('create-your-own', () => {
  it('lists my apps and the company’s, each opening its run page, mine with an edit link', async () => {
    await renderAt('/create-your-own');
    const mine = await screen.findByRole('region', { name: 'My apps' });
    expect(await within(mine).findByRole('link', { name: 'Meeting invitation' })).toHaveAttribute('href', `/usecases/${APP_ID}`);
    expect(within(mine).getByRole('link', { name: 'Edit Meeting invitation' })).toHaveAttribute('href', `/create-your-own/${APP_ID}/edit`);
    const company = screen.getByRole('region', { name: 'Company apps' });
    expect(within(company).getByRole('link', { name: 'Company letter' })).toBeInTheDocument();
    expect(within(company).queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New app' })).toHaveAttribute('href', '/create-your-own/new');
    expect(await violations()).toEqual([]);
  });

  it('offers no new app when create_your_own_enabled is off', async () => {
    await resetUseCases({ createYourOwn: false });
    await renderAt('/create-your-own');
    expect(await screen.findByRole('link', { name: 'Meeting invitation' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New app' })).not.toBeInTheDocument();
  });

  it('builds an app: the contract’s checks per field, variables from the template, a live preview, then saves it', async () => {
    await renderAt('/create-your-own', '/create-your-own/new');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please correct 2 entries.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Please fill this in.');
    expect(requests).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Invitation');
    await user.type(screen.getByRole('textbox', { name: 'Prompt template' }), 'Invite to {{{{topic}} on {{{{day}}');
    expect(screen.getByRole('textbox', { name: 'Prompt template' })).toHaveAccessibleDescription(expect.stringContaining('no variable "topic" is declared'));
    await user.click(screen.getByRole('button', { name: 'Add from template: topic, day' }));
    expect(screen.getByRole('textbox', { name: 'Name of variable 1' })).toHaveValue('topic');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of variable 2' }), 'choice');
    await user.type(screen.getByRole('textbox', { name: 'Options of variable 2' }), 'Monday');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: 'Options of variable 2' })).toHaveAccessibleDescription(expect.stringContaining('Offer at least 2 options.'));
    await user.type(screen.getByRole('textbox', { name: 'Options of variable 2' }), '\nFriday');

    // The preview: the app's form and the filled template.
    const preview = screen.getByRole('region', { name: 'Preview' });
    await user.type(within(preview).getByRole('textbox', { name: 'topic' }), 'the launch');
    await user.selectOptions(within(preview).getByRole('combobox', { name: 'day' }), 'Friday');
    expect(screen.getByLabelText('Filled-in template')).toHaveTextContent('Invite to the launch on Friday');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toEqual({
      method: 'POST',
      path: '/api/custom-apps',
      body: {
        name: 'Invitation',
        icon: 'sparkles',
        description: '',
        template: 'Invite to {{topic}} on {{day}}',
        variables: [
          { name: 'topic', label: 'topic', required: true, kind: 'short_text' },
          { name: 'day', label: 'day', required: true, kind: 'choice', options: ['Monday', 'Friday'] },
        ],
      },
    });
    await waitFor(() => expect(notifications()).toEqual([expect.objectContaining({ variant: 'success', message: { key: 'editor.saved', ns: 'usecases', values: { name: 'Invitation' } } })]));
  });

  it('saves with the version it is based on; after a 409 loads the current version or saves over it', async () => {
    await renderAt('/create-your-own', `/create-your-own/${APP_ID}/edit`);
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    stored = { ...stored, name: 'Changed elsewhere', version: 2 };
    await user.clear(name);
    await user.type(name, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone changed this app meanwhile.')).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ method: 'PUT', body: { name: 'Mine', version: 1 } });
    await user.click(screen.getByRole('button', { name: 'Save my version anyway' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]).toMatchObject({ method: 'PUT', body: { name: 'Mine', version: 2 } });
    await waitFor(() => expect(notifications().at(-1)).toMatchObject({ message: { key: 'editor.saved', values: { name: 'Mine' } } }));
    expect(screen.queryByText('Someone changed this app meanwhile.')).not.toBeInTheDocument();
  });

  it('a saved app reaches the list the shell’s apps page reads, without a reload', async () => {
    // The apps page (host/src/pages/apps/apps-page.tsx) reads `customAppsQuery()`, the same query.
    const appsPage = renderHook(() => useQuery(customAppsQuery()), { wrapper: ServerStateProvider });
    await waitFor(() => expect(appsPage.result.current.data?.map((app) => app.name)).toEqual(['Meeting invitation', 'Company letter']));
    await renderAt('/create-your-own', `/create-your-own/${APP_ID}/edit`);
    const user = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Team invitation');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(appsPage.result.current.data?.map((app) => app.name)).toEqual(['Team invitation', 'Company letter']));
  });

  it('deletes after confirmation', async () => {
    await renderAt('/create-your-own', `/create-your-own/${APP_ID}/edit`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete app' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete app?' });
    expect(requests).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requests).toEqual([{ method: 'DELETE', path: `/api/custom-apps/${APP_ID}`, body: undefined }]));
    await waitFor(() => expect(notifications().at(-1)).toMatchObject({ message: { key: 'editor.deleted', values: { name: 'Meeting invitation' } } }));
  });

  it('lets an administrator publish an app for the company; others see no such button', async () => {
    server.use(...handlers({ permissions: ['AdministrateAssistant'] }));
    await renderAt('/create-your-own', `/create-your-own/${APP_ID}/edit`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Publish for the company' }));
    expect(await screen.findByText('The app is published for the company.')).toBeInTheDocument();
    expect(requests.at(-1)).toMatchObject({ method: 'POST', path: `/api/custom-apps/${APP_ID}/publish` });
    expect(screen.getByRole('button', { name: 'Unpublish' })).toBeInTheDocument();
  });

  it('has no publish button for others', async () => {
    await renderAt('/create-your-own', `/create-your-own/${APP_ID}/edit`);
    expect(await screen.findByRole('button', { name: 'Delete app' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish for the company' })).not.toBeInTheDocument();
  });
});

describe('running a custom app', () => {
  it('checks the form with the contract (messages at the fields), then streams the answer', async () => {
    await renderAt('/usecases', `/usecases/${APP_ID}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Meeting invitation' })).toBeInTheDocument();
    await user.type(screen.getByRole('spinbutton', { name: 'People (optional)' }), '50');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    const topic = screen.getByRole('textbox', { name: 'Topic' });
    expect(topic).toHaveAccessibleDescription('Please fill this in.');
    expect(topic).toHaveFocus();
    expect(screen.getByRole('spinbutton', { name: 'People (optional)' })).toHaveAccessibleDescription('Must not be above 20.');
    expect(screen.getByRole('combobox', { name: 'Tone' })).toHaveAccessibleDescription('Please fill this in.');
    expect(requests).toEqual([]);
    expect(await violations()).toEqual([]);

    await user.type(topic, 'Kick-off');
    await user.type(screen.getByLabelText('Day'), '2026-12-01');
    await user.clear(screen.getByRole('spinbutton', { name: 'People (optional)' }));
    await user.type(screen.getByRole('spinbutton', { name: 'People (optional)' }), '8');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tone' }), 'formal');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(output()).toBe('Dear all, welcome.'));
    expect(requests).toEqual([{ method: 'POST', path: `/api/custom-apps/${APP_ID}/run`, body: { values: { topic: 'Kick-off', day: '2026-12-01', people: 8, tone: 'formal' } } }]);
    expect(await screen.findByText('The text is complete.')).toBeInTheDocument();
  });

  it('shows the server’s 400 at the named field', async () => {
    server.use(
      http.post(`*/api/custom-apps/${APP_ID}/run`, () =>
        apiError(400, 'bad values', { code: 'validation_failed', issues: [{ path: ['body', 'values', 'topic'], message: 'Must be one line' }] }),
      ),
    );
    await renderAt('/usecases', `/usecases/${APP_ID}`);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Topic' }), 'Kick-off');
    await user.type(screen.getByLabelText('Day'), '2026-12-01');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tone' }), 'formal');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Topic' })).toHaveAccessibleDescription('Please write one line only.'));
  });

  it('says "not found" for another user’s app (404)', async () => {
    server.use(http.get(`*/api/custom-apps/${APP_ID}`, () => apiError(404, 'No such app')));
    await renderAt('/usecases', `/usecases/${APP_ID}`);
    expect(await screen.findByRole('heading', { name: 'App not found' })).toBeInTheDocument();
  });
});
