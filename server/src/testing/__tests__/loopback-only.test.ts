import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { allowLoopbackOnly, isLoopbackHost } from '../loopback-only';

describe('allowLoopbackOnly', () => {
  const server = createServer((_request, response) => response.end('here'));
  let port = 0;
  let guard: ReturnType<typeof allowLoopbackOnly>;
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    guard = allowLoopbackOnly();
  });
  after(() => {
    guard.restore();
    server.close();
  });

  it('tells loopback hosts from the rest', () => {
    for (const host of ['localhost', '127.0.0.1', '127.8.9.10', '::1', '[::1]', '::ffff:127.0.0.1', 'api.localhost']) assert.ok(isLoopbackHost(host), host);
    for (const host of ['10.0.0.1', '169.254.169.254', 'example.com', '::ffff:10.0.0.1', '0.0.0.0', 'localhost.example.com']) assert.ok(!isLoopbackHost(host), host);
  });

  it('lets fetch and sockets reach loopback', async () => {
    assert.equal(await (await fetch(`http://127.0.0.1:${port}/`)).text(), 'here');
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    socket.destroy();
  });

  it('refuses fetch and sockets to anything else, as an unreachable host fails', async () => {
    await assert.rejects(fetch('http://169.254.169.254/latest/meta-data/'), /refused: tests reach loopback only/);
    const socket = net.connect({ host: '10.255.255.1', port: 80 });
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => socket.once('error', resolve));
    assert.equal(error.code, 'ECONNREFUSED');
    assert.deepEqual(guard.refused, ['169.254.169.254', '10.255.255.1']);
  });
});
