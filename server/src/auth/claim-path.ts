/** Claims as the server reads them: a verified JWT payload, an introspection answer or userinfo. */
export type Claims = Record<string, unknown>;

/** Reads a claim by a dotted path, so that `realm_access.roles` (Keycloak) works as well as `roles`. */
export function claimAt(claims: Claims, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => {
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  }, claims);
}

/** A copy of `claims` with `value` at the dotted `path` (objects on the way are copied, not changed). */
export function withClaimAt(claims: Claims, path: string, value: unknown): Claims {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...claims, [head!]: value };
  const inner = claims[head!];
  const base = inner !== null && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Claims) : {};
  return { ...claims, [head!]: withClaimAt(base, rest.join('.'), value) };
}
