import { FEATURE_SET_BETA } from '@assistant/contracts';
import type { SettingsRepository } from '../db/repositories/settings-repository';

/**
 * Whether MCP tools are on: they exist in feature set BETA only (SPEC section 4, `mcpTools` of the
 * platform's gating table). Read from the stored settings on every use, so a change by an
 * administrator holds at once on every replica.
 */
export async function mcpToolsEnabled(settings: SettingsRepository): Promise<boolean> {
  return (await settings.readOne('feature_set')) === FEATURE_SET_BETA;
}
