/** A file name for an agent's export: its name without characters file systems refuse, `.agent.json`. */
export function exportFileName(name: string): string {
  const base = name
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${base || 'agent'}.agent.json`;
}

/** Saves `value` as a pretty-printed JSON download named `fileName` (an object URL on a temporary link). */
export function downloadJson(value: unknown, fileName: string): void {
  const blob = new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; it can go once the click's task is over.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
