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

  it('registers nothing for an empty registry', () => {
    jest.mocked(registerRemotes).mockClear();
    registerRemoteEntries([]);
    expect(registerRemotes).not.toHaveBeenCalled();
  });
});
