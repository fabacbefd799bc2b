import type { FastifyReply } from 'fastify';
import type { StoredSources } from '../db/repositories/grounding-traces-repository';
import { sendError } from '../http/send-error';
import type { SourcesState } from './sources-job';

const SOURCES_NOT_READY = 'The sources are still being computed; ask again shortly';

/**
 * A trace's sources as QA's and grounded chat's GET answer them: the computed sources (the part
 * `pick` takes), 409 `sources_not_ready` while the job has not finished (the client asks again),
 * 422 `sources_failed` with the job's reason.
 */
export function replyWithSources<T>(reply: FastifyReply, state: SourcesState, pick: (sources: StoredSources) => T): T | FastifyReply {
  if ('ready' in state) return pick(state.ready);
  if ('notReady' in state) return sendError(reply, 409, SOURCES_NOT_READY, { code: 'sources_not_ready' });
  return sendError(reply, 422, state.failed, { code: 'sources_failed' });
}
