import type { CustomApp, CustomAppVersion } from '@assistant/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { APP_ID, apiError, customApp, handlers, ME, notifications, renderAt, resetUseCases, violations } from './usecases-kit';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5000 });

const COPY_ID = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
const requests: Array<{ method: string; path: string; body: unknown }> = [];
let stored: CustomApp;
let versions: CustomAppVersion[];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const definitionOf = ({ name, icon, description, template, variables }: CustomApp) => ({ name, icon, description, template, variables });

/** Three versions: created, saved (the template and one variable changed), published. */
function history(app: CustomApp): CustomAppVersion[] {
  const first = { ...definitionOf(app), template: 'Write an invitation about {{topic}} for {{day}} with {{people}} people in a {{tone}} tone.' };
  const second = { ...first, template: 'Write a short invitation about {{topic}} for {{day}} with {{people}} guests in a {{tone}} tone.' };
  return [
    { version: 3, change: 'published', name: app.name, created_at: '2026-11-03T10:00:00.000Z', author: ME, definition: second },
    { version: 2, change: 'saved', name: app.name, created_at: '2026-11-02T10:00:00.000Z', author: ME, definition: second },
    { version: 1, change: 'created', name: app.name, created_at: '2026-11-01T10:00:00.000Z', author: ME, definition: { ...first, description: '' } },
  ];
}

async function record(request: Request) {
  const text = await request.text();
  requests.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
  return requests.at(-1)!.body as Record<string, unknown>;
}

function appHandlers() {
  return [
    http.get('*/api/custom-apps', () => HttpResponse.json({ apps: [stored, customApp({ id: 'c3e2a1b0-9f8e-4d7c-8b6a-5f4e3d2c1b0a', name: 'Company letter', visibility: 'company', can_edit: false })] })),
    http.get(`*/api/custom-apps/${APP_ID}`, () => HttpResponse.json(stored)),
    http.get(`*/api/custom-apps/${APP_ID}/versions`, () => HttpResponse.json({ versions: versions.map(({ definition: _definition, ...summary }) => summary) })),
    http.get(`*/api/custom-apps/${APP_ID}/versions/:version`, ({ params }) => {
      const found = versions.find((entry) => entry.version === Number(params.version));
      return found ? HttpResponse.json(found) : apiError(404, 'No such version of this app');
    }),
    http.post(`*/api/custom-apps/${APP_ID}/versions/:version/restore`, async ({ request, params }) => {
      const body = await record(request);
      if (body.base_version !== stored.version) return HttpResponse.json({ statusCode: 409, error: 'Conflict', message: 'stale', code: 'conflict', current: stored }, { status: 409 });
      const from = versions.find((entry) => entry.version === Number(params.version))!;
      stored = { ...stored, ...from.definition, version: stored.version + 1 };
      versions = [{ version: stored.version, change: 'restored', restored_from: from.version, name: stored.name, created_at: '2026-11-04T10:00:00.000Z', author: ME, definition: from.definition }, ...versions];
      return HttpResponse.json(stored);
    }),
    http.post(`*/api/custom-apps/${APP_ID}/duplicate`, async ({ request }) => {
      const body = await record(request);
      return HttpResponse.json(customApp({ id: COPY_ID, name: `${stored.name} ${body.language === 'de' ? '(Kopie)' : '(copy)'}` }), { status: 201 });
    }),
    http.get(`*/api/custom-apps/${APP_ID}/export`, () =>
      HttpResponse.json({ format: 'assistant-custom-app', format_version: 1, exported_at: '2026-11-05T10:00:00.000Z', app: definitionOf(stored) }),
    ),
    http.post('*/api/custom-apps/import', async ({ request }) => {
      const body = await record(request);
      return HttpResponse.json(customApp({ id: COPY_ID, ...(body.app as Partial<CustomApp>) }), { status: 201 });
    }),
  ];
}

beforeEach(async () => {
  await resetUseCases();
  requests.length = 0;
  stored = customApp({ version: 3 });
  versions = history(stored);
  server.resetHandlers(...handlers(), ...appHandlers());
});

