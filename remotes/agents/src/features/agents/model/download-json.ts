import { downloadBlob, safeFileName } from '@assistant/ui';

/** A file name for an agent's export: its name as a file name (safeFileName), `.agent.json`. */
export function exportFileName(name: string): string {
  return `${safeFileName(name, 'agent')}.agent.json`;
}

/** Saves `value` as a pretty-printed JSON download named `fileName`. */
export function downloadJson(value: unknown, fileName: string): void {
  downloadBlob(new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }), fileName);
}
