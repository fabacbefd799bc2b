import { portalRuntimeConfigSchema, type PortalRuntimeConfig } from '@assistant/contracts';

/** Where the portal serves its runtime configuration (scripts/serve-portal.mjs, or a deployed file). */
export const PORTAL_CONFIG_URL = '/portal-config.json';

/**
 * Reads `/portal-config.json` before anything else: the identity provider and telemetry settings
 * come from the environment the static shell is deployed to, not from its build.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<PortalRuntimeConfig> {
  const response = await fetchImpl(PORTAL_CONFIG_URL, { cache: 'no-cache', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${PORTAL_CONFIG_URL} answered ${response.status}`);
  const parsed = portalRuntimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) {
    throw new Error(`${PORTAL_CONFIG_URL} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}
