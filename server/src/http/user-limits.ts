import fastifyRateLimit from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onResponseAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { databaseRateLimitStore } from './rate-limit-store';
import { sendError } from './send-error';
import { StreamSlots, type StreamLease } from './stream-slots';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that asks a language model: the per-user call rate and the cap on calls in progress apply. */
    modelLimits?: boolean;
    /** A route that creates ingestion jobs: refused while the user has too many unfinished ones. */
    pendingJobsLimit?: boolean;
  }
}

/** The window of MODEL_RATE_LIMIT_PER_MINUTE. */
export const MODEL_RATE_WINDOW_MS = 60_000;
/** When to try again after the cap on calls in progress refused: answers end within seconds. */
export const STREAM_RETRY_AFTER_SECONDS = 5;
/** When to try again after the cap on unfinished jobs refused: ingesting a file takes a while. */
export const JOBS_RETRY_AFTER_SECONDS = 30;

/**
 * The per-user limits of docs/limits.md, each keyed on the signed-in user (never the address):
 *
 * - `config: { modelLimits: true }` on a route: at most MODEL_RATE_LIMIT_PER_MINUTE calls a minute
 *   over all such routes (@fastify/rate-limit, counted in the database so replicas agree), and at
 *   most MAX_CONCURRENT_STREAMS_PER_USER of them in progress (database leases, stream-slots.ts).
 * - `config: { pendingJobsLimit: true }`: refused while the user has MAX_PENDING_JOBS_PER_USER
 *   ingestion jobs not yet finished.
 *
 * Each is checked in onRequest, after authentication and before the body is read, and refuses
 * with 429, `retry-after` (seconds) and the API error body with `code: 'rate_limited'` and
 * `retry_after_seconds`. A limit of 0 is off. Register before the routes.
 */
export async function registerUserLimits(app: FastifyInstance, db: Database, limits: ServerConfig['userLimits']): Promise<void> {
  const modelHooks: onRequestAsyncHookHandler[] = [];
  const modelResponseHooks: onResponseAsyncHookHandler[] = [];

  if (limits.modelCallsPerMinute > 0) {
    await app.register(fastifyRateLimit, {
      global: false,
      store: databaseRateLimitStore(db, app.log),
      max: limits.modelCallsPerMinute,
      timeWindow: MODEL_RATE_WINDOW_MS,
      keyGenerator: (request) => `model:${request.principal.sub}`,
    });
    const countCall = app.createRateLimit();
    modelHooks.push(async (request, reply) => {
      const counted = await countCall(request);
      if (counted.isAllowed) return;
      reply
        .header('x-ratelimit-limit', counted.max)
        .header('x-ratelimit-remaining', counted.remaining)
        .header('x-ratelimit-reset', counted.ttlInSeconds);
      if (!counted.isExceeded) return;
      request.log.info({ user: request.principal.sub }, 'model call refused: rate limit');
      return sendRateLimited(
        reply,
        counted.ttlInSeconds,
        `Too many model requests: at most ${counted.max} a minute. Try again in ${Math.max(1, counted.ttlInSeconds)} seconds.`,
      );
    });
  }

  if (limits.concurrentStreams > 0) {
    const slots = new StreamSlots(db, { max: limits.concurrentStreams, log: app.log });
    const leases = new WeakMap<FastifyRequest, StreamLease>();
    modelHooks.push(async (request, reply) => {
      const lease = await slots.acquire(request.principal.sub);
      if (!lease) {
        request.log.info({ user: request.principal.sub }, 'model call refused: too many in progress');
        return sendRateLimited(
          reply,
          STREAM_RETRY_AFTER_SECONDS,
          `Too many answers in progress: at most ${limits.concurrentStreams} at once. Try again when one has finished.`,
        );
      }
      leases.set(request, lease);
      // Every way a call ends closes its response: the answer complete, an error, the client gone.
      reply.raw.once('close', () => void lease.release());
      if (reply.raw.destroyed) void lease.release();
    });
    // Also here, in case a response ends without its `close` reaching the listener.
    modelResponseHooks.push(async (request) => {
      await leases.get(request)?.release();
    });
  }

  app.addHook('onRoute', (route) => {
    if (route.config?.modelLimits) {
      for (const hook of modelHooks) addHook(route, 'onRequest', hook);
      for (const hook of modelResponseHooks) addHook(route, 'onResponse', hook);
    }
    if (route.config?.pendingJobsLimit && limits.pendingJobs > 0) {
      addHook(route, 'onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        const pending = await pendingJobs(db, request.principal.sub, limits.pendingJobs);
        if (pending < limits.pendingJobs) return;
        request.log.info({ user: request.principal.sub, pending }, 'upload refused: too many unfinished jobs');
        return sendRateLimited(
          reply,
          JOBS_RETRY_AFTER_SECONDS,
          `${pending} uploaded files are still being processed; upload more once some are done.`,
        );
      });
    }
  });
}

/** The 429 of a per-user limit: `retry-after` and the API error body saying the same wait. */
export function sendRateLimited(reply: FastifyReply, seconds: number, message: string): FastifyReply {
  const wait = Math.max(1, Math.ceil(seconds));
  return sendError(reply.header('retry-after', String(wait)), 429, message, { code: 'rate_limited', retryAfterSeconds: wait });
}

/** The user's ingestion jobs of uploads not yet finished, counted up to `upTo` (all the check needs). */
async function pendingJobs(db: Database, userId: string, upTo: number): Promise<number> {
  const row = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('ingestion_runs as r')
        .innerJoin('files as f', 'f.id', 'r.file_id')
        .select('r.id')
        .where('f.created_by', '=', userId)
        .where('r.status', 'in', ['created', 'running'])
        // What a library sync brought in is bounded by its folder, not sent by the user: it does not hold up their uploads.
        .where((eb) => eb.not(eb.exists(eb.selectFrom('library_items as i').select('i.file_id').whereRef('i.file_id', '=', 'f.id'))))
        .limit(upTo)
        .as('pending'),
    )
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type Hook = 'onRequest' | 'onResponse' | 'onSend';
/** Adds a hook to one route's own (a route's options hold one or a list). */
export function addHook(route: RouteOptions, name: Hook, handler: (...args: never[]) => unknown): void {
  const existing = route[name] as unknown;
  const list = Array.isArray(existing) ? existing : existing ? [existing] : [];
  (route as unknown as Record<Hook, unknown[]>)[name] = [...list, handler];
}
