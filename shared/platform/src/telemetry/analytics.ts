import { isDoNotTrack } from './do-not-track';

/** The part of posthog-js the facade uses (posthog-js's default export fits it). */
export interface AnalyticsClient {
  init(apiKey: string, config: Record<string, unknown>): unknown;
  identify(distinctId: string): void;
  capture(event: string, properties?: Record<string, unknown>): unknown;
  reset(): void;
  /** The id events go out under now (the hash once identified; persisted across reloads). */
  get_distinct_id?(): string;
  /** A persisted property; `$user_state` is 'identified' once identify() ran for someone. */
  get_property?(name: string): unknown;
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

/**
 * posthog-js and its session recorder, in one lazy step (nothing of it is loaded when analytics is
 * off). The recorder is bundled: posthog-js would otherwise fetch `lazy-recorder.js` from the
 * collector, a foreign script the portal's CSP does not allow (`disable_external_dependency_loading`
 * below). The recorder file registers itself on `window.__PosthogExtensions__`.
 */
const loadPosthog = async (): Promise<AnalyticsClient> => {
  const [posthog] = await Promise.all([import('posthog-js'), import('posthog-js/dist/lazy-recorder')]);
  return posthog.default as unknown as AnalyticsClient;
};

/**
 * posthog-js 1.449 settings. `mask_all_text` and `mask_all_element_attributes` apply to
 * autocaptured clicks (no element text, no attributes); `session_recording` is the recorder's own
 * masking: every input value, all text (`maskTextSelector: '*'`) and every element attribute
 * are replaced before a snapshot leaves the page. Options set here win over the collector's
 * project settings (its remote config may switch recording on, not unmask it).
 */
export function posthogConfig(collectorUrl: string): Record<string, unknown> {
  return {
    api_host: collectorUrl,
    respect_dnt: true,
    // The portal is a single-page app: a page view per route, not only per page load.
    capture_pageview: 'history_change',
    person_profiles: 'identified_only',
    // No script from the collector's origin (CSP script-src has none); the recorder is bundled.
    disable_external_dependency_loading: true,
    mask_all_text: true,
    mask_all_element_attributes: true,
    session_recording: {
      maskAllInputs: true,
      maskInputOptions: { password: true },
      maskTextSelector: '*',
      maskAllElementAttributes: true,
      recordCrossOriginIframes: false,
    },
    // SPEC section 9: a new session after 1800 s idle (posthog-js ends one after 24 h anyway),
    // events batched and flushed every 3000 ms.
    session_idle_timeout_seconds: 1800,
    request_queue_config: { flush_interval_ms: 3000 },
    // The portal's own feature flags and surveys are not the analytics provider's.
    advanced_disable_feature_flags: true,
    disable_surveys: true,
    disable_product_tours: true,
    disable_conversations: true,
    disable_web_experiments: true,
  };
}

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
        instance.init(options.apiKey!, posthogConfig(options.collectorUrl!));
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
      const distinctId = await hashUserId(id, options.salt);
      // After a reload posthog-js still knows this user (persisted): nothing to send again.
      if (instance.get_distinct_id?.() === distinctId) return;
      // Someone else is still identified (a sign-out that left before the reset ran): posthog-js
      // would only switch ids silently, so start anonymous and identify the new user properly.
      if (instance.get_property?.('$user_state') === 'identified') instance.reset();
      instance.identify(distinctId);
    },
    async capture(event, properties) {
      if (!enabled || isDoNotTrack()) return;
      const instance = await getClient();
      instance?.capture(event, properties);
    },
  };
}
