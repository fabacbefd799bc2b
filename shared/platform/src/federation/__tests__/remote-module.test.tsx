import type { RouteObject } from '@assistant/routing';
import { defineRemoteModule, mountedRoutes } from '../remote-module';

const index: RouteObject = { index: true, element: <h1>own</h1> };
const summarize: RouteObject = { index: true, element: <h1>summarize</h1> };
const editor: RouteObject = { path: 'new', element: <h1>editor</h1> };
const texts = { namespace: 'probe', resources: { de: {}, en: {} } };

describe('mountedRoutes', () => {
  it("gives a remote's routes to an entry that names no mount", () => {
    expect(mountedRoutes(defineRemoteModule({ id: 'probe', routes: [index], navigation: [], i18n: texts }), undefined)).toEqual([index]);
  });

  it('gives the named route table, and only that one', () => {
    const remote = defineRemoteModule({ id: 'probe', routes: [index], mounts: { summarize: [summarize], 'create-your-own': [editor] }, navigation: [], i18n: texts });
    expect(mountedRoutes(remote, 'summarize')).toEqual([summarize]);
    expect(mountedRoutes(remote, 'create-your-own')).toEqual([editor]);
    expect(mountedRoutes(remote, undefined)).toEqual([index]);
  });

  it("puts the host's not-found page after the table, for every other path", () => {
    const remote = defineRemoteModule({ id: 'probe', routes: [], mounts: { summarize: [summarize] }, navigation: [], i18n: texts });
    const notFound = <p>not found</p>;
    expect(mountedRoutes(remote, 'summarize', notFound)).toEqual([summarize, { path: '*', element: notFound }]);
  });

  it('says what is wrong when the registry entry and the module do not fit', () => {
    const remote = defineRemoteModule({ id: 'probe', routes: [], mounts: { summarize: [summarize], generate: [] }, navigation: [], i18n: texts });
    expect(() => mountedRoutes(remote, 'summarise')).toThrow('remote "probe" has no mount "summarise" (it has: summarize, generate)');
    // Not an inherited property either.
    expect(() => mountedRoutes(remote, 'constructor')).toThrow('has no mount "constructor"');
    expect(() => mountedRoutes(remote, undefined)).toThrow('remote "probe" is mounted by name: its registry entry needs a mount (one of: summarize, generate)');
    const plain = defineRemoteModule({ id: 'plain', routes: [index], navigation: [], i18n: texts });
    expect(() => mountedRoutes(plain, 'summarize')).toThrow('remote "plain" has no mount "summarize" (it has: none)');
  });
});
