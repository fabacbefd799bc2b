import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { collectionSummarySchema } from '@assistant/contracts';
import type { DatabaseHandle } from '../db/database';
import { openTestPglite } from '../testing/test-pglite';
import { exeBytes, multipart, startCollectionsTestApp, type CollectionsTestApp } from './support/collections-test-app';

const MB = 1024 * 1024;

/**
 * A kept-alive connection as a proxy holds it: requests are written one after the other, each
 * whole (a proxy streams the body on even when an answer came early); answers are read in order.
 */
class KeptAliveConnection {
  private readonly socket: Socket;
  private buffered = Buffer.alloc(0);
  private waiting: (() => void) | undefined;

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      this.waiting?.();
    });
    // The server may close the connection after refusing: the next read then fails clearly.
    socket.on('error', () => undefined);
    socket.on('close', () => this.waiting?.());
  }

  static async open(origin: string): Promise<KeptAliveConnection> {
    const { hostname, port } = new URL(origin);
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    return new KeptAliveConnection(socket);
  }

  send(method: string, path: string, headers: Record<string, string>, body: Buffer = Buffer.alloc(0)) {
    const head = [`${method} ${path} HTTP/1.1`, 'host: api', `content-length: ${body.length}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    this.socket.write(`${head.join('\r\n')}\r\n\r\n`);
    if (body.length > 0) this.socket.write(body);
  }

  /** The next answer's status and body; rejects when none is complete within `timeoutMs`. */
  async answer(timeoutMs = 10_000): Promise<{ status: number; body: string }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = this.buffered.indexOf('\r\n\r\n');
      if (end >= 0) {
        const head = this.buffered.subarray(0, end).toString('latin1');
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (this.buffered.length >= end + 4 + length) {
          const body = this.buffered.subarray(end + 4, end + 4 + length).toString('utf8');
          this.buffered = this.buffered.subarray(end + 4 + length);
          return { status: Number(head.split(' ')[1]), body };
        }
      }
      if (this.socket.destroyed) throw new Error('the connection was closed before an answer came');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  close() {
    this.socket.destroy();
  }
}

/**
 * A request refused while its body is still arriving (413, 415, 400 on a streamed body) must not
 * leave the kept-alive connection behind it stuck: a proxy (the portal) reuses that connection
 * for the next request, possibly of another user.
 */
describe('early refusals of a streamed body', () => {
  let handle: DatabaseHandle;
  let t: CollectionsTestApp;
  let origin: string;
  let collectionId: string;
  before(async () => {
    handle = await openTestPglite();
    t = await startCollectionsTestApp(handle, { MAX_FILE_UPLOAD_MB: '1' });
    const created = await t.as('employee', { method: 'POST', url: '/api/collections', payload: { name: 'Uploads' } });
    collectionId = collectionSummarySchema.parse(created.json()).id;
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  after(async () => {
    await t.close();
    await handle.close();
  });

  /** Sends a request that is refused early, then another user's request on the same connection. */
  async function refusedThenNext(request: { method: string; path: string; headers: Record<string, string>; body: Buffer }, expected: number) {
    const connection = await KeptAliveConnection.open(origin);
    try {
      connection.send(request.method, request.path, request.headers, request.body);
      connection.send('GET', '/api/collections', { authorization: `Bearer ${await t.token('other')}` });
      const refused = await connection.answer();
      assert.equal(refused.status, expected, refused.body);
      const next = await connection.answer();
      assert.equal(next.status, 200, next.body);
    } finally {
      connection.close();
    }
  }

  const uploadPath = () => `/api/collections/${collectionId}/files`;

  it('answers another user on the same connection after an oversize upload was refused with 413', async () => {
    const { payload, headers } = multipart([{ name: 'huge.txt', content: Buffer.alloc(8 * MB, 0x61) }]);
    await refusedThenNext({ method: 'POST', path: uploadPath(), headers: { ...headers, authorization: `Bearer ${await t.token('employee')}` }, body: payload }, 413);
  });

  it('answers another user on the same connection after a 415 by content that came before more files', async () => {
    const { payload, headers } = multipart([
      { name: 'invoice.pdf', content: exeBytes() },
      ...[1, 2, 3, 4].map((n) => ({ name: `more-${n}.txt`, content: Buffer.alloc(900 * 1024, 0x61) })),
    ]);
    await refusedThenNext({ method: 'POST', path: uploadPath(), headers: { ...headers, authorization: `Bearer ${await t.token('employee')}` }, body: payload }, 415);
  });

  it('answers another user on the same connection after an upload to a collection the sender may not change', async () => {
    const { payload, headers } = multipart([{ name: 'a.txt', content: Buffer.alloc(4 * MB, 0x61) }]);
    await refusedThenNext({ method: 'POST', path: uploadPath(), headers: { ...headers, authorization: `Bearer ${await t.token('other')}` }, body: payload }, 404);
  });

  it('answers another user on the same connection after an upload without a token', async () => {
    const { payload, headers } = multipart([{ name: 'a.txt', content: Buffer.alloc(4 * MB, 0x61) }]);
    await refusedThenNext({ method: 'POST', path: uploadPath(), headers, body: payload }, 401);
  });

  it('closes the connection instead of draining a body far over every limit', async () => {
    const connection = await KeptAliveConnection.open(origin);
    try {
      // 10 GB declared, 2 MB sent: the server answers and closes, it does not wait for the rest.
      const socket = (connection as unknown as { socket: Socket }).socket;
      const head = [
        `POST ${uploadPath()} HTTP/1.1`,
        'host: api',
        'content-type: multipart/form-data; boundary=x',
        `content-length: ${10 * 1024 * MB}`,
        `authorization: Bearer ${await t.token('employee')}`,
      ];
      socket.write(`${head.join('\r\n')}\r\n\r\n--x\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\n`);
      socket.write(Buffer.alloc(2 * MB, 0x61));
      const refused = await connection.answer();
      assert.equal(refused.status, 413, refused.body);
      if (!socket.destroyed) await once(socket, 'close');
    } finally {
      connection.close();
    }
  });

  it('answers a multipart body without a boundary with 400, not 500', async () => {
    const response = await t.as('employee', {
      method: 'POST',
      url: `/api/collections/${collectionId}/files`,
      headers: { 'content-type': 'multipart/form-data' },
      payload: Buffer.from('--x\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nhello\r\n--x--\r\n'),
    });
    assert.equal(response.statusCode, 400, response.body);
    assert.match(response.json().message, /multipart/i);
  });

  it('answers a truncated multipart body with 400, not 500, and keeps nothing', async () => {
    const before = await t.storedFiles();
    const { payload, headers } = multipart([{ name: 'a.txt', content: 'hello world' }]);
    const truncated = payload.subarray(0, payload.length - 30);
    const response = await t.as('employee', { method: 'POST', url: `/api/collections/${collectionId}/files`, headers, payload: truncated });
    assert.equal(response.statusCode, 400, response.body);
    assert.match(response.json().message, /multipart/i);
    assert.deepEqual(await t.storedFiles(), before);
  });
});
