import { Link, useParams } from '@assistant/routing';
import { act, render, screen } from '@testing-library/react';
import { defineRemoteModule } from '../remote-module';
import { StandaloneRemote } from '../standalone-remote';

function Item() {
  const { id } = useParams();
  return <h1>item {id}</h1>;
}

const remote = defineRemoteModule({
  id: 'probe',
  routes: [
    { index: true, element: <Link to="items/7">open item</Link> },
    { path: 'items/:id', element: <Item /> },
  ],
  navigation: [],
  i18n: { namespace: 'probe', resources: { de: {}, en: {} } },
});

describe('StandaloneRemote', () => {
  it("renders the remote's relative routes below its route base, and its links navigate", async () => {
    window.history.replaceState(null, '', '/probe');
    render(<StandaloneRemote remote={remote} routeBase="/probe" />);
    await act(async () => screen.getByRole('link', { name: 'open item' }).click());
    expect(await screen.findByRole('heading', { name: 'item 7' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/probe/items/7');
  });

  it('renders the route table its mount names', async () => {
    const mounted = defineRemoteModule({
      ...remote,
      routes: [],
      mounts: { first: [{ index: true, element: <h1>first app</h1> }], second: [{ index: true, element: <h1>second app</h1> }] },
    });
    window.history.replaceState(null, '', '/apps/second');
    render(<StandaloneRemote remote={mounted} routeBase="/apps/second" mount="second" />);
    expect(await screen.findByRole('heading', { name: 'second app' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'first app' })).toBeNull();
  });

  it('sends a path outside the route base to the route base', async () => {
    window.history.replaceState(null, '', '/elsewhere');
    render(<StandaloneRemote remote={remote} routeBase="/probe" />);
    expect(await screen.findByRole('link', { name: 'open item' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/probe');
  });
});
