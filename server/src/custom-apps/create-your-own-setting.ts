import { NoResultError } from 'kysely';
import type { SettingsRepository } from '../db/repositories/settings-repository';

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
