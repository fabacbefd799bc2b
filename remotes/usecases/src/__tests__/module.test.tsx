import { remoteModuleProblems } from '@assistant/platform/testing';
import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import remote from '../module';
import { handlers, renderAt, resetUseCases } from './usecases-kit';
import { http, HttpResponse } from 'msw';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetUseCases();
  server.resetHandlers(...handlers(), http.get('*/api/custom-apps', () => HttpResponse.json({ apps: [] })));
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
