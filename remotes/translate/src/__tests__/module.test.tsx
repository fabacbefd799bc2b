import { screen, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import remote from '../module';
import { remoteModuleProblems, renderRemoteAt } from '@assistant/platform/testing';
import { deepl, handlers, resetTranslateState } from './translate-kit';

const ROUTE_BASE = '/translate';
const server = setupServer(...handlers([deepl]));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => resetTranslateState());

describe('translate remote module', () => {
  it('describes the remote: id, routes, navigation and its texts in de and en with the same keys', () => {
    expect(remoteModuleProblems(remote, 'translate')).toEqual([]);
  });

  it('renders /translate with the title key skills.translate', async () => {
    await renderRemoteAt(remote, ROUTE_BASE, '/translate');
    expect(await screen.findByRole('heading', { level: 1, name: 'Translate' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing translated yet')).toBeInTheDocument();
  });

  it('speaks German', async () => {
    await renderRemoteAt(remote, ROUTE_BASE, '/translate', 'de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Übersetzen' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Übersetzen – Assistant'));
    expect(await screen.findByText('Noch nichts übersetzt')).toBeInTheDocument();
  });
});
