import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { registerUnreadBodyGuard } from '../unread-body';

describe('unread body guard', () => {
  it('leaves injected requests alone (their body was read; they have no socket to close)', async () => {
    const app = Fastify();
    registerUnreadBodyGuard(app, { maxDrainBytes: 1024, maxDrainMs: 20 });
    app.post('/echo', async (request) => ({ got: request.body }));
    app.get('/early', async (_request, reply) => reply.code(404).send({ missing: true }));
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      assert.equal((await app.inject({ method: 'POST', url: '/echo', payload: { a: 1 } })).statusCode, 200);
      assert.equal((await app.inject({ method: 'GET', url: '/early' })).statusCode, 404);
      assert.equal((await app.inject({ method: 'POST', url: '/nowhere', payload: { a: 1 } })).statusCode, 404);
      // Past the drain time: a drain that never ends would give up now and touch the socket.
      await new Promise((resolve) => setTimeout(resolve, 80));
      assert.deepEqual(uncaught, []);
    } finally {
      process.off('uncaughtException', record);
      await app.close();
    }
  });
});
