import { User } from 'oidc-client-ts';
import { INVALID_SESSION_THRESHOLD, isSessionInvalid } from '../session';

const now = () => Math.floor(Date.now() / 1000);
const user = (expires_at: number | undefined) =>
  new User({ access_token: 'a', token_type: 'Bearer', profile: { sub: 's', iss: 'i', aud: 'c', exp: 0, iat: 0 }, expires_at });

describe('isSessionInvalid (SPEC section 4)', () => {
  it('no user is invalid', () => {
    expect(isSessionInvalid(null)).toBe(true);
    expect(isSessionInvalid(undefined)).toBe(true);
  });

  it('an expired user is invalid', () => {
    expect(isSessionInvalid(user(now() - 1))).toBe(true);
    expect(isSessionInvalid(user(now()))).toBe(true);
  });

  it('expires_at at or below 600 is invalid', () => {
    expect(INVALID_SESSION_THRESHOLD).toBe(600);
    expect(isSessionInvalid({ expired: false, expires_at: 600 })).toBe(true);
    expect(isSessionInvalid({ expired: false, expires_at: 0 })).toBe(true);
    expect(isSessionInvalid({ expired: false, expires_at: 601 })).toBe(false);
  });

  it('a user without expires_at is invalid', () => {
    expect(isSessionInvalid(user(undefined))).toBe(true);
  });

  it('a user whose token is still valid is a valid session', () => {
    expect(isSessionInvalid(user(now() + 120))).toBe(false);
    expect(isSessionInvalid(user(now() + 3600))).toBe(false);
  });
});
