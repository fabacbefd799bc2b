import type { FastifyReply, FastifyRequest } from 'fastify';
import { NoResultError } from 'kysely';
import type { SettingsRepository } from '../db/repositories/settings-repository';
import { refuseApp } from './custom-app-access';

/**
 * Whether users may create and change apps: the customization's `create_your_own_enabled`, read
 * on every change so every replica agrees right after an administrator switches it. No
 * customization stored yet: off, like its default. A failing database is an error, not "off".
 */
export async function createYourOwnEnabled(settings: SettingsRepository): Promise<boolean> {
  try {
    return (await settings.readOne('customization')).create_your_own_enabled === true;
  } catch (error) {
    if (error instanceof NoResultError) return false;
    throw error;
  }
}

/** An onRequest hook for the calls that create or change an app: 403 `forbidden` while the setting is off. */
export function requireCreateYourOwn(settings: SettingsRepository) {
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!(await createYourOwnEnabled(settings))) return refuseApp(reply, 'creationDisabled');
  };
}
