/** The administrators' retention policy and its runs: one prefix, so saving invalidates both. */
export const retentionKeys = {
  all: ['admin', 'retention'] as const,
  policy: () => [...retentionKeys.all, 'policy'] as const,
  runs: () => [...retentionKeys.all, 'runs'] as const,
};
