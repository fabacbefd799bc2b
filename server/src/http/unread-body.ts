import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export interface UnreadBodyOptions {
  /** Most bytes read and dropped after an early answer; past it the connection is closed. */
  maxDrainBytes: number;
  /** Longest time spent draining; past it the connection is closed. */
  maxDrainMs: number;
}

/**
 * An answer sent before its request body has fully arrived (a refused upload, a 404 on an upload
 * route, any early error) must not leave the rest of that body in the connection. A proxy (the
 * portal) keeps its connection to the API alive and sends the next request, perhaps another
 * user's, behind the unread bytes: nobody reads them, and that request hangs until the proxy gives
 * up. So the rest is read and dropped, after which the connection serves the next request as
 * usual; a body too large or too slow to drain (declared or found so) closes the connection
 * instead (`Connection: close`, then the socket). Draining rather than closing at once lets the
 * client finish sending and read the answer, where a close with unread data would reset it.
 */
export function registerUnreadBodyGuard(app: FastifyInstance, options: UnreadBodyOptions) {
  app.addHook('onSend', async (request, reply) => {
    if (bodyRead(request.raw)) return;
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > options.maxDrainBytes) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    if (bodyRead(request.raw)) return;
    if (reply.getHeader('connection') === 'close') {
      // Node closes the socket once the answer is out; the rest of the body is not wanted.
      request.raw.unpipe();
      return;
    }
    drain(request.raw, options);
  });
}

/** The whole body arrived and was read (`complete` on a socket; `readableEnded` for an injected request). */
function bodyRead(body: IncomingMessage): boolean {
  return body.complete || body.readableEnded;
}

function drain(body: IncomingMessage, { maxDrainBytes, maxDrainMs }: UnreadBodyOptions) {
  // Whatever consumed the body so far (a multipart parser) is done with it.
  body.unpipe();
  let bytes = 0;
  const giveUp = () => {
    cleanUp();
    if (typeof body.socket?.destroy === 'function') body.socket.destroy();
  };
  const onData = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > maxDrainBytes) giveUp();
  };
  const timer = setTimeout(giveUp, maxDrainMs);
  timer.unref();
  const cleanUp = () => {
    clearTimeout(timer);
    body.off('data', onData);
  };
  body.on('data', onData);
  body.once('end', cleanUp);
  body.once('close', cleanUp);
  body.resume();
}