const exportFile = (app: Record<string, unknown> = definitionOf(customApp()), head: Record<string, unknown> = {}) =>
  new File([JSON.stringify({ format: 'assistant-custom-app', format_version: 1, exported_at: '2026-11-05T10:00:00.000Z', app, ...head })], 'invitation.app.json', {
    type: 'application/json',
  });

describe('versions of a custom app', () => {
  it('lists the versions newest first and compares the chosen one with the one before, word by word', async () => {
    await renderAt('/create-your-own', `/create-your-own/${APP_ID}/versions`);
    const list = await screen.findByRole('list', { name: 'Versions, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Version 3CurrentPublished for the company/),
      expect.stringMatching(/^Version 2Saved/),
      expect.stringMatching(/^Version 1Created/),
    ]);
    // The newest first: published, its content unchanged.
    expect(await screen.findByText('The content did not change in this version.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show the changes of version 2' }));
    expect(await screen.findByRole('heading', { name: 'Changes in version 2 compared with version 1' })).toBeInTheDocument();
    const template = screen.getByLabelText('Prompt template: changes in version 2');
    const words = (selector: string) => [...template.querySelectorAll(selector)].map((node) => node.textContent!.trim()).filter(Boolean);
    expect(words('ins')).toEqual(['a', 'short', 'guests']);
    expect(words('del')).toEqual(['an', 'people']);
    const description = screen.getByLabelText('Description: changes in version 2');
    expect(description.querySelector('ins')?.textContent).toBe('Writes an invitation');
    // Unchanged parts are left out.
    expect(screen.queryByLabelText(/^Name: changes/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show the changes of version 2' })).toHaveAttribute('aria-pressed', 'true');
    expect(await violations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Show the changes of version 1' }));
    expect(await screen.findByRole('heading', { name: 'Version 1: the app as it was created' })).toBeInTheDocument();
    expect(screen.getByLabelText('Variables: changes in version 1').textContent).toContain('{{topic}} Topic: Short text, required, at most 50 characters');
  });

  it('restores an earlier version as a new one after confirmation, based on the current version', async () => {
    await renderAt('/create-your-own', `/create-your-own/${APP_ID}/versions`);
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'Restore version 3' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Restore version 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore version 1?' });
    expect(dialog).toHaveTextContent('as the new version 4');
    expect(requests).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(requests).toEqual([{ method: 'POST', path: `/api/custom-apps/${APP_ID}/versions/1/restore`, body: { base_version: 3 } }]));
    await waitFor(() => expect(notifications().at(-1)).toMatchObject({ message: { key: 'versions.restored', values: { version: 1, current: 4 } } }));
    const list = screen.getByRole('list', { name: 'Versions, newest first' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/^Version 4CurrentRestored from version 1/));
  });

  it('says so when the app changed meanwhile, and shows the newest versions', async () => {
    await renderAt('/create-your-own', `/create-your-own/${APP_ID}/versions`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Restore version 2' }));
    stored = { ...stored, version: 4 };
    versions = [{ ...versions[0]!, version: 4, change: 'saved' }, ...versions];
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Someone changed this app meanwhile. The list now shows the newest versions; nothing was restored.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Version 4').length).toBeGreaterThan(0));
  });

  it('shows another user’s app as not found and a company app as read-only', async () => {
    server.use(http.get(`*/api/custom-apps/${APP_ID}`, () => apiError(404, 'No such app')));
    const { unmount } = await renderAt('/create-your-own', `/create-your-own/${APP_ID}/versions`);
    expect(await screen.findByRole('heading', { name: 'App not found' })).toBeInTheDocument();
    unmount();
    server.use(http.get(`*/api/custom-apps/${APP_ID}`, () => HttpResponse.json({ ...stored, visibility: 'company', can_edit: false })));
    await resetUseCases();
    await renderAt('/create-your-own', `/create-your-own/${APP_ID}/versions`);
    expect(await screen.findByRole('heading', { name: 'You cannot see the versions of this app' })).toBeInTheDocument();
  });

  it('speaks German by default', async () => {
    await renderAt('/create-your-own', `/create-your-own/${APP_ID}/versions`, 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Versionen von „Meeting invitation“' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Version 1 wiederherstellen' })).toBeInTheDocument();
    expect(screen.getByText('Für das Unternehmen veröffentlicht')).toBeInTheDocument();
  });
});

