import type { UsageFeature } from '@assistant/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { sendError } from '../http/send-error';
import { addHook } from '../http/user-limits';
import { runWithUsage, type UsageContext } from './usage-context';
import type { UsageMeter } from './usage-meter';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route's model calls are for: they are recorded under it and the user's budget applies. */
    usageFeature?: UsageFeature;
  }
}

/**
 * Meters every route that declares `config: { usageFeature }` (beside `modelLimits: true`):
 *
 * - When the request arrives, after the token is verified and before its body is read, a user
 *   whose monthly budget is used up is refused: 429 `budget_exhausted` with `resets_at`. The check
 *   reads the cached balance; only a user's first call in this process reads the database.
 * - The handler, and what it streams, runs in the user's usage context (usage-context.ts), so
 *   each model call ModelProvider makes for it is recorded and checked again.
 *
 * Register before the routes.
 */
export function registerUsageMetering(app: FastifyInstance, meter: UsageMeter): void {
  const contexts = new WeakMap<FastifyRequest, UsageContext>();

  const checkBudget = async (request: FastifyRequest, reply: FastifyReply) => {
    const feature = request.routeOptions.config.usageFeature;
    if (!feature) return;
    const context: UsageContext = { sub: request.principal.sub, groups: request.principal.groups, feature };
    contexts.set(request, context);
    const refusal = await meter.refusal(context.sub, context.groups);
    if (!refusal) return;
    request.log.info({ user: context.sub }, 'model call refused: monthly budget used up');
    return sendError(reply, 429, refusal.message, { code: 'budget_exhausted', resetsAt: refusal.resetsAt });
  };

  // A streamed body pulled by the response (Readable.from over a generator) asks for its next
  // piece from the socket's callbacks, outside the request's context: each read runs in it again.
  const keepContextInStream = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    const context = contexts.get(request);
    const stream = payload as { _read?: (size: number) => void; pipe?: unknown } | null;
    if (!context || !stream || typeof stream.pipe !== 'function' || typeof stream._read !== 'function') return payload;
    const read = stream._read;
    stream._read = function readInContext(this: unknown, size: number) {
      return runWithUsage(context, () => read.call(this, size));
    };
    return payload;
  };

  app.addHook('onRoute', (route) => {
    if (!route.config?.usageFeature) return;
    addHook(route, 'onRequest', checkBudget);
    addHook(route, 'onSend', keepContextInStream);
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function handleInContext(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      const context = contexts.get(request);
      return context ? runWithUsage(context, () => handler.call(this, request, reply)) : handler.call(this, request, reply);
    } as RouteHandlerMethod;
  });
}
