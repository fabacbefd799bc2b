import remoteErrorPlugin from '../error-plugin';
import { isRemoteLoadFailure } from '../remote-load-failure';

type ErrorArgs = Parameters<NonNullable<ReturnType<typeof remoteErrorPlugin>['errorLoadRemote']>>[0];
const args = (overrides: Partial<ErrorArgs>): ErrorArgs =>
  ({ id: 'chat/module', error: new Error('Failed to get manifest'), from: 'runtime', lifecycle: 'onLoad', origin: {} as never, ...overrides }) as ErrorArgs;

describe('remote error plugin', () => {
  let errors: jest.SpyInstance;
  beforeEach(() => {
    errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => errors.mockRestore());

  it('answers a failed loadRemote with a fallback module naming the remote and the error', () => {
    const plugin = remoteErrorPlugin();
    const error = new Error('ScriptNetworkError: Failed to load script');
    const fallback = plugin.errorLoadRemote!(args({ error, remote: { name: 'chat' } as never })) as { default: unknown };
    expect(isRemoteLoadFailure(fallback.default)).toBe(true);
    expect(fallback.default).toMatchObject({ remote: 'chat', request: 'chat/module', error });
    expect(errors).toHaveBeenCalledWith('[federation] remote "chat" failed to load (chat/module)', error);
  });

  it('takes the remote name from the request when the runtime did not resolve it', () => {
    const fallback = remoteErrorPlugin().errorLoadRemote!(args({ id: 'qa/module' })) as { default: unknown };
    expect(fallback.default).toMatchObject({ remote: 'qa' });
  });

  it('does not answer the inner steps, so the runtime drops its half-finished state and a retry loads again', () => {
    const plugin = remoteErrorPlugin();
    for (const lifecycle of ['afterResolve', 'beforeRequest', 'beforeLoadShare'] as const) {
      expect(plugin.errorLoadRemote!(args({ lifecycle, id: 'http://localhost:1/mf-manifest.json' }))).toBeUndefined();
    }
    expect(errors).not.toHaveBeenCalled();
  });
});
