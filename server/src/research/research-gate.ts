import type { FastifyReply } from 'fastify';
import type { SettingsRepository } from '../db/repositories/settings-repository';
import { sendError } from '../http/send-error';
import { ResearchRefusal } from './research-service';

/** Seconds a client waits before starting another research after the concurrency limit refused. */
const RESEARCH_RETRY_AFTER_SECONDS = 30;

export const DEEP_RESEARCH_OFF = 'Deep research is switched off (feature flag enableDeepResearch)';

/** Whether new runs may start: the feature flag enableDeepResearch, read on every start so every replica agrees. */
export async function deepResearchEnabled(settings: SettingsRepository): Promise<boolean> {
  try {
    return (await settings.readOne('feature_flags')).enableDeepResearch === true;
  } catch {
    // No flags stored yet: off, like every flag that is not set.
    return false;
  }
}

/**
 * A refusal of the service as the API's error body (429 `rate_limited` with retry-after); anything
 * else goes on to the error handler. The research routes and the chat route (a message with
 * `deep_research`) answer the same.
 */
export function sendResearchRefusal(reply: FastifyReply, error: unknown) {
  if (!(error instanceof ResearchRefusal)) throw error;
  if (error.status === 429) {
    reply.header('retry-after', RESEARCH_RETRY_AFTER_SECONDS);
    return sendError(reply, 429, error.message, { code: 'rate_limited', retryAfterSeconds: RESEARCH_RETRY_AFTER_SECONDS });
  }
  return sendError(reply, error.status, error.message);
}
