import { z } from './zod-mini';
import { FEATURE_FLAG_NAMES } from './feature-flags';

/**
 * The features of the platform's gating table (SPEC section 4; `FEATURE_TABLE` in
 * shared/platform/src/gating/feature-sets.ts, which says which feature set each arrives with). The
 * contracts cannot import the platform, so the names are listed here for the registry's `feature`
 * field; the host's tests and a type check keep this list and the platform's `FEATURE_NAMES` equal.
 */
export const REGISTRY_FEATURE_NAMES = [
  'localChatHistory',
  'tokenStreaming',
  'accessibility',
  'accessibilityContact',
  'collections',
  'personalAgents',
  'signLanguage',
  'easyLanguage',
  'customizationView',
  'mcpTools',
  'naturalLanguageSearch',
] as const;
export type RegistryFeatureName = (typeof REGISTRY_FEATURE_NAMES)[number];

/**
 * What the server may or may not be able to do, as a registry entry's `requires` names it, and
 * the call that says so: `transcription`, GET /api/transcriptions/config `available` (a
 * transcription model is configured).
 */
export const REGISTRY_CAPABILITIES = ['transcription'] as const;
export type RegistryCapability = (typeof REGISTRY_CAPABILITIES)[number];

/**
 * The remote registry the host reads at start (DESIGN.md section 3): where each remote's manifest
 * is and where it mounts. A team deploys its remote by changing its manifest URL or files; the
 * host is not rebuilt. Entries are validated one by one: a bad entry is skipped and logged.
 * zod/mini: on the shell's start-up path.
 */
export const remoteRegistryEntrySchema = z.object({
  /** Federation name of the remote, as in its webpack config (`chat`, `qa`, ...). */
  name: z.string().check(z.regex(/^[a-z][a-z0-9_]*$/, 'Must be a lower-case federation name')),
  /** Absolute URL or site path of the remote's `mf-manifest.json`. */
  manifestUrl: z
    .union([z.url(), z.string().check(z.regex(/^\/\S*$/))])
    .check(z.refine((url) => url.endsWith('mf-manifest.json'), { message: 'Must point at an mf-manifest.json' })),
  /** Route the remote's routes are relative to: `/chat`, `/usecases/qa`. */
  routeBase: z.string().check(z.regex(/^\/[a-z0-9\-/]*[a-z0-9]$/, 'Must be a path such as /chat')),
  /**
   * Which of the remote's route tables this entry mounts (its module's `mounts`, by name), for a
   * remote mounted at several route bases: the registry says which app goes where, the remote
   * never reads its route base. Without it, the module's `routes`.
   */
  mount: z.optional(z.string().check(z.regex(/^[a-z][a-z0-9-]*$/, 'Must be a lower-case name such as summarize'))),
  /** Shown and routed only when this flag is on. */
  featureFlag: z.optional(z.enum(FEATURE_FLAG_NAMES)),
  /**
   * Shown and routed only when the feature set includes this feature (platform gating table). An
   * unknown name (a typo) makes the entry bad, so it is skipped and logged instead of being on
   * under BETA (where every feature is on) and off under every release code.
   */
  feature: z.optional(z.enum(REGISTRY_FEATURE_NAMES)),
  /**
   * Shown and routed only when the server says this capability is available (`transcription`:
   * GET /api/transcriptions/config `available`). While the answer is unknown or failed, the entry
   * is neither shown nor routed. An unknown name makes the entry bad (skipped and logged).
   */
  requires: z.optional(z.enum(REGISTRY_CAPABILITIES)),
  /** The shell's navigation entry; the label key lives in the shell's own translations. */
  navigation: z.optional(
    z.object({ labelKey: z.string().check(z.minLength(1)), icon: z.string().check(z.minLength(1)), order: z.int() }),
  ),
});
export type RemoteRegistryEntry = z.infer<typeof remoteRegistryEntrySchema>;

/** The file as a whole; its entries are checked one by one with `remoteRegistryEntrySchema`. */
export const remoteRegistrySchema = z.object({ remotes: z.array(z.unknown()) });
