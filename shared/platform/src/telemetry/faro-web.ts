import { InternalLoggerLevel, getWebInstrumentations, initializeFaro, type BrowserConfig, type Faro, type TransportItem } from '@grafana/faro-web-sdk';
import { FARO_BATCHING, type FaroSetup } from './config';
import { PausingFetchTransport } from './faro-transport';
import { scrubDeep } from './scrub';

/**
 * The Grafana Faro part of observability, loaded by `createObservability` with a dynamic
 * `import()` only when a Faro URL is configured.
 */

/** beforeSend: no token, sign-in code or state, conversation name in any URL of an item. */
export function scrubItem(item: TransportItem): TransportItem {
  return { ...item, payload: scrubDeep(item.payload), meta: scrubDeep(item.meta) };
}

/** Faro's configuration (SPEC section 9 "Observability batching" and session numbers). */
export function faroConfig(setup: FaroSetup, transport: PausingFetchTransport): BrowserConfig {
  return {
    app: { name: setup.appName, version: setup.appVersion, environment: setup.environment },
    transports: [transport],
    // 250 ms or 50 items, whichever comes first.
    batching: { enabled: true, ...FARO_BATCHING },
    // Faro's sessions last at most 4 h (SESSION_EXPIRATION_TIME) and end after 15 min without
    // activity (SESSION_INACTIVITY_TIME): the spec's numbers, Faro's fixed defaults.
    sessionTracking: { enabled: true, persistent: true },
    // Errors, web vitals, sessions, views, navigation, resource timings, CSP violations. Not the
    // console: what the portal logs may quote user text.
    instrumentations: getWebInstrumentations({ captureConsole: false }),
    beforeSend: scrubItem,
    ignoreUrls: setup.ignoreUrls,
    preventGlobalExposure: true,
    internalLoggerLevel: InternalLoggerLevel.ERROR,
  };
}

export function startFaro(setup: FaroSetup): { faro: Faro; transport: PausingFetchTransport } {
  const transport = new PausingFetchTransport({ url: setup.url, fetch: setup.fetch });
  const faro = initializeFaro(faroConfig(setup, transport));
  return { faro, transport };
}
