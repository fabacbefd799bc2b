import { auditQuerySchema } from '@assistant/contracts';
import type { AuditFilters } from './api/get-audit-page';

/** The filter fields as typed. */
export interface AuditFilterDraft {
  actor: string;
  action: string;
  from: string;
  to: string;
}

export type AuditFilterProblem = 'actor' | 'day' | 'order';

/** The filters `draft` asks for, checked with the contract's schema, or each refused field and why. */
export function checkAuditFilters(draft: AuditFilterDraft): { filters: AuditFilters } | { problems: Partial<Record<keyof AuditFilterDraft, AuditFilterProblem>> } {
  const parsed = auditQuerySchema.safeParse({
    actor: draft.actor.trim() || undefined,
    action: draft.action || undefined,
    from: draft.from || undefined,
    to: draft.to || undefined,
  });
  const problems: Partial<Record<keyof AuditFilterDraft, AuditFilterProblem>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'actor') problems.actor = 'actor';
      if (field === 'from' || field === 'to') problems[field] = 'day';
    }
    return { problems };
  }
  const { from, to } = parsed.data;
  if (from && to && to < from) return { problems: { to: 'order' } };
  const { cursor: _cursor, ...filters } = parsed.data;
  return { filters };
}

export const draftFromFilters = (filters: AuditFilters): AuditFilterDraft => ({
  actor: filters.actor ?? '',
  action: filters.action ?? '',
  from: filters.from ?? '',
  to: filters.to ?? '',
});
