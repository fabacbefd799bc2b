import { remoteModuleProblems } from '@assistant/platform/testing';
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import remote from '../module';
import { APP_ID, customApp, handlers, HOST_NOT_FOUND, MOUNTS, renderAt, resetUseCases } from './usecases-kit';
import { http, HttpResponse } from 'msw';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetUseCases();
  server.resetHandlers(
    ...handlers(),
    http.get('*/api/custom-apps', () => HttpResponse.json({ apps: [] })),
    http.get(`*/api/custom-apps/${APP_ID}`, () => HttpResponse.json(customApp())),
    http.get('*/api/transcriptions/config', () =>
      HttpResponse.json({ available: true, max_bytes: 1024, accepted_types: ['audio/mpeg'], accepted_extensions: ['mp3'] }),
    ),
  );
});

describe('usecases remote module', () => {
  it('describes the remote: id, routes and its texts in de and en with the same keys', () => {
    expect(remoteModuleProblems(remote, 'usecases')).toEqual([]);
  });

  it.each([
    ['/usecases/summarize', 'Summarize'],
    ['/usecases/generate', 'Generate'],
    ['/create-your-own', 'Custom apps'],
  ])('opens the page of its mount: %s', async (base, title) => {
    await renderAt(base);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('sends /usecases itself to the list of apps', async () => {
    const { container } = await renderAt('/usecases');
    expect(container).toBeEmptyDOMElement();
  });

  it('speaks German', async () => {
    await renderAt('/usecases/summarize', '/usecases/summarize', 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Zusammenfassen' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Text zum Zusammenfassen' })).toBeInTheDocument();
  });

  it('shows "not found" for a path under /usecases that is no app', async () => {
    await renderAt('/usecases', '/usecases/not-an-app');
    expect(await screen.findByRole('heading', { name: 'App not found' })).toBeInTheDocument();
  });
});

describe('one route table per app', () => {
  it('has a table for every mount of the registry, and none that no entry mounts', () => {
    expect(Object.keys(remote.mounts ?? {}).sort()).toEqual(Object.values(MOUNTS).sort());
  });

  it.each([
    ['/usecases/transcribe', 'Transcribe'],
    ['/usecases', 'Custom apps'],
  ])('opens the app of the mount: %s', async (base, title) => {
    // /usecases itself sends to the list; its app is the custom app at /usecases/{id}.
    await renderAt(base, base === '/usecases' ? `/usecases/${APP_ID}` : base);
    expect(await screen.findByRole('heading', { level: 1, name: base === '/usecases' ? 'Meeting invitation' : title })).toBeInTheDocument();
  });

  it.each([
    // No route says "new" below summarize: the editor is /create-your-own/new only.
    ['/usecases/summarize', '/usecases/summarize/new'],
    ['/usecases/generate', '/usecases/generate/new'],
    ['/usecases/transcribe', '/usecases/transcribe/new'],
    // A custom app runs at /usecases/{id} only, is edited at /create-your-own/{id}/edit only.
    ['/usecases/summarize', `/usecases/summarize/${APP_ID}`],
    ['/create-your-own', `/create-your-own/${APP_ID}`],
    ['/usecases', `/usecases/${APP_ID}/edit`],
    ['/usecases', `/usecases/${APP_ID}/versions`],
    // Paths that no table knows at all.
    ['/usecases/generate', '/usecases/generate/templates/letter'],
    ['/create-your-own', '/create-your-own/new/again'],
    ['/usecases', `/usecases/${APP_ID}/run/now`],
  ])("is the host's not-found page below %s at %s", async (base, path) => {
    await renderAt(base, path);
    expect(await screen.findByRole('heading', { level: 1, name: HOST_NOT_FOUND })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'New app' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Meeting invitation' })).toBeNull();
    expect(screen.getAllByRole('heading')).toHaveLength(1);
  });

  it('still opens the editor below /create-your-own, new and existing', async () => {
    const { unmount } = await renderAt('/create-your-own', '/create-your-own/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New app' })).toBeInTheDocument();
    unmount();
    await renderAt('/create-your-own', `/create-your-own/${APP_ID}/edit`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit “Meeting invitation”' })).toBeInTheDocument();
  });
});
