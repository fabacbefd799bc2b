import { RESEARCH_TOOL_RESULT_MAX_CHARACTERS, type ToolContent } from '@assistant/contracts';

/**
 * What a task's tool call returned, as text for the task list (the execution event's
 * `tool_result`): the text parts as they are, a found document by its title or file name (each
 * once), cut at RESEARCH_TOOL_RESULT_MAX_CHARACTERS with "…". '' when the call returned nothing.
 * The text is the tool's (untrusted): the browser shows it as text, never as markup.
 */
export function toolResultText(content: readonly ToolContent[]): string {
  const lines: string[] = [];
  const documents = new Set<string>();
  for (const part of content) {
    if (part.type === 'text') {
      if (part.text.trim() !== '') lines.push(part.text.trim());
      continue;
    }
    const name = part.resource.metadata.title?.trim() || part.resource.metadata.fileName?.trim() || part.resource.uri;
    if (documents.has(name)) continue;
    documents.add(name);
    lines.push(name);
  }
  const text = lines.join('\n');
  return text.length > RESEARCH_TOOL_RESULT_MAX_CHARACTERS ? `${text.slice(0, RESEARCH_TOOL_RESULT_MAX_CHARACTERS).trimEnd()}…` : text;
}
