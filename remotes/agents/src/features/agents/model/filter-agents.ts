import type { Agent } from '@assistant/contracts';

/**
 * The agents whose name or description holds every word of `query` (case- and accent-insensitive),
 * in the order given; an empty query keeps them all.
 */
export function filterAgents(agents: readonly Agent[], query: string): Agent[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...agents];
  return agents.filter((agent) => {
    const text = fold(`${agent.name} ${agent.description}`);
    return words.every((word) => text.includes(word));
  });
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}
