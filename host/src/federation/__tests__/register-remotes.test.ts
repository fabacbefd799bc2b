import { registerRemotes } from '@module-federation/enhanced/runtime';
import { registerRemoteEntries } from '../register-remotes';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn() }));

describe('registerRemoteEntries', () => {
  it('registers each entry by name with its manifest URL, site paths made absolute', () => {
    registerRemoteEntries(
      [
        { name: 'chat', manifestUrl: 'http://localhost:8091/mf-manifest.json', routeBase: '/chat' },
        { name: 'qa', manifestUrl: '/remotes/qa/mf-manifest.json', routeBase: '/usecases/qa' },
      ],
      'https://portal.example/collections/company',
    );
    expect(registerRemotes).toHaveBeenCalledWith([
      { name: 'chat', entry: 'http://localhost:8091/mf-manifest.json' },
      { name: 'qa', entry: 'https://portal.example/remotes/qa/mf-manifest.json' },
    ]);
  });

  it('registers a remote mounted at several route bases once', () => {
    jest.mocked(registerRemotes).mockClear();
    registerRemoteEntries(
      [
        { name: 'usecases', manifestUrl: 'http://localhost:8096/mf-manifest.json', routeBase: '/usecases/summarize' },
        { name: 'usecases', manifestUrl: 'http://localhost:8096/mf-manifest.json', routeBase: '/create-your-own' },
      ],
      'https://portal.example/',
    );
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'usecases', entry: 'http://localhost:8096/mf-manifest.json' }]);
  });

  it('registers nothing for an empty registry', () => {
    jest.mocked(registerRemotes).mockClear();
    registerRemoteEntries([]);
    expect(registerRemotes).not.toHaveBeenCalled();
  });
});
