import {
  GROUP_RETENTION_KINDS,
  RETENTION_KINDS,
  retentionDaysSchema,
  type GroupRetentionKind,
  type RetentionKind,
  type RetentionPolicy,
} from '@assistant/contracts';

/** One period as edited: forever, a number of days as typed, or (for a group) the default's. */
export interface PeriodDraft {
  mode: 'forever' | 'days' | 'default';
  days: string;
}

export interface GroupDraft {
  groupId: string;
  name: string;
  days: Record<GroupRetentionKind, PeriodDraft>;
}

export interface RetentionDraft {
  defaults: Record<RetentionKind, PeriodDraft>;
  groups: GroupDraft[];
}

/** Why a typed period is refused, worded by the page. */
export type PeriodProblem = 'required' | 'whole' | 'min' | 'max';

/** A field of the form: a default's kind, or a group's kind. */
export const fieldId = (kind: RetentionKind, groupId?: string) => (groupId === undefined ? `defaults.${kind}` : `groups.${groupId}.${kind}`);

const periodDraft = (days: number | null | undefined): PeriodDraft =>
  days === undefined ? { mode: 'default', days: '' } : days === null ? { mode: 'forever', days: '' } : { mode: 'days', days: String(days) };

const mapKinds = <K extends string, W>(kinds: readonly K[], value: (kind: K) => W) =>
  Object.fromEntries(kinds.map((kind) => [kind, value(kind)])) as Record<K, W>;

export function draftFromPolicy(policy: RetentionPolicy): RetentionDraft {
  return {
    defaults: mapKinds(RETENTION_KINDS, (kind) => periodDraft(policy.defaults[kind])),
    groups: policy.groups.map((group) => ({
      groupId: group.group_id,
      name: group.name ?? group.group_id,
      days: mapKinds(GROUP_RETENTION_KINDS, (kind) => periodDraft(group.days[kind])),
    })),
  };
}

/** A new group in the form: every kind as the default until changed. */
export const newGroupDraft = (groupId: string, name: string): GroupDraft => ({
  groupId,
  name,
  days: mapKinds(GROUP_RETENTION_KINDS, () => periodDraft(undefined)),
});

/** The days of a period (undefined: the default's), or why they are refused (the contract's rule). */
function parsePeriod(period: PeriodDraft): { days: number | null | undefined } | { problem: PeriodProblem } {
  if (period.mode === 'default') return { days: undefined };
  if (period.mode === 'forever') return { days: null };
  const text = period.days.trim();
  if (text === '') return { problem: 'required' };
  const parsed = retentionDaysSchema.safeParse(/^-?\d+$/.test(text) ? Number(text) : Number.NaN);
  if (parsed.success) return { days: parsed.data };
  const code = parsed.error.issues[0]?.code;
  return { problem: code === 'too_small' ? 'min' : code === 'too_big' ? 'max' : 'whole' };
}

/** The policy to save, or the problem of each refused field (by `fieldId`). */
export function policyFromDraft(draft: RetentionDraft): { policy: RetentionPolicy } | { problems: Record<string, PeriodProblem> } {
  const problems: Record<string, PeriodProblem> = {};
  const read = (period: PeriodDraft, id: string) => {
    const result = parsePeriod(period);
    if ('problem' in result) {
      problems[id] = result.problem;
      return undefined;
    }
    return result.days;
  };
  const defaults = mapKinds(RETENTION_KINDS, (kind) => read(draft.defaults[kind], fieldId(kind)) ?? null);
  const groups = draft.groups.map((group) => {
    const days: Partial<Record<GroupRetentionKind, number | null>> = {};
    for (const kind of GROUP_RETENTION_KINDS) {
      const value = read(group.days[kind], fieldId(kind, group.groupId));
      if (value !== undefined) days[kind] = value;
    }
    return { group_id: group.groupId, name: group.name, days };
  });
  return Object.keys(problems).length > 0 ? { problems } : { policy: { defaults, groups } };
}

/** A kind whose data the next run deletes sooner than the saved policy would. */
export interface Shortening {
  kind: RetentionKind;
  /** The group it applies to; undefined: the default. */
  group?: string;
  before: number | null;
  after: number;
}

const shorter = (before: number | null, after: number | null): after is number => after !== null && (before === null || after < before);

/**
 * What the new policy deletes that the saved one keeps: each default made shorter, and each group
 * whose own period (or the default it follows) becomes shorter when it has a period of its own.
 */
export function shortenings(saved: RetentionPolicy, next: RetentionPolicy): Shortening[] {
  const found: Shortening[] = [];
  for (const kind of RETENTION_KINDS) {
    const before = saved.defaults[kind];
    const after = next.defaults[kind];
    if (shorter(before, after)) found.push({ kind, before, after });
  }
  const savedGroups = new Map(saved.groups.map((group) => [group.group_id, group]));
  for (const group of next.groups) {
    const old = savedGroups.get(group.group_id);
    for (const kind of GROUP_RETENTION_KINDS) {
      if (group.days[kind] === undefined && old?.days[kind] === undefined) continue;
      const before = old?.days[kind] !== undefined ? old.days[kind] : saved.defaults[kind];
      const after = group.days[kind] !== undefined ? group.days[kind] : next.defaults[kind];
      if (shorter(before, after)) found.push({ kind, group: group.name ?? group.group_id, before, after });
    }
  }
  return found;
}
