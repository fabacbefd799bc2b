import { UserManager } from 'oidc-client-ts';
import { silentRenewCallback } from '../silent-renew-callback';

describe('silentRenewCallback', () => {
  it('hands the frame URL to signinSilentCallback, without touching storage', async () => {
    const callback = jest.spyOn(UserManager.prototype, 'signinSilentCallback').mockResolvedValue();
    const url = 'http://localhost/silent-renew.html?code=c&state=s';
    await silentRenewCallback(url);
    expect(callback).toHaveBeenCalledWith(url);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
  });

  it('posts the URL to the parent window, on the portal origin only', async () => {
    jest.restoreAllMocks();
    const post = jest.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
    const url = 'http://localhost/silent-renew.html?code=c&state=s';
    await silentRenewCallback(url);
    expect(post).toHaveBeenCalledWith({ source: 'oidc-client', url, keepOpen: false }, 'http://localhost');
  });
});
