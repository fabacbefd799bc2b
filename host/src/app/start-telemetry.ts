import { APP_NAME, APP_VERSION, type PortalRuntimeConfig } from '@assistant/contracts';
import { createAnalytics, createTracing, trackUserInAnalytics, type Auth } from '@assistant/platform';

/**
 * Start-up step 3 (SPEC section 4): analytics follows the user by a salted hash of their id, and
 * tracing probes its endpoints. Without a collector in the runtime config both stay no-ops.
 */
export function startTelemetry(runtime: PortalRuntimeConfig, auth: Auth): void {
  const analytics = createAnalytics({
    collectorUrl: runtime.analytics?.collectorUrl,
    apiKey: runtime.analytics?.apiKey,
    salt: runtime.analytics?.salt,
  });
  trackUserInAnalytics(analytics, auth);
  if (runtime.tracing) {
    createTracing({ endpoints: runtime.tracing.endpoints, serviceName: APP_NAME, serviceVersion: APP_VERSION });
  }
}
