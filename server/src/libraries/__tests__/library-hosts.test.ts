import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../config';
import { LibraryError } from '../connector';
import { createGuardedFetch, isForbiddenAddress, LibraryHostRefusedError, LibraryHosts } from '../library-hosts';

const refused = (pattern: RegExp) => (error: unknown) => error instanceof LibraryHostRefusedError && pattern.test(error.message);

describe('LibraryHosts', () => {
  it('matches hosts by name, by port, by *.domain and by *', () => {
    const hosts = LibraryHosts.fromEntries(['files.example.com', 'dav.example.org:8443', '*.corp.example', '[2001:db8::1]']);
    assert.equal(hosts.match(new URL('https://FILES.example.com./remote.php/dav/')), 'named');
    assert.equal(hosts.match(new URL('https://dav.example.org:8443/')), 'named');
    assert.equal(hosts.match(new URL('https://dav.example.org/')), undefined, 'another port');
    assert.equal(hosts.match(new URL('https://cloud.corp.example/')), 'pattern');
    assert.equal(hosts.match(new URL('https://corp.example/')), undefined, 'the domain itself is not a sub-domain');
    assert.equal(hosts.match(new URL('https://evilcorp.example/')), undefined);
    assert.equal(hosts.match(new URL('http://[2001:db8::1]:80/')), 'named');
    assert.equal(LibraryHosts.fromEntries(['*']).match(new URL('https://anything.example/')), 'pattern');
  });

  it('refuses hosts off the list, other schemes, and forbidden addresses reached through a pattern', () => {
    assert.throws(() => LibraryHosts.fromEntries([]).check(new URL('https://files.example.com/')), refused(/No library host is allowed/));
    const any = LibraryHosts.fromEntries(['*']);
    assert.throws(() => any.check(new URL('ftp://files.example.com/')), refused(/https:\/\/ or http:\/\//));
    for (const url of ['http://127.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://0.0.0.0/', 'http://[fd00:ec2::254]/', 'http://[::ffff:127.0.0.1]/']) {
      assert.throws(() => any.check(new URL(url)), refused(/loopback, link-local or metadata/), url);
    }
    assert.doesNotThrow(() => any.check(new URL('http://10.1.2.3/')), 'private ranges are allowed');
    assert.doesNotThrow(() => LibraryHosts.fromEntries(['127.0.0.1']).check(new URL('http://127.0.0.1:8080/')), 'listed by name');
  });

  it('takes LIBRARY_ALLOWED_HOSTS entries of the documented forms only', () => {
    const base = { OIDC_ISSUER: 'https://idp.example/' };
    assert.deepEqual(loadConfig({ ...base, LIBRARY_ALLOWED_HOSTS: 'files.example.com, *.corp.example,[::1]:8080,*' }).libraries.allowedHosts, [
      'files.example.com',
      '*.corp.example',
      '[::1]:8080',
      '*',
    ]);
    assert.deepEqual(loadConfig(base).libraries.allowedHosts, []);
    for (const wrong of ['https://files.example.com', 'files.example.com/dav', '*files.example.com', 'a b']) {
      assert.throws(() => loadConfig({ ...base, LIBRARY_ALLOWED_HOSTS: wrong }), (error) => error instanceof ConfigError && /LIBRARY_ALLOWED_HOSTS/.test(error.message), wrong);
    }
  });

  it('knows the forbidden addresses in their IPv4-mapped forms too', () => {
    for (const address of ['127.0.0.53', '::ffff:7f00:1', '169.254.1.1', 'fe80::1', '100.100.100.200', '168.63.129.16', 'ff02::1', '224.0.0.1']) {
      assert.equal(isForbiddenAddress(address), true, address);
    }
    for (const address of ['8.8.8.8', '10.0.0.1', '192.168.1.1', '2001:db8::1']) assert.equal(isForbiddenAddress(address), false, address);
  });
});

describe('the guarded fetch', () => {
  let origin: Server;
  let other: Server;
  let originUrl: string;
  let otherUrl: string;
  const seen: IncomingHttpHeaders[] = [];

  before(async () => {
    other = createServer((request, response) => {
      seen.push(request.headers);
      response.end('other');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://localhost:${(other.address() as AddressInfo).port}/`;
    origin = createServer((request, response) => {
      if (request.url === '/to-metadata') response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else if (request.url === '/to-other') response.writeHead(307, { location: otherUrl }).end();
      else if (request.url === '/loop') response.writeHead(302, { location: '/loop' }).end();
      else if (request.url === '/slow') setTimeout(() => response.end('late'), 2000);
      else response.end('ok');
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  });
  after(async () => {
    origin.closeAllConnections();
    await new Promise((resolve) => origin.close(resolve));
    await new Promise((resolve) => other.close(resolve));
  });

  it('checks every redirect, and never sends the credentials to another origin', async () => {
    const guarded = createGuardedFetch({ hosts: LibraryHosts.fromEntries(['127.0.0.1', 'localhost']), requestTimeoutMs: 5000 });
    await assert.rejects(guarded(`${originUrl}/to-metadata`), refused(/169\.254\.169\.254/));
    const response = await guarded(`${originUrl}/to-other`, { headers: { authorization: 'Basic c2VjcmV0' } });
    assert.equal(await response.text(), 'other');
    assert.equal(seen.at(-1)?.authorization, undefined);
    await assert.rejects(guarded(`${originUrl}/loop`), (error) => error instanceof LibraryError && /redirected more than/.test(error.message));
  });

  it('resolves names itself: a name allowed through * that resolves to loopback is refused before connecting', async () => {
    const guarded = createGuardedFetch({ hosts: LibraryHosts.fromEntries(['*']), requestTimeoutMs: 5000 });
    const before = seen.length;
    await assert.rejects(guarded(otherUrl), refused(/localhost is at (127\.0\.0\.1|::1)/));
    assert.equal(seen.length, before, 'no request reached the server');
  });

  it('fails a library that answers too slowly with a timeout', async () => {
    const guarded = createGuardedFetch({ hosts: LibraryHosts.fromEntries(['127.0.0.1']), requestTimeoutMs: 300 });
    await assert.rejects(guarded(`${originUrl}/slow`), (error) => error instanceof LibraryError && error.reason === 'timeout');
  });

  it('fails an unreachable library as unreachable, with the reason', async () => {
    const guarded = createGuardedFetch({ hosts: LibraryHosts.fromEntries(['127.0.0.1']), requestTimeoutMs: 2000 });
    // A port that was just free: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await assert.rejects(guarded(`http://127.0.0.1:${port}/`), (error) => error instanceof LibraryError && error.reason === 'unreachable' && /ECONNREFUSED/.test(error.message));
  });
});
