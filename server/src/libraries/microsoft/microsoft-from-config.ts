import type { ServerConfig } from '../../config';
import { createMicrosoftConnector, type MicrosoftConnector } from './graph-connector';
import { MicrosoftOAuth } from './microsoft-oauth';

/** Microsoft 365 as this server offers it: the sign-in and the connector. */
export interface Microsoft365 {
  oauth: MicrosoftOAuth;
  connector: MicrosoftConnector;
}

/**
 * Microsoft 365 when an Entra ID app is configured (MICROSOFT_CLIENT_ID); undefined: not offered.
 * The sign-in service (token endpoint) is the operator's configuration and is called with `fetch`
 * (the global one); Graph and its download hosts go through the sessions' guarded fetch.
 */
export function microsoft365FromConfig(config: Pick<ServerConfig, 'microsoft' | 'libraries'>, options: { fetch?: typeof fetch } = {}): Microsoft365 | undefined {
  if (!config.microsoft) return undefined;
  const oauth = new MicrosoftOAuth(config.microsoft, { fetch: options.fetch, timeoutMs: config.libraries.requestTimeoutMs });
  return { oauth, connector: createMicrosoftConnector({ oauth }) };
}
