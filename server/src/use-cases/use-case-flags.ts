import type { FeatureFlagName } from '@assistant/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SettingsRepository } from '../db/repositories/settings-repository';
import { sendError } from '../http/send-error';

/**
 * Whether a flagged use case may run: its feature flag, read on every call so every replica
 * agrees with an administrator's change. Off (or no flags stored): 403 `forbidden`, sent here,
 * and false.
 */
export async function requireFlag(settings: SettingsRepository, flag: FeatureFlagName, what: string, reply: FastifyReply): Promise<boolean> {
  let on = false;
  try {
    on = (await settings.readOne('feature_flags'))[flag] === true;
  } catch {
    // No flags stored yet: off, like every flag that is not set.
  }
  if (!on) await sendError(reply, 403, `${what} is switched off (feature flag ${flag})`, { code: 'forbidden' });
  return on;
}

/** A preValidation hook with requireFlag: a switched-off use case is a 403 before its body is judged. */
export function flagGate(settings: SettingsRepository, flag: FeatureFlagName, what: string) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!(await requireFlag(settings, flag, what, reply))) return reply;
  };
}
