import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  CookieJar,
  createPkcePair,
  discover,
  SignInError,
  signInWithPkce,
} from '../../../../tests/support/pkce-sign-in';
import { createLoginThrottle, type LoginAttempt } from '../login-throttle';
import { PORTAL_ORIGIN, REDIRECT_URI, startIdp, type IdpHarness } from './idp-harness';

const MINUTE = 60_000;

/** A clock the test moves by hand: no sleeps. */
function manualClock(start = Date.parse('2025-03-01T08:00:00Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

describe('login throttle', () => {
  const at = (username: string, address = '192.0.2.1'): LoginAttempt => ({ username, address });

  test('five wrong passwords lock that account (from any address), not another one', () => {
    const clock = manualClock();
    const throttle = createLoginThrottle({ now: clock.now });
    for (let i = 0; i < 5; i += 1) {
      assert.equal(throttle.retryAfterSeconds(at('employee')), 0, `attempt ${i + 1} is allowed`);
      throttle.recordFailure(at('employee'));
    }
    assert.equal(throttle.retryAfterSeconds(at('employee')), 1);
    assert.equal(throttle.retryAfterSeconds(at('employee', '198.51.100.7')), 1, 'the account is locked, whatever the address');
    assert.equal(throttle.retryAfterSeconds(at('colleague')), 0, 'another account is unaffected');
  });

  test('each further failure doubles the wait, up to 30 seconds; retry-after rounds up', () => {
    const clock = manualClock();
    const throttle = createLoginThrottle({ now: clock.now });
    for (let i = 0; i < 5; i += 1) throttle.recordFailure(at('employee'));
    const waits = [throttle.retryAfterSeconds(at('employee'))];
    for (let i = 0; i < 6; i += 1) {
      clock.advance(waits.at(-1)! * 1000);
      assert.equal(throttle.retryAfterSeconds(at('employee')), 0, 'allowed once the wait has passed');
      throttle.recordFailure(at('employee'));
      waits.push(throttle.retryAfterSeconds(at('employee')));
    }
    assert.deepEqual(waits, [1, 2, 4, 8, 16, 30, 30]);
    clock.advance(29_400);
    assert.equal(throttle.retryAfterSeconds(at('employee')), 1, '0.6 s left is announced as 1 s');
  });

  test("a success resets the account's counter", () => {
    const clock = manualClock();
    const throttle = createLoginThrottle({ now: clock.now });
    for (let i = 0; i < 4; i += 1) throttle.recordFailure(at('employee'));
    throttle.recordSuccess(at('employee'));
    for (let i = 0; i < 4; i += 1) throttle.recordFailure(at('employee'));
    assert.equal(throttle.retryAfterSeconds(at('employee')), 0, 'eight failures, but a success in between');
    throttle.recordFailure(at('employee'));
    assert.equal(throttle.retryAfterSeconds(at('employee')), 1);
  });

  test('usernames are normalised (case, surrounding spaces, Unicode forms)', () => {
    const throttle = createLoginThrottle({ now: manualClock().now });
    for (const name of ['employee', ' Employee', 'EMPLOYEE ', 'ｅｍｐｌｏｙｅｅ', 'employee\t']) {
      throttle.recordFailure(at(name));
    }
    assert.equal(throttle.retryAfterSeconds(at('Employee')), 1);
  });

  test('unknown usernames are counted exactly like existing ones', () => {
    const throttle = createLoginThrottle({ now: manualClock().now });
    for (let i = 0; i < 5; i += 1) {
      throttle.recordFailure(at('employee', '192.0.2.1'));
      throttle.recordFailure(at('no-such-user', '192.0.2.2'));
    }
    assert.equal(throttle.retryAfterSeconds(at('no-such-user', '192.0.2.3')), 1);
    assert.equal(
      throttle.retryAfterSeconds(at('no-such-user', '192.0.2.3')),
      throttle.retryAfterSeconds(at('employee', '192.0.2.3')),
    );
  });

  test('one address trying many usernames is slowed down too; other addresses are not', () => {
    const throttle = createLoginThrottle({ now: manualClock().now });
    for (let i = 0; i < 20; i += 1) throttle.recordFailure(at(`user-${i}`, '203.0.113.9'));
    assert.equal(throttle.retryAfterSeconds(at('employee', '203.0.113.9')), 1);
    assert.equal(throttle.retryAfterSeconds(at('employee', '192.0.2.1')), 0);
  });

  test('failures are forgotten 15 minutes after the last one', () => {
    const clock = manualClock();
    const throttle = createLoginThrottle({ now: clock.now });
    for (let i = 0; i < 4; i += 1) throttle.recordFailure(at('employee'));
    clock.advance(14 * MINUTE);
    throttle.recordFailure(at('employee'));
    assert.equal(throttle.retryAfterSeconds(at('employee')), 1, 'still within the window of the last failure');

    clock.advance(15 * MINUTE);
    for (let i = 0; i < 4; i += 1) throttle.recordFailure(at('employee'));
    assert.equal(throttle.retryAfterSeconds(at('employee')), 0, 'counting started again');
    assert.equal(throttle.size, 2, 'one entry for the account, one for the address');
  });

  test('the table stays bounded; expired entries go first, recent ones are kept', () => {
    const clock = manualClock();
    const throttle = createLoginThrottle({ now: clock.now, maxEntries: 20 });
    for (let i = 0; i < 8; i += 1) throttle.recordFailure(at(`old-${i}`, `10.0.0.${i}`));
    clock.advance(10 * MINUTE);
    for (let i = 0; i < 5; i += 1) throttle.recordFailure(at('employee', '192.0.2.1'));
    clock.advance(6 * MINUTE);
    for (let i = 0; i < 8; i += 1) throttle.recordFailure(at(`new-${i}`, `10.0.1.${i}`));
    assert.ok(throttle.size <= 20, `size ${throttle.size}`);
    throttle.recordFailure(at('employee', '192.0.2.1'));
    assert.equal(throttle.retryAfterSeconds(at('employee')), 2, "the account's five earlier failures were kept");

    // An attacker inventing usernames and addresses cannot grow it.
    for (let i = 0; i < 5000; i += 1) throttle.recordFailure(at(`spray-${i}`, `10.1.${i >> 8}.${i & 255}`));
    assert.ok(throttle.size <= 20, `size ${throttle.size}`);
  });

  test('an absurdly long username costs one bounded key', () => {
    const throttle = createLoginThrottle({ now: manualClock().now });
    const long = 'x'.repeat(8000);
    for (let i = 0; i < 5; i += 1) throttle.recordFailure(at(long));
    assert.equal(throttle.retryAfterSeconds(at(long)), 1);
    assert.equal(throttle.retryAfterSeconds(at('x'.repeat(7999))), 0);
  });
});

/** The login form of a fresh authorization request, as a browser sees it. */
async function openLoginForm(issuer: string, clientId: string) {
  const metadata = await discover(issuer);
  const url = new URL(metadata.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    response_type: 'code',
    scope: 'openid email profile',
    state: 's',
    code_challenge: createPkcePair().challenge,
    code_challenge_method: 'S256',
  }).toString();
  const jar = new CookieJar();
  const first = await fetch(url, { redirect: 'manual' });
  jar.store(url, first);
  assert.equal(first.status, 303);
  const action = new URL(`${first.headers.get('location')}/login`, url);

  return async (username: string, password: string, headers: Record<string, string> = {}) => {
    const response = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { ...headers, Cookie: jar.header(action)!, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username, password }),
    });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
  };
}

