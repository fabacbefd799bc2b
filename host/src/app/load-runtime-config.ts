import { portalRuntimeConfigSchema, type PortalRuntimeConfig } from '@assistant/contracts/startup';

/** Where the portal serves its runtime configuration (scripts/serve-portal.mjs, or a deployed file). */
export const PORTAL_CONFIG_URL = '/portal-config.json';

/**
 * Reads the runtime configuration before anything else: the identity provider and telemetry
 * settings come from the environment the static shell is deployed to, not from its build. The
 * copy the portal server inlined into the page (`inline`, app/inline-startup.ts) is used when it
 * is valid, saving a round trip; otherwise `/portal-config.json` is fetched.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch, inline?: unknown): Promise<PortalRuntimeConfig> {
  if (inline !== undefined) {
    const parsed = portalRuntimeConfigSchema.safeParse(inline);
    if (parsed.success) return parsed.data;
    console.error(`[start] the inlined portal config is invalid (${describe(parsed.error.issues)}); fetching ${PORTAL_CONFIG_URL}`);
  }
  const response = await fetchImpl(PORTAL_CONFIG_URL, { cache: 'no-cache', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${PORTAL_CONFIG_URL} answered ${response.status}`);
  const parsed = portalRuntimeConfigSchema.safeParse(await response.json());
  if (!parsed.success) {
    throw new Error(`${PORTAL_CONFIG_URL} is invalid: ${describe(parsed.error.issues)}`);
  }
  return parsed.data;
}

function describe(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): string {
  return issues.map((i) => `${i.path.map(String).join('.')}: ${i.message}`).join('; ');
}
