import type { AnswerSource } from './answer-sources';

/** The words of a Markdown or PDF export, in the interface language (the hook fills them from i18n). */
export interface ExportLabels {
  /** "Exported on 28 Nov 2026, 17:40" */
  exportedOn: string;
  you: string;
  assistant: string;
  sources: string;
  files: string;
  stopped: string;
  failed: string;
  supporting: string;
  conflicting: string;
  /** "p. 4" or "pp. 4, 5" */
  pages(pages: readonly number[]): string;
}

/** One source as a line: "[2] policy.pdf, p. 4 (contradicts the answer)". */
export function sourceLine(source: AnswerSource, labels: ExportLabels): string {
  const location = source.label?.trim() || (source.pages.length > 0 ? labels.pages(source.pages) : '');
  const stance = source.stance ? ` (${source.stance === 'supporting' ? labels.supporting : labels.conflicting})` : '';
  return `[${source.number}] ${source.name}${location ? `, ${location}` : ''}${stance}`;
}

/** What a message's heading says: who wrote it, the model, and how it ended when it did not finish. */
export function messageHeading(message: { role: 'user' | 'assistant'; model?: string | undefined; status: string }, labels: ExportLabels): string {
  if (message.role === 'user') return labels.you;
  const end = message.status === 'stopped' ? ` (${labels.stopped})` : message.status === 'error' ? ` (${labels.failed})` : '';
  return `${labels.assistant}${message.model ? ` · ${message.model}` : ''}${end}`;
}
