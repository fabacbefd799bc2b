/**
 * A file name for a canvas export: its title without characters file systems refuse, at most 80
 * characters, with `extension`.
 */
export function canvasFileName(title: string, extension: 'md' | 'docx'): string {
  const base = title
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${base || 'canvas'}.${extension}`;
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

/** The first heading's text, else the first line's, at most 80 characters; undefined for a blank document. */
export function titleFromMarkdown(markdown: string): string | undefined {
  const lines = markdown.split('\n').map((line) => line.trim()).filter(Boolean);
  const line = lines.find((entry) => /^#{1,6}\s/.test(entry)) ?? lines[0];
  if (!line) return undefined;
  const text = line
    .replace(/^#{1,6}\s+|^[-*+>]\s+|^\d+[.)]\s+/, '')
    .replace(/[*_`~[\]]|\(https?:[^)]*\)/g, '')
    .trim();
  if (!text) return undefined;
  return text.length > 80 ? `${text.slice(0, 79).trimEnd()}…` : text;
}
