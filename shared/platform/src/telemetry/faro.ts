import type { Faro } from '@grafana/faro-web-sdk';
import { hashUserId } from './analytics';
import { isDoNotTrack } from './do-not-track';
import type { startFaro as StartFaro } from './faro-web';

/**
 * Front-end observability with Grafana Faro (SPEC section 9 "Observability batching", section 8
 * "Telemetry failures"): errors, web vitals and sessions, on only when a Faro collector URL is
 * configured. Faro is loaded with a dynamic `import()` then; without a URL nothing of it loads.
 */

export { FARO_BATCHING, FARO_SESSION_INACTIVITY_MS, FARO_SESSION_MAX_MS, type FaroSetup } from './config';

export interface FaroModule {
  startFaro: typeof StartFaro;
}

export interface ObservabilityOptions {
  /** The Faro collector URL; without it observability is off. */
  url?: string | null;
  appName: string;
  appVersion?: string;
  environment?: string;
  /** The analytics salt: the user is known to Faro only by the same salted hash analytics uses. */
  salt?: string | null;
  ignoreUrls?: readonly (string | null | undefined)[];
  load?: () => Promise<FaroModule>;
  fetch?: typeof fetch;
}

export interface Observability {
  readonly enabled: boolean;
  /** Loads and starts Faro (once); false when off or when it could not start. */
  start(): Promise<boolean>;
  /** Sets the user by the salted hash of the id (never the raw id); null resets. */
  setUser(userId: string | null | undefined): Promise<void>;
  /** Reports a caught error. */
  pushError(error: Error): void;
}

const loadFaroWeb = (): Promise<FaroModule> => import('./faro-web');

export function createObservability(options: ObservabilityOptions): Observability {
  const enabled = Boolean(options.url);
  let faro: Faro | null = null;
  let starting: Promise<boolean> | null = null;
  let userId: string | null = null;

  async function begin(): Promise<boolean> {
    if (!options.url) return false;
    try {
      const { startFaro } = await (options.load ?? loadFaroWeb)();
      faro = startFaro({
        url: options.url,
        appName: options.appName,
        appVersion: options.appVersion,
        environment: options.environment,
        ignoreUrls: (options.ignoreUrls ?? []).filter((url): url is string => Boolean(url)),
        fetch: options.fetch,
      }).faro;
      return true;
    } catch (error) {
      console.warn('Observability (Faro) could not be started', error);
      return false;
    }
  }

  const start = () => (starting ??= begin());

  return {
    enabled,
    start,
    async setUser(id) {
      if (!enabled || !(await start()) || !faro) return;
      const next = id ?? null;
      if (next === userId) return;
      userId = next;
      if (next === null || !options.salt || isDoNotTrack()) {
        faro.api.resetUser();
        return;
      }
      const hashed = await hashUserId(next, options.salt);
      if (userId === next) faro.api.setUser({ id: hashed });
    },
    pushError(error) {
      faro?.api.pushError(error);
    },
  };
}