describe('login throttle on the login page', () => {
  const clock = manualClock();
  let h: IdpHarness;
  let issuer: string;
  let clientId: string;

  before(async () => {
    // A high per-address limit: every request of this suite comes from 127.0.0.1.
    h = await startIdp({}, { loginThrottle: createLoginThrottle({ now: clock.now, maxFailuresPerAddress: 1000 }) });
    issuer = h.idp.issuer;
    clientId = h.config.auth.clientId;
  });
  after(() => h.stop());

  const signIn = (username: string, password = username) =>
    signInWithPkce({ issuer, clientId, redirectUri: REDIRECT_URI, username, password, origin: PORTAL_ORIGIN });

  test('after five wrong passwords even the right one is refused with 429 and retry-after until the wait passes', async () => {
    const login = await openLoginForm(issuer, clientId);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await login('employee', `wrong-${i}`);
      assert.equal(wrong.status, 401);
      assert.match(wrong.body, /Invalid username or password/);
    }
    const refused = await login('employee', 'employee');
    assert.equal(refused.status, 429);
    assert.equal(refused.retryAfter, '1');
    assert.match(refused.body, /role="alert"[^>]*>Too many failed sign-ins\. Try again in 1 second\./);
    assert.match(refused.body, /value="employee"/, 'username kept');
    assert.match(refused.body, /<form method="post" action="[^"]*\/login"/, 'the form is shown again');
    assert.doesNotMatch(refused.body, /Invalid username or password/, 'says nothing about the password');

    // Another browser does not get around it; another account is unaffected.
    await assert.rejects(signIn('employee'), (error: unknown) => {
      assert.ok(error instanceof SignInError);
      assert.equal(error.status, 429);
      return true;
    });
    assert.ok((await signIn('colleague')).access_token);

    clock.advance(1000);
    assert.ok((await signIn('employee')).access_token, 'allowed once the wait has passed');

    // The success reset the counter: without it the next failure (the sixth) would lock again.
    const again = await openLoginForm(issuer, clientId);
    for (let i = 0; i < 4; i += 1) assert.equal((await again('employee', 'wrong')).status, 401);
    assert.ok((await signIn('employee')).access_token);
  });

  test('an unknown username is throttled exactly like an existing one', async () => {
    const login = await openLoginForm(issuer, clientId);
    const known: { status: number; retryAfter: string | null }[] = [];
    const unknown: typeof known = [];
    for (let i = 0; i < 6; i += 1) {
      const a = await login('admin', 'wrong');
      const b = await login('nobody-here', 'wrong');
      known.push({ status: a.status, retryAfter: a.retryAfter });
      unknown.push({ status: b.status, retryAfter: b.retryAfter });
      if (i === 5) {
        const message = (body: string) => /role="alert"[^>]*>([^<]*)</.exec(body)?.[1];
        assert.equal(message(b.body), message(a.body));
      }
    }
    assert.deepEqual(unknown, known);
    assert.deepEqual(unknown.at(-1), { status: 429, retryAfter: '1' });
    clock.advance(1000);
  });

  test('a German browser gets the messages in German', async () => {
    const login = await openLoginForm(issuer, clientId);
    const german = { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.8' };
    for (let i = 0; i < 5; i += 1) {
      const wrong = await login('colleague', 'wrong', german);
      assert.equal(wrong.status, 401);
      assert.match(wrong.body, /<p id="login-error" class="error" role="alert" lang="de">Benutzername oder Passwort ist falsch</);
    }
    const refused = await login('colleague', 'colleague', german);
    assert.equal(refused.status, 429);
    assert.match(
      refused.body,
      /role="alert" lang="de">Zu viele fehlgeschlagene Anmeldungen\. Bitte versuchen Sie es in 1 Sekunde erneut\./,
    );
    const english = await login('colleague', 'colleague', { 'Accept-Language': 'en-GB,en;q=0.9,de;q=0.5' });
    assert.match(english.body, /role="alert">Too many failed sign-ins\. Try again in 1 second\./);
    clock.advance(1000);
  });

  test('throttled attempts are logged without the password', () => {
    const throttled = h.logger.entries.filter((e) => e.level === 'warn' && String(e.args[1]).includes('throttled'));
    assert.ok(throttled.length >= 3);
    assert.ok(throttled.some((e) => (e.args[0] as { username?: string }).username === 'employee'));
    assert.ok(!JSON.stringify(h.logger.entries).includes('wrong-'), 'passwords are never logged');
  });
});

describe('login throttle per client address', () => {
  test('one address failing with several usernames is refused for the next one', async () => {
    const clock = manualClock();
    const h = await startIdp({}, { loginThrottle: createLoginThrottle({ now: clock.now, maxFailuresPerAddress: 3 }) });
    try {
      const login = await openLoginForm(h.idp.issuer, h.config.auth.clientId);
      for (const name of ['anna', 'bert', 'carl']) assert.equal((await login(name, 'guess')).status, 401);
      const refused = await login('employee', 'employee');
      assert.equal(refused.status, 429);
      assert.equal(refused.retryAfter, '1');
    } finally {
      await h.stop();
    }
  });
});
