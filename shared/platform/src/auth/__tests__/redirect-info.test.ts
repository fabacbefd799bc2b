import { REDIRECT_INFO_KEY, redirectInfoToPath, saveRedirectInfo, takeRedirectInfo } from '../redirect-info';

afterEach(() => sessionStorage.clear());

describe('redirect-info', () => {
  it('round-trips path, query and hash through session storage once', () => {
    saveRedirectInfo({ pathname: '/collections/company', search: '?x=1&y=%C3%BC', hash: '#part' });
    expect(JSON.parse(sessionStorage.getItem(REDIRECT_INFO_KEY)!)).toEqual({
      pathname: '/collections/company',
      search: '?x=1&y=%C3%BC',
      hash: '#part',
    });
    const info = takeRedirectInfo();
    expect(info).toEqual({ pathname: '/collections/company', search: '?x=1&y=%C3%BC', hash: '#part' });
    expect(redirectInfoToPath(info!)).toBe('/collections/company?x=1&y=%C3%BC#part');
    expect(takeRedirectInfo()).toBeNull();
    expect(localStorage.getItem(REDIRECT_INFO_KEY)).toBeNull();
  });

  it('keeps only the three fields of a location object', () => {
    saveRedirectInfo({ pathname: '/chat', search: '', hash: '', host: 'evil.test' } as never);
    expect(takeRedirectInfo()).toEqual({ pathname: '/chat', search: '', hash: '' });
  });

  it('refuses anything that would leave the site (open redirect)', () => {
    saveRedirectInfo({ pathname: '//evil.test/x', search: '', hash: '' });
    expect(takeRedirectInfo()).toBeNull();
    sessionStorage.setItem(REDIRECT_INFO_KEY, JSON.stringify({ pathname: 'https://evil.test', search: '', hash: '' }));
    expect(takeRedirectInfo()).toBeNull();
    sessionStorage.setItem(REDIRECT_INFO_KEY, '{broken');
    expect(takeRedirectInfo()).toBeNull();
  });
});
