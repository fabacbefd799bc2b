import { REGISTRY_FEATURE_NAMES } from '@assistant/contracts';
import { FEATURE_NAMES } from '@assistant/platform';
import { loadRemoteRegistry, parseRemoteRegistry } from '../load-registry';

const good = (name: string, routeBase: string) => ({ name, manifestUrl: `http://localhost:1/${name}/mf-manifest.json`, routeBase });

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('remote registry', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it('skips a bad entry with a logged reason and keeps the good ones in order', async () => {
    const fetch = jest.fn(async () =>
      jsonResponse({
        remotes: [
          good('chat', '/chat'),
          { name: 'Broken Name', manifestUrl: 'http://localhost:1/remoteEntry.js', routeBase: 'no-slash' },
          'not even an object',
          { ...good('collections', '/collections'), featureFlag: 'enableCollections', navigation: { labelKey: 'NAVIGATION.collections', icon: 'collections', order: 40 } },
        ],
      }),
    );
    const entries = await loadRemoteRegistry({ fetch });

    expect(fetch).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-cache' }));
    expect(entries.map((e) => e.name)).toEqual(['chat', 'collections']);
    expect(entries[1]).toMatchObject({ featureFlag: 'enableCollections', navigation: { order: 40 } });
    expect(errors).toHaveBeenCalledTimes(2);
    const messages = errors.mock.calls.map((call) => String(call[0]));
    expect(messages[0]).toMatch(/skipping \/remotes\.json remotes\[1\] \("Broken Name"\): name: Must be a lower-case federation name/);
    expect(messages[0]).toMatch(/manifestUrl: Must point at an mf-manifest\.json/);
    expect(messages[0]).toMatch(/routeBase: Must be a path such as \/chat/);
    expect(messages[1]).toMatch(/skipping \/remotes\.json remotes\[2\]/);
  });

  it('skips an entry whose name (with another manifest) or route base is already taken; the first one wins', () => {
    const elsewhere = { ...good('chat', '/chat2'), manifestUrl: 'http://localhost:2/chat/mf-manifest.json' };
    const entries = parseRemoteRegistry({ remotes: [good('chat', '/chat'), elsewhere, good('other', '/chat')] });
    expect(entries).toEqual([good('chat', '/chat')]);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/name "chat" is already used/);
    expect(String(errors.mock.calls[1]?.[0])).toMatch(/route base "\/chat" is already used/);
  });

  it('mounts one remote at several route bases: same name, same manifest, another base', () => {
    const entries = parseRemoteRegistry({ remotes: [good('usecases', '/usecases/summarize'), good('usecases', '/usecases/generate')] });
    expect(entries.map((e) => e.routeBase)).toEqual(['/usecases/summarize', '/usecases/generate']);
    expect(errors).not.toHaveBeenCalled();
  });

  it('keeps an unknown flag out: an entry naming a flag that does not exist is bad', () => {
    expect(parseRemoteRegistry({ remotes: [{ ...good('chat', '/chat'), featureFlag: 'enableEverything' }] })).toEqual([]);
  });

  it('skips and logs an entry whose feature is not a feature of the gating table, instead of turning it on under BETA', () => {
    const agents = { ...good('agents', '/agents'), feature: 'personalAgent' };
    const entries = parseRemoteRegistry({ remotes: [good('chat', '/chat'), agents, { ...good('collections', '/collections'), feature: 'collections' }] });
    expect(entries.map((e) => e.name)).toEqual(['chat', 'collections']);
    expect(errors).toHaveBeenCalledTimes(1);
    expect(String(errors.mock.calls[0]?.[0])).toMatch(/skipping \/remotes\.json remotes\[1\] \("agents"\): feature: /);
  });

  it("names the same features as the platform's gating table", () => {
    expect([...REGISTRY_FEATURE_NAMES].sort()).toEqual([...FEATURE_NAMES].sort());
  });

  it('starts without remotes when the file is not a registry, unreachable or not JSON; never throws', async () => {
    expect(parseRemoteRegistry({ apps: [] })).toEqual([]);
    expect(parseRemoteRegistry(null)).toEqual([]);
    await expect(loadRemoteRegistry({ fetch: async () => jsonResponse({ message: 'gone' }, 404) })).resolves.toEqual([]);
    await expect(loadRemoteRegistry({ fetch: async () => new Response('<html>', { status: 200 }) })).resolves.toEqual([]);
    await expect(
      loadRemoteRegistry({
        fetch: async () => {
          throw new TypeError('Failed to fetch');
        },
      }),
    ).resolves.toEqual([]);
    expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringMatching(/is not a remote registry \(remotes: .*\); no remote is loaded/),
      expect.stringMatching(/is not a remote registry/),
      expect.stringMatching(/could not read the remote registry \/remotes\.json: HTTP 404/),
      expect.stringMatching(/could not read the remote registry \/remotes\.json: .*JSON/),
      expect.stringMatching(/could not read the remote registry \/remotes\.json: Failed to fetch/),
    ]);
  });
});
