import { z } from './zod-mini';
import { httpUrlSchema } from './basics';

/**
 * `/portal-config.json`: what the shell needs before anything else, served beside the static host
 * so that one build runs against any identity provider or analytics collector (no rebuild per
 * environment). The local start writes it from the environment; production deploys a file.
 * zod/mini: on the shell's start-up path.
 */
export const portalRuntimeConfigSchema = z.object({
  oidc: z.object({
    authority: httpUrlSchema,
    clientId: z.string().check(z.minLength(1)),
  }),
  /** Product analytics (posthog-compatible); absent: analytics is off. */
  analytics: z.optional(
    z.object({
      collectorUrl: httpUrlSchema,
      apiKey: z.string().check(z.minLength(1)),
      /** Salt for the anonymised user id hash (SPEC section 7). */
      salt: z.string().check(z.minLength(8)),
    }),
  ),
  /** Trace export endpoints; absent or unreachable: tracing is a no-op. */
  tracing: z.optional(z.object({ endpoints: z.array(httpUrlSchema).check(z.minLength(1)) })),
  /** Front-end observability (Grafana Faro collector); absent: Faro is not loaded. */
  observability: z.optional(
    z.object({
      faroUrl: httpUrlSchema,
      /** The app name Faro reports (the product name by default). */
      appName: z.optional(z.string().check(z.minLength(1))),
    }),
  ),
});
export type PortalRuntimeConfig = z.infer<typeof portalRuntimeConfigSchema>;
