// Types of serve-portal.mjs for the TypeScript tests.
import type { FastifyInstance } from 'fastify';

export const PROXIED_PREFIXES: string[];
export function cacheControlFor(path: string): string;
export function contentSecurityPolicy(options: {
  remoteOrigins?: Array<string | undefined>;
  idpOrigin?: string;
  connectOrigins?: Array<string | undefined>;
  frameAncestors?: string;
}): string;
export function portalConfigFromEnv(env?: NodeJS.ProcessEnv): unknown;

export interface PortalOptions {
  host: string;
  port: number;
  distDir: string;
  apiUrl: string;
  registry: () => { remotes: unknown[] };
  portalConfig: () => unknown;
  proxyTimeoutMs: number;
}
export function portalOptionsFromEnv(env?: NodeJS.ProcessEnv): PortalOptions;
export function createPortalServer(
  options: Pick<PortalOptions, 'distDir' | 'apiUrl' | 'registry' | 'portalConfig'> & { proxyTimeoutMs?: number; logger?: unknown },
): Promise<FastifyInstance>;
