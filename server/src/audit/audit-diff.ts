/**
 * The fields of two states of an item that differ, each side holding only those (the audit log's
 * before and after of a change): a flag switched is one key on each side, not the whole set.
 * Undefined when nothing differs. Fields are compared by their JSON.
 */
export function auditDiff<T extends object>(before: T, after: T): { before: Partial<T>; after: Partial<T> } | undefined {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])] as (keyof T & string)[];
  const changed = keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (changed.length === 0) return undefined;
  const pick = (state: T) => Object.fromEntries(changed.map((key) => [key, state[key] ?? null])) as Partial<T>;
  return { before: pick(before), after: pick(after) };
}
