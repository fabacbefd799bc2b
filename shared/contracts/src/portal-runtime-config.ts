import { z } from 'zod';
import { httpUrlSchema } from './common';

/**
 * `/portal-config.json`: what the shell needs before anything else, served beside the static host
 * so that one build runs against any identity provider or analytics collector (no rebuild per
 * environment). The local start writes it from the environment; production deploys a file.
 */
export const portalRuntimeConfigSchema = z.object({
  oidc: z.object({
    authority: httpUrlSchema,
    clientId: z.string().min(1),
  }),
  /** Product analytics (posthog-compatible); absent: analytics is off. */
  analytics: z
    .object({
      collectorUrl: httpUrlSchema,
      apiKey: z.string().min(1),
      /** Salt for the anonymised user id hash (SPEC section 7). */
      salt: z.string().min(8),
    })
    .optional(),
  /** Trace export endpoints; absent or unreachable: tracing is a no-op. */
  tracing: z.object({ endpoints: z.array(httpUrlSchema).min(1) }).optional(),
  /** Front-end observability (Grafana Faro collector); absent: Faro is not loaded. */
  observability: z
    .object({
      faroUrl: httpUrlSchema,
      /** The app name Faro reports (the product name by default). */
      appName: z.string().min(1).optional(),
    })
    .optional(),
});
export type PortalRuntimeConfig = z.infer<typeof portalRuntimeConfigSchema>;
