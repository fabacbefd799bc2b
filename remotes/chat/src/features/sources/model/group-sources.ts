import type { InContextSource, InContextSourcesResponse } from '@assistant/contracts';

export interface GroupedSources {
  supporting: InContextSource[];
  conflicting: InContextSource[];
}

/**
 * The answer's sources in two groups, each source once (by source_index, the first seen) and in
 * the order the answer numbers them ([n] = source_index + 1). The response may hold several
 * items (parts of the answer); the chat shows them together.
 */
export function groupSources(response: Pick<InContextSourcesResponse, 'highlighted_sources'>): GroupedSources {
  const collect = (pick: (item: InContextSourcesResponse['highlighted_sources'][number]) => InContextSource[]) => {
    const byIndex = new Map<number, InContextSource>();
    for (const item of response.highlighted_sources) for (const source of pick(item)) if (!byIndex.has(source.source_index)) byIndex.set(source.source_index, source);
    return [...byIndex.values()].sort((a, b) => a.source_index - b.source_index);
  };
  return { supporting: collect((item) => item.supporting), conflicting: collect((item) => item.conflicting) };
}