describe('duplicating, exporting and importing custom apps', () => {
  it('duplicates an app as the user’s copy, named in the interface language', async () => {
    await renderAt('/create-your-own', '/create-your-own', 'de');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Meeting invitation duplizieren' }));
    await waitFor(() => expect(requests).toEqual([{ method: 'POST', path: `/api/custom-apps/${APP_ID}/duplicate`, body: { language: 'de' } }]));
    await waitFor(() => expect(notifications().at(-1)).toMatchObject({ message: { key: 'apps.duplicated', values: { name: 'Meeting invitation (Kopie)' } } }));
  });

  it('exports an app as a JSON file named after it', async () => {
    const created: Blob[] = [];
    Object.assign(URL, { createObjectURL: (blob: Blob) => (created.push(blob), 'blob:app'), revokeObjectURL: () => undefined });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderAt('/create-your-own');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export Meeting invitation' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Meeting invitation.app.json');
    expect(JSON.parse(await created[0]!.text())).toEqual({
      format: 'assistant-custom-app',
      format_version: 1,
      exported_at: '2026-11-05T10:00:00.000Z',
      app: definitionOf(stored),
    });
    click.mockRestore();
  });

  it('imports an exported file as a new app', async () => {
    await renderAt('/create-your-own');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Import app'), exportFile());
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/custom-apps/import', body: { format: 'assistant-custom-app', app: definitionOf(customApp()) } });
    await waitFor(() => expect(notifications().at(-1)).toMatchObject({ message: { key: 'apps.imported', values: { name: 'Meeting invitation' } } }));
  });

  it('refuses a bad file with a clear reason before sending anything', async () => {
    await renderAt('/create-your-own');
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Import app');
    const cases: Array<[File, string]> = [
      [new File(['not json'], 'notes.json', { type: 'application/json' }), '“notes.json” cannot be read: it is not a JSON file.'],
      [exportFile(undefined, { format: 'assistant-agent' }), '“invitation.app.json” is not an exported app. Choose a file made with “Export” on this page.'],
      [exportFile(undefined, { format_version: 2 }), '“invitation.app.json” comes from a newer version of the portal (format 2) and cannot be read here.'],
    ];
    for (const [file, message] of cases) {
      await user.upload(input, file);
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await user.upload(input, exportFile({ ...definitionOf(customApp()), name: '', template: 'Only {{topic}}' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The app in “invitation.app.json” is not valid:');
    expect(within(alert).getByText('app.name: Please fill this in.')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Variable "day" is declared but not used in the template');
    expect(alert).toHaveTextContent('Nothing was imported and your apps are unchanged.');
    expect(requests).toEqual([]);
    expect(await violations()).toEqual([]);
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of an import', async () => {
    server.use(http.post('*/api/custom-apps/import', () => apiError(409, 'A user keeps at most 100 apps', { code: 'conflict' })));
    await renderAt('/create-your-own');
    const user = userEvent.setup();
    await user.upload(await screen.findByLabelText('Import app'), exportFile());
    expect(await screen.findByText('A user keeps at most 100 apps')).toBeInTheDocument();
  });

  it('offers no duplicate or import while creating apps is switched off, but still the export', async () => {
    await resetUseCases({ createYourOwn: false });
    await renderAt('/create-your-own');
    expect(await screen.findByRole('button', { name: 'Export Meeting invitation' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Duplicate Meeting invitation' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Import app')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Versions of Meeting invitation' })).toHaveAttribute('href', `/create-your-own/${APP_ID}/versions`);
  });
});
