import { PERMISSION_ADMINISTRATE, PERMISSION_DEVELOPER, PERMISSION_NUMINOUS } from '@assistant/contracts';
import type { ServerConfig } from '../config';
import { claimAt, type Claims } from './claim-path';

/** The signed-in user of a request, as the server knows it from the verified access token. */
export interface Principal {
  sub: string;
  email: string | undefined;
  name: string | undefined;
  roles: string[];
  groups: string[];
  permissions: ReadonlySet<string>;
}

/**
 * Who asks, as the repositories scope rows by it: the user's sub, and whether they administrate
 * the assistant (company collections, agents and apps are theirs to change). Each request's is
 * `request.viewer` (auth-hook.ts).
 */
export interface Viewer {
  sub: string;
  isAdmin: boolean;
  /** The groups of the verified token (or userinfo): sharing with a group reaches exactly these. */
  groups: readonly string[];
}

export function viewerOf(principal: Principal): Viewer {
  return { sub: principal.sub, isAdmin: principal.permissions.has(PERMISSION_ADMINISTRATE), groups: principal.groups };
}

function stringList(value: unknown): string[] {
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/**
 * The principal from a checked token's claims, merged with userinfo's where configured
 * (token-verifier.ts). ROLES_CLAIM and GROUPS_CLAIM are dotted paths: `roles`, `realm_access.roles`.
 */
export function principalFromClaims(claims: Claims & { sub: string }, auth: ServerConfig['auth']): Principal {
  const roles = stringList(claimAt(claims, auth.rolesClaim));
  const groups = stringList(claimAt(claims, auth.groupsClaim));
  const permissions = new Set<string>();
  if (roles.includes(auth.adminRole)) permissions.add(PERMISSION_ADMINISTRATE);
  if (groups.includes(auth.numinousGroup)) permissions.add(PERMISSION_NUMINOUS);
  // Developer mode is everyone's unless restricted; the restriction names a role or a group, as IdPs carry either.
  const developerRole = auth.developerModeRole;
  if (developerRole === undefined || roles.includes(developerRole) || groups.includes(developerRole)) permissions.add(PERMISSION_DEVELOPER);
  return {
    sub: claims.sub,
    email: optionalString(claims.email),
    name: optionalString(claims.name) ?? optionalString(claims.preferred_username),
    roles,
    groups,
    permissions,
  };
}
