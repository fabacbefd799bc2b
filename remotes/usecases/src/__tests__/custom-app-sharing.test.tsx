import type { CustomApp, CustomAppVersionSummary, Share } from '@assistant/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { APP_ID, customApp, handlers, ME, renderAt, resetUseCases } from './usecases-kit';

jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5000 });

const MARIA = { sub: 'maria', name: 'Maria Muster' };
const EDDIE = { sub: 'eddie', name: 'Eddie Editor' };
const VIEWED_ID = '7e6d5c4b-3a29-4817-8f6e-5d4c3b2a1908';
const EDITED_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const requests: Array<{ method: string; path: string; body: unknown }> = [];
let apps: CustomApp[];
let shares: Share[];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const versions: CustomAppVersionSummary[] = [
  { version: 2, change: 'saved', name: 'Minutes', created_at: '2026-11-02T10:00:00.000Z', author: EDDIE },
  { version: 1, change: 'created', name: 'Minutes', created_at: '2026-11-01T10:00:00.000Z', author: MARIA },
];

async function record(request: Request) {
  const text = await request.text();
  requests.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
}

function appHandlers() {
  const one = (id: unknown) => apps.find((app) => app.id === id);
  return [
    http.get('*/api/custom-apps', () => HttpResponse.json({ apps })),
    http.get('*/api/custom-apps/:id', ({ params }) => HttpResponse.json(one(params.id))),
    http.put('*/api/custom-apps/:id', async ({ request, params }) => {
      await record(request);
      const saved = { ...one(params.id)!, ...(requests.at(-1)!.body as Partial<CustomApp>), version: 3 };
      return HttpResponse.json(saved);
    }),
    http.get('*/api/custom-apps/:id/versions', () => HttpResponse.json({ versions })),
    http.get('*/api/custom-apps/:id/versions/:version', ({ params }) =>
      HttpResponse.json({ ...versions.find((entry) => entry.version === Number(params.version)), definition: customApp({ id: EDITED_ID, name: 'Minutes' }) }),
    ),
    http.get('*/api/shares/custom_app/:id', () => HttpResponse.json({ shares, can_share_with_company: false })),
    http.put('*/api/shares/custom_app/:id', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ shares, can_share_with_company: false });
    }),
    http.get('*/api/directory/people', () => HttpResponse.json({ people: [] })),
    http.get('*/api/directory/groups', () => HttpResponse.json({ groups: [] })),
  ];
}

beforeEach(async () => {
  await resetUseCases();
  requests.length = 0;
  apps = [
    customApp({ sharing: { access: 'owner', shared_by: null, shared_with: [{ type: 'group', name: 'Finance' }] } }),
    customApp({ id: VIEWED_ID, name: 'Budget letter', can_edit: false, sharing: { access: 'view', shared_by: MARIA, shared_with: [] } }),
    customApp({ id: EDITED_ID, name: 'Minutes', version: 2, sharing: { access: 'edit', shared_by: MARIA, shared_with: [{ type: 'user', name: ME.name }] } }),
  ];
  shares = [{ target: { type: 'group', id: '/finance', name: 'Finance' }, role: 'view', shared_by: ME, created_at: '2026-11-01T10:00:00.000Z', updated_at: '2026-11-01T10:00:00.000Z' }];
  server.resetHandlers(...handlers(), ...appHandlers());
});

const card = (section: HTMLElement, name: string) => within(section).getAllByRole('listitem').find((item) => within(item).queryByRole('link', { name }))!;

// The UI kit's badge and dialog speak the host's language: German without the host's
// UiTextsProvider, as here; the page's own words are English.
describe('sharing custom apps', () => {
  it('lists my apps and those shared with me with how they are shared; only the owner shares', async () => {
    const user = userEvent.setup();
    await renderAt('/create-your-own');
    const mine = await screen.findByRole('region', { name: 'My apps' });
    const own = card(mine, 'Meeting invitation');
    expect(within(own).getByText('Geteilt mit Finance')).toBeInTheDocument();

    const shared = screen.getByRole('region', { name: 'Shared with me' });
    const budget = card(shared, 'Budget letter');
    expect(within(budget).getByText('Geteilt von Maria Muster')).toBeInTheDocument();
    // Viewers run and copy it; editors edit it and see its versions; neither shares it.
    expect(within(budget).queryByRole('link', { name: 'Edit Budget letter' })).not.toBeInTheDocument();
    expect(within(budget).getByRole('button', { name: 'Duplicate Budget letter' })).toBeInTheDocument();
    const minutes = card(shared, 'Minutes');
    expect(within(minutes).getByRole('link', { name: 'Edit Minutes' })).toHaveAttribute('href', `/create-your-own/${EDITED_ID}/edit`);
    expect(within(minutes).getByRole('link', { name: 'Versions of Minutes' })).toBeInTheDocument();
    for (const name of ['Budget letter', 'Minutes']) expect(screen.queryByRole('button', { name: `Share ${name}` })).not.toBeInTheDocument();

    await user.click(within(own).getByRole('button', { name: 'Share Meeting invitation' }));
    const dialog = await screen.findByRole('dialog', { name: '„Meeting invitation“ teilen' });
    await within(dialog).findByText('Finance');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests).toEqual([{ method: 'PUT', path: `/api/shares/custom_app/${APP_ID}`, body: { shares: [{ target: { type: 'group', id: '/finance' }, role: 'view' }] } }]);
  });

  it('lets an editor save an app shared with him, without deleting or sharing it', async () => {
    const user = userEvent.setup();
    await renderAt('/create-your-own', `/create-your-own/${EDITED_ID}/edit`);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.queryByRole('button', { name: 'Delete app' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Minutes and actions');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([`PUT /api/custom-apps/${EDITED_ID}`]));
  });

  it('shows the owner Share and Delete in the editor', async () => {
    await renderAt('/create-your-own', `/create-your-own/${APP_ID}/edit`);
    expect(await screen.findByRole('button', { name: 'Share' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Delete/ })).toBeInTheDocument();
  });

  it('names who made each version', async () => {
    await renderAt('/create-your-own', `/create-your-own/${EDITED_ID}/versions`);
    const list = await screen.findByRole('list', { name: 'Versions, newest first' });
    const [second, first] = within(list).getAllByRole('listitem');
    expect(second).toHaveTextContent('by Eddie Editor');
    expect(first).toHaveTextContent('by Maria Muster');
  });
});
