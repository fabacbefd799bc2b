import { APP_NAME, APP_VERSION, type PortalRuntimeConfig } from '@assistant/contracts/startup';
import {
  createAnalytics,
  createObservability,
  createTracing,
  setTracing,
  trackUserInAnalytics,
  trackUserInObservability,
  type Analytics,
  type Auth,
  type Observability,
  type Tracing,
} from '@assistant/platform';

export interface Telemetry {
  analytics: Analytics;
  tracing: Tracing;
  observability: Observability;
}

/**
 * Start-up step 3 (SPEC section 4), after the router exists: analytics and Faro follow the user
 * by a salted hash of their id; tracing probes its endpoints and, when one answers, loads the
 * OpenTelemetry web SDK; Faro loads when a Faro URL is configured. Without the runtime config's
 * collectors each stays a no-op and nothing of its library is loaded (docs/browser-telemetry.md).
 * Nothing here is awaited: the app mounts while telemetry starts.
 */
export function startTelemetry(runtime: PortalRuntimeConfig, auth: Auth): Telemetry {
  const analytics = createAnalytics({
    collectorUrl: runtime.analytics?.collectorUrl,
    apiKey: runtime.analytics?.apiKey,
    salt: runtime.analytics?.salt,
  });
  trackUserInAnalytics(analytics, auth);

  // Never traced nor given `traceparent`: the identity provider and the other collectors.
  const otherParties = [runtime.oidc.authority, runtime.analytics?.collectorUrl, runtime.observability?.faroUrl];

  const tracing = createTracing({
    endpoints: runtime.tracing?.endpoints ?? [],
    serviceName: APP_NAME,
    serviceVersion: APP_VERSION,
    ignoreUrls: otherParties,
  });
  setTracing(tracing);
  if (runtime.tracing) void tracing.start();

  const observability = createObservability({
    url: runtime.observability?.faroUrl,
    appName: runtime.observability?.appName ?? APP_NAME,
    appVersion: APP_VERSION,
    salt: runtime.analytics?.salt,
    ignoreUrls: [runtime.oidc.authority, runtime.analytics?.collectorUrl, ...(runtime.tracing?.endpoints ?? [])],
  });
  if (observability.enabled) {
    void observability.start();
    trackUserInObservability(observability, auth);
  }

  return { analytics, tracing, observability };
}
