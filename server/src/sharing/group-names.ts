/**
 * A group's shown name (docs/sharing.md#group-names). Identity providers send group ids, not
 * names: Keycloak sends paths (`/dept/finance`), Entra ID object ids (GUIDs, named through the
 * GROUP_NAMES mapping), LDAP-backed providers distinguished names (`CN=Finance,OU=Groups,DC=corp`).
 * The administrators' display name comes first, then the configured mapping, then a name read
 * from the id itself.
 */
export type GroupNamer = (group: { id: string; display_name: string | null }) => string;

/** `/dept/finance` → `finance`; `CN=Finance,OU=Groups,DC=corp` → `Finance`; anything else as it is. */
export function nameFromGroupId(id: string): string {
  if (id.startsWith('/')) {
    const last = id.split('/').filter(Boolean).at(-1);
    return last ?? id;
  }
  const cn = /^\s*cn\s*=\s*((?:\\.|[^,\\])*)/i.exec(id);
  if (cn?.[1]) {
    // An escaped character of a DN (RFC 4514: `\,`, `\+`, `\\`) stands for itself.
    const value = cn[1].replace(/\\(.)/g, '$1').trim();
    if (value) return value;
  }
  return id;
}

/** The namer for a configured GROUP_NAMES mapping (id → name). */
export function groupNamer(mapping: Readonly<Record<string, string>>): GroupNamer {
  return (group) => group.display_name ?? (Object.hasOwn(mapping, group.id) ? mapping[group.id]! : nameFromGroupId(group.id));
}
