import { safeFileName } from '@assistant/ui';

/** A file name for a canvas export: its title as a file name (safeFileName), with `extension`. */
export function canvasFileName(title: string, extension: 'md' | 'docx'): string {
  return `${safeFileName(title, 'canvas')}.${extension}`;
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
