import type { FastifyReply } from 'fastify';

/**
 * A signal that aborts when the client goes away before the answer is complete (closed tab,
 * stop button, client timeout), so the upstream call it is waiting for is cancelled too.
 * Watches the response: a request's own `close` also fires when its body has been read.
 */
export function abortWhenClientLeaves(reply: FastifyReply): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const response = reply.raw;
  const onClose = () => {
    if (!response.writableFinished) controller.abort(new DOMException('The client went away', 'AbortError'));
  };
  if (response.destroyed) onClose();
  else response.once('close', onClose);
  return { signal: controller.signal, dispose: () => response.off('close', onClose) };
}
