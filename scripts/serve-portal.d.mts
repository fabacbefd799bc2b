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
export const DISABLED_FEATURES: string[];
export const PERMISSIONS_POLICY: string;
export function openerPolicyFor(path: string): string | undefined;
export function sourceMapsServed(env?: NodeJS.ProcessEnv): boolean;
export function staticPathFilter(sourceMaps: boolean): ((pathname: string) => boolean) | undefined;

export interface PortalOptions {
  host: string;
  port: number;
  distDir: string;
  apiUrl: string;
  registry: () => { remotes: unknown[] };
  portalConfig: () => unknown;
  proxyTimeoutMs: number;
  /** Serve `*.map` files: only for a development build (NODE_ENV=development). */
  sourceMaps: boolean;
}
export function portalOptionsFromEnv(env?: NodeJS.ProcessEnv): PortalOptions;
export function createPortalServer(
  options: Pick<PortalOptions, 'distDir' | 'apiUrl' | 'registry' | 'portalConfig'> & { proxyTimeoutMs?: number; sourceMaps?: boolean; logger?: unknown },
): Promise<FastifyInstance>;
