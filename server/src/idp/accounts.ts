import { createHash, timingSafeEqual } from 'node:crypto';

/** What the dev identity provider knows about a person. */
export interface DemoAccount {
  /** Stable subject identifier (`sub`). */
  sub: string;
  username: string;
  email: string;
  name: string;
  givenName: string;
  familyName: string;
  admin: boolean;
  /** The departments the account is in (GROUPS_CLAIM): sharing with a group reaches its members. */
  groups: readonly string[];
}

interface StoredAccount extends DemoAccount {
  /** sha256 of the password; compared in constant time. */
  passwordHash: Buffer;
}

const sha256 = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/**
 * The demo accounts of the dev identity provider: two employees in one department (finance: each
 * one's personal data stays private, and what one shares with finance the other sees), an outsider
 * in another department (sales) and an administrator (it). The passwords are public on purpose
 * (README, login page): this provider exists for local development and tests, never for production.
 */
const ACCOUNTS: readonly StoredAccount[] = [
  {
    sub: 'employee',
    username: 'employee',
    email: 'employee@example.com',
    name: 'Erika Employee',
    givenName: 'Erika',
    familyName: 'Employee',
    admin: false,
    groups: ['finance'],
    passwordHash: sha256('employee'),
  },
  {
    sub: 'colleague',
    username: 'colleague',
    email: 'colleague@example.com',
    name: 'Chris Colleague',
    givenName: 'Chris',
    familyName: 'Colleague',
    admin: false,
    groups: ['finance'],
    passwordHash: sha256('colleague'),
  },
  {
    sub: 'outsider',
    username: 'outsider',
    email: 'outsider@example.com',
    name: 'Olivia Outsider',
    givenName: 'Olivia',
    familyName: 'Outsider',
    admin: false,
    groups: ['sales'],
    passwordHash: sha256('outsider'),
  },
  {
    sub: 'admin',
    username: 'admin',
    email: 'admin@example.com',
    name: 'Adam Admin',
    givenName: 'Adam',
    familyName: 'Admin',
    admin: true,
    groups: ['it'],
    passwordHash: sha256('admin'),
  },
];

const bySub = new Map(ACCOUNTS.map((a) => [a.sub, a]));
const byUsername = new Map(ACCOUNTS.map((a) => [a.username, a]));
/** Compared against when the username is unknown, so both failures cost the same. */
const NO_MATCH = sha256(`no-such-account:${Math.random()}`);

function publicView(account: StoredAccount): DemoAccount {
  const { passwordHash: _hash, ...rest } = account;
  return rest;
}

export function listDemoAccounts(): DemoAccount[] {
  return ACCOUNTS.map(publicView);
}

export function findAccountBySub(sub: string): DemoAccount | undefined {
  const account = bySub.get(sub);
  return account ? publicView(account) : undefined;
}

/**
 * Checks a username/password pair. Both sides are hashed to equal-length digests and compared with
 * `timingSafeEqual`; an unknown username still performs one comparison.
 */
export function verifyCredentials(username: string, password: string): DemoAccount | undefined {
  const account = byUsername.get(username.trim());
  const expected = account?.passwordHash ?? NO_MATCH;
  const matches = timingSafeEqual(sha256(password), expected);
  return account && matches ? publicView(account) : undefined;
}

/** OpenID Connect standard claims per scope, as this provider answers them (id token and userinfo). */
export const SCOPE_CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'preferred_username', 'given_name', 'family_name'],
} as const satisfies Record<string, readonly string[]>;

/** Every standard claim of the account; the provider (or the userinfo route) filters by scope. */
export function standardClaims(account: DemoAccount): Record<string, unknown> {
  return {
    sub: account.sub,
    email: account.email,
    email_verified: true,
    name: account.name,
    preferred_username: account.username,
    given_name: account.givenName,
    family_name: account.familyName,
  };
}

/** The standard claims of the account that the given scopes release. */
export function claimsForScopes(account: DemoAccount, scopes: Iterable<string>): Record<string, unknown> {
  const all = standardClaims(account);
  const released: Record<string, unknown> = { sub: account.sub };
  for (const scope of scopes) {
    const names: readonly string[] | undefined = (SCOPE_CLAIMS as Record<string, readonly string[]>)[scope];
    for (const name of names ?? []) released[name] = all[name];
  }
  return released;
}

export interface AuthClaimNames {
  rolesClaim: string;
  adminRole: string;
  groupsClaim: string;
  numinousGroup: string;
}

/**
 * Puts a value at a dotted claim path (`realm_access.roles` becomes a nested object), the way the
 * API server reads role and group claims. An existing list at the same path is merged.
 */
function setClaimAt(claims: Record<string, unknown>, path: string, values: string[]): void {
  const keys = path.split('.');
  const last = keys.pop()!;
  let target = claims;
  for (const key of keys) {
    const next = target[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  const existing = Array.isArray(target[last]) ? (target[last] as string[]) : [];
  target[last] = [...new Set([...existing, ...values])];
}

/**
 * Claims added to every access token: identity plus the role and group claims the API checks
 * (names from the configuration; a dotted name is a nested claim; equal names share one list).
 * Groups are the account's departments, and the administrator's NUMINOUS_GROUP.
 */
export function accessTokenClaims(account: DemoAccount, names: AuthClaimNames): Record<string, unknown> {
  const claims: Record<string, unknown> = {
    sub: account.sub,
    email: account.email,
    name: account.name,
    preferred_username: account.username,
  };
  setClaimAt(claims, names.rolesClaim, account.admin ? [names.adminRole] : []);
  setClaimAt(claims, names.groupsClaim, [...account.groups, ...(account.admin ? [names.numinousGroup] : [])]);
  return claims;
}
