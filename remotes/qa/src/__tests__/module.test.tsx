import { screen } from '@testing-library/react';
import { setupServer } from 'msw/node';
import remote from '../module';
import { remoteModuleProblems } from '@assistant/platform/testing';
import { handlers, renderQa, resetQaState } from './qa-kit';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  await resetQaState();
  server.resetHandlers(...handlers());
});

describe('qa remote module', () => {
  it('describes the remote: id, routes, navigation and its texts in de and en with the same keys', () => {
    expect(remoteModuleProblems(remote, 'qa')).toEqual([]);
  });

  it('renders /usecases/qa with its title, the history, what the answer comes from and the question box', async () => {
    await renderQa();
    expect(await screen.findByRole('heading', { level: 1, name: 'Questions about documents' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Questions about documents – /);
    expect(screen.getByRole('heading', { level: 2, name: 'History' })).toBeInTheDocument();
    expect(screen.getByText('Questions you ask are kept here, in this browser.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Answer from' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your question' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Handbook' })).toBeInTheDocument();
  });

  it('speaks German', async () => {
    await renderQa('de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fragen zu Dokumenten' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Fragen zu Dokumenten – /);
    expect(screen.getByRole('textbox', { name: 'Ihre Frage' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Handbook' })).toBeInTheDocument();
  });
});
