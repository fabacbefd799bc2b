import { screen } from '@testing-library/react';
import { defineRemoteModule } from '../../federation/remote-module';
import { remoteModuleProblems, renderRemoteAt } from '../remote-module-checks';

const texts = { namespace: 'probe', resources: { de: { title: 'Titel' }, en: { title: 'Title' } } };

describe('remoteModuleProblems with mounts', () => {
  it('accepts a remote mounted only by name, each table with routes', () => {
    const remote = defineRemoteModule({ id: 'probe', routes: [], mounts: { summarize: [{ index: true, element: null }], 'create-your-own': [{ path: 'new', element: null }] }, navigation: [], i18n: texts });
    expect(remoteModuleProblems(remote, 'probe')).toEqual([]);
  });

  it('names an empty table, a name no registry entry can give, and a remote with no routes at all', () => {
    const remote = defineRemoteModule({ id: 'probe', routes: [], mounts: { Summarize: [{ index: true, element: null }], generate: [] }, navigation: [], i18n: texts });
    expect(remoteModuleProblems(remote, 'probe')).toEqual(['mount "Summarize" is no name a registry entry can give', 'mount "generate" has no routes']);
    expect(remoteModuleProblems(defineRemoteModule({ id: 'probe', routes: [], navigation: [], i18n: texts }), 'probe')).toEqual(['no routes']);
  });
});

describe('renderRemoteAt', () => {
  const remote = defineRemoteModule({
    id: 'probe',
    routes: [],
    mounts: { first: [{ index: true, element: <h1>first</h1> }], second: [{ path: 'new', element: <h1>second</h1> }] },
    navigation: [],
    i18n: texts,
  });

  it("renders the named table below the route base, and the host's not-found page for other paths", async () => {
    const { unmount } = await renderRemoteAt(remote, '/one', '/one', 'en', { mount: 'first', notFound: <h1>not found</h1> });
    expect(screen.getByRole('heading')).toHaveTextContent('first');
    unmount();
    await renderRemoteAt(remote, '/one', '/one/new', 'en', { mount: 'first', notFound: <h1>not found</h1> });
    expect(screen.getByRole('heading')).toHaveTextContent('not found');
  });
});
