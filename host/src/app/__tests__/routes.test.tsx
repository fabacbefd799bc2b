import type { RemoteRegistryEntry } from '@assistant/contracts';
import type { RouteObject } from '@assistant/routing';
import { RequireSession } from '../../auth/require-session';
import { buildRoutes, type RouteInput } from '../routes';

const collections: RemoteRegistryEntry = {
  name: 'collections',
  manifestUrl: '/c/mf-manifest.json',
  routeBase: '/collections',
  featureFlag: 'enableCollections',
};

function shellChildren(input: Partial<RouteInput> = {}): RouteObject[] {
  const routes = buildRoutes({ flags: {}, isFeatureAvailable: () => true, remotes: [], isAdmin: false, ...input });
  return routes.find((route) => route.path === '/')!.children!;
}
const paths = (routes: RouteObject[]) => routes.map((route) => (route.index ? '(index)' : route.path));

describe('route table', () => {
  it('guards the shell with the session guard but not the two callbacks', () => {
    const routes = buildRoutes({ flags: {}, isFeatureAvailable: () => true, remotes: [], isAdmin: false });
    expect(routes.map((route) => route.path)).toEqual(['/callback', '/oauth/callback', '/']);
    const outermost = (route: RouteObject) => (route.element as { type: unknown }).type;
    expect(outermost(routes[2]!)).toBe(RequireSession);
    expect(outermost(routes[0]!)).not.toBe(RequireSession);
    expect(outermost(routes[1]!)).not.toBe(RequireSession);
  });

  it('shows the apps page at / only with enableHomepage, otherwise redirects to /translate', () => {
    const withHome = shellChildren({ flags: { enableHomepage: true } })[0]!;
    expect((withHome.element as { type: { name: string } }).type.name).toBe('HomePage');
    const withoutHome = shellChildren({ flags: {} })[0]!;
    expect(withoutHome.element).toMatchObject({ props: { to: '/translate', replace: true } });
  });

  it('adds /customization only for an administrator with the flag and the feature', () => {
    const all = { flags: { enableCustomization: true }, isFeatureAvailable: () => true };
    expect(paths(shellChildren({ ...all, isAdmin: true }))).toContain('customization');
    expect(paths(shellChildren({ ...all, isAdmin: false }))).not.toContain('customization');
    expect(paths(shellChildren({ ...all, isAdmin: true, flags: {} }))).not.toContain('customization');
    expect(
      paths(shellChildren({ ...all, isAdmin: true, isFeatureAvailable: (feature) => feature !== 'customizationView' })),
    ).not.toContain('customization');
  });

  it('adds /usage (their own usage and data) for everyone signed in', () => {
    expect(paths(shellChildren({ isAdmin: false, flags: {} }))).toContain('usage');
    expect(paths(shellChildren({ isAdmin: false, flags: {}, isFeatureAvailable: () => false }))).toContain('usage');
  });

  it('adds /memory (what the user asked to be remembered) only while the company has memory on', () => {
    expect(paths(shellChildren({ isAdmin: false, flags: { enableMemory: true } }))).toContain('memory');
    expect(paths(shellChildren({ isAdmin: false, flags: {} }))).not.toContain('memory');
  });

  it('adds /groups only for an administrator', () => {
    expect(paths(shellChildren({ isAdmin: true, flags: {} }))).toContain('groups');
    expect(paths(shellChildren({ isAdmin: false, flags: {} }))).not.toContain('groups');
  });

  it('adds /governance and its tabs only for an administrator', () => {
    expect(paths(shellChildren({ isAdmin: true, flags: {} }))).toContain('governance/*');
    expect(paths(shellChildren({ isAdmin: false, flags: {} }))).not.toContain('governance/*');
  });

  it('shows the privacy policy at /privacy-policy and /datenschutz, inside the signed-in shell, whatever the features', () => {
    const children = shellChildren({ isFeatureAvailable: () => false });
    const pageOf = (path: string) => (children.find((route) => route.path === path)!.element as { type: unknown }).type;
    expect(pageOf('privacy-policy')).toBe(pageOf('datenschutz'));
    expect(buildRoutes({ flags: {}, isFeatureAvailable: () => false, remotes: [], isAdmin: false }).map((route) => route.path)).toEqual([
      '/callback',
      '/oauth/callback',
      '/',
    ]);
  });

  it('leaves out pages whose feature is not in the feature set', () => {
    expect(paths(shellChildren({ isFeatureAvailable: () => false }))).toEqual(['(index)', 'privacy-policy', 'datenschutz', 'developer/api', 'usage', '*']);
    expect(paths(shellChildren({ isFeatureAvailable: () => true }))).toEqual([
      '(index)',
      'privacy-policy',
      'datenschutz',
      'developer/api',
      'usage',
      'accessibility',
      'sign-language',
      'easy-language',
      '*',
    ]);
  });

  it('mounts each given remote under its route base, before the not-found route', () => {
    expect(paths(shellChildren({ remotes: [collections], isFeatureAvailable: () => false }))).toEqual([
      '(index)',
      'privacy-policy',
      'datenschutz',
      'developer/api',
      'usage',
      '/collections/*',
      '*',
    ]);
  });
});
