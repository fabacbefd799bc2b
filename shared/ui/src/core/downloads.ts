/**
 * Files the browser saves for the user (an export, a transcript): one way to offer a download and
 * one rule for a file name made from a title.
 */

/** `title` as a file name: without characters file systems refuse, at most `maxLength` characters, `fallback` when nothing is left. */
export function safeFileName(title: string, fallback: string, maxLength = 80): string {
  const base = title
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, maxLength)
    .trim();
  return base || fallback;
}

/** Saves `blob` as a download named `fileName` (an object URL on a temporary link). */
export function downloadBlob(blob: Blob, fileName: string): void {
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

/** Saves `value` as a pretty-printed JSON download named `fileName` (an export file). */
export function downloadJson(value: unknown, fileName: string): void {
  downloadBlob(new Blob([`${JSON.stringify(value, null, 2)}\n`], { type: 'application/json' }), fileName);
}
