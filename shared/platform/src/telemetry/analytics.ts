import { isDoNotTrack } from './do-not-track';

/** The part of posthog-js the facade uses (posthog-js's default export fits it). */
export interface AnalyticsClient {
  init(apiKey: string, config: Record<string, unknown>): unknown;
  identify(distinctId: string): void;
  capture(event: string, properties?: Record<string, unknown>): unknown;
  reset(): void;
}

export interface AnalyticsOptions {
  /** The collector's URL. Without it analytics is off and every call does nothing. */
  collectorUrl?: string | null;
  /** The collector's project API key. */
  apiKey?: string | null;
  /** Salt of the user-id hash, supplied at run time (never bundled). Without it users stay anonymous. */
  salt?: string | null;
  /** Loads the client; posthog-js, loaded lazily so it costs nothing when analytics is off. */
  load?: () => Promise<AnalyticsClient>;
}

export interface Analytics {
  /** False when no collector is configured or do-not-track is on. */
  readonly enabled: boolean;
  /** Identifies the user by a salted SHA-256 hash of the id, once per change of id; null resets. */
  identify(userId: string | null | undefined): Promise<void>;
  capture(event: string, properties?: Record<string, unknown>): Promise<void>;
}

/** Hex SHA-256 of salt + ':' + userId (Web Crypto). */
export async function hashUserId(userId: string, salt: string): Promise<string> {
  const bytes = new TextEncoder().encode(`${salt}:${userId}`);
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

const loadPosthog = async (): Promise<AnalyticsClient> => (await import('posthog-js')).default as unknown as AnalyticsClient;

/**
 * The analytics facade over posthog-js (SPEC section 7 "Analytics and telemetry"). On only with
 * a collector URL and without do-not-track; then the recording masks every input and all text,
 * element attributes are masked, and the user is known only by the salted hash of their id.
 */
export function createAnalytics(options: AnalyticsOptions): Analytics {
  const enabled = Boolean(options.collectorUrl && options.apiKey) && !isDoNotTrack();
  let client: Promise<AnalyticsClient | null> | null = null;
  let identifiedUserId: string | null = null;
  let warnedNoSalt = false;

  const getClient = (): Promise<AnalyticsClient | null> => {
    if (!enabled) return Promise.resolve(null);
    client ??= (options.load ?? loadPosthog)()
      .then((instance) => {
        instance.init(options.apiKey!, {
          api_host: options.collectorUrl,
          respect_dnt: true,
          person_profiles: 'identified_only',
          mask_all_text: true,
          mask_all_element_attributes: true,
          session_recording: { maskAllInputs: true, maskTextSelector: '*' },
          // The portal's own feature flags and surveys are not the analytics provider's.
          advanced_disable_feature_flags: true,
          disable_surveys: true,
        });
        return instance;
      })
      .catch((error: unknown) => {
        console.warn('Analytics could not be started', error);
        return null;
      });
    return client;
  };

  return {
    enabled,
    async identify(userId) {
      if (!enabled || isDoNotTrack()) return;
      const id = userId ?? null;
      if (id === identifiedUserId) return;
      const instance = await getClient();
      if (!instance) return;
      identifiedUserId = id;
      if (id === null) {
        instance.reset();
        return;
      }
      if (!options.salt) {
        if (!warnedNoSalt) console.warn('Analytics: no salt configured, the user stays anonymous');
        warnedNoSalt = true;
        return;
      }
      instance.identify(await hashUserId(id, options.salt));
    },
    async capture(event, properties) {
      if (!enabled || isDoNotTrack()) return;
      const instance = await getClient();
      instance?.capture(event, properties);
    },
  };
}
