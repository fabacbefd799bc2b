import { safeFileName } from '@assistant/ui';

/** A file name for an agent's export: its name as a file name (safeFileName), `.agent.json`. */
export function exportFileName(name: string): string {
  return `${safeFileName(name, 'agent')}.agent.json`;
}
