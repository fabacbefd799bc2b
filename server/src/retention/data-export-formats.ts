import type { DataExportFormat } from '@assistant/contracts';
import { EXPORT_SECTIONS, type DataExport, type ExportSection } from './data-export';

/** Who the export is of, as the token says. */
export interface ExportedUser {
  sub: string;
  name: string | null;
  email: string | null;
}

/** The export file's media type and name (dated, so several exports do not overwrite each other). */
export function exportFile(format: DataExportFormat, at: Date): { contentType: string; fileName: string } {
  const day = at.toISOString().slice(0, 10);
  return format === 'json'
    ? { contentType: 'application/json; charset=utf-8', fileName: `assistant-export-${day}.json` }
    : { contentType: 'text/markdown; charset=utf-8', fileName: `assistant-export-${day}.md` };
}

/** The export as one JSON document, written a conversation (or entry) at a time. */
export async function* exportJson(data: DataExport, user: ExportedUser, at: Date): AsyncGenerator<string> {
  yield `{"exported_at":${JSON.stringify(at.toISOString())},"user":${JSON.stringify(user)},\n"conversations":[`;
  yield* jsonList(data.conversations(user.sub));
  yield ']';
  for (const section of EXPORT_SECTIONS) {
    yield `,\n${JSON.stringify(section)}:[`;
    yield* jsonList(data.section(user.sub, section));
    yield ']';
  }
  yield '}\n';
}

async function* jsonList(items: AsyncIterable<unknown>): AsyncGenerator<string> {
  let first = true;
  for await (const item of items) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(item)}`;
    first = false;
  }
}

const SECTION_TITLES: Record<ExportSection, string> = {
  agents: 'Agents',
  custom_apps: 'Custom apps',
  prompts: 'Prompts',
  collections: 'Collections',
  canvases: 'Canvases',
  research_runs: 'Research runs',
  memories: 'Memories',
  usage_this_year: 'Usage this year',
};

const ROLE_NAMES: Record<string, string> = { user: 'You', assistant: 'Assistant', system: 'System' };

/** A name on one line (a heading or list item must not be broken by the user's own line breaks). */
const oneLine = (text: unknown) => String(text ?? '').replace(/\s+/g, ' ').trim();

/** One list item of a section's entry. */
function sectionItem(section: ExportSection, entry: Record<string, unknown>): string {
  switch (section) {
    case 'agents':
      return `- **${oneLine(entry.name)}** (${entry.visibility}, version ${entry.version}, changed ${entry.updated_at})`;
    case 'custom_apps':
      return `- **${oneLine(entry.name)}** (${entry.visibility}, version ${entry.version}): ${oneLine(entry.description)}`;
    case 'prompts':
      return `- **${oneLine(entry.title)}**: ${oneLine(entry.text)}`;
    case 'collections': {
      const documents = entry.documents as Array<Record<string, unknown>>;
      return [`- **${oneLine(entry.name)}** (${documents.length} ${documents.length === 1 ? 'document' : 'documents'})`, ...documents.map((document) => `  - ${oneLine(document.name)} (version ${document.version}, ${document.created_at})`)].join('\n');
    }
    case 'canvases':
      return `- **${oneLine(entry.title)}** (version ${entry.version}, changed ${entry.updated_at})`;
    case 'research_runs':
      return `- **${oneLine(entry.title ?? entry.question)}** (${entry.status}, ${entry.created_at}): ${oneLine(entry.question)}`;
    case 'memories':
      return `- ${oneLine(entry.text)} (${entry.source === 'chat' ? 'said in a chat' : 'added in the settings'}, ${entry.created_at})`;
    case 'usage_this_year':
      return `- ${entry.feature}, ${entry.model}: ${entry.calls} calls, ${entry.input_tokens} tokens in, ${entry.output_tokens} tokens out`;
  }
}

/** The export as one readable Markdown document: the conversations in full, the rest as lists. */
export async function* exportMarkdown(data: DataExport, user: ExportedUser, at: Date): AsyncGenerator<string> {
  yield `# Your data in the assistant\n\nExported ${at.toISOString()} for ${oneLine(user.name ?? user.email ?? user.sub)}.\n\n## Conversations\n`;
  let any = false;
  for await (const conversation of data.conversations(user.sub)) {
    any = true;
    const messages = conversation.messages.map(
      (message) => `**${ROLE_NAMES[message.role] ?? message.role}**${message.model ? ` (${message.model})` : ''}, ${message.created_at}:\n\n${message.content}\n`,
    );
    yield `\n### ${oneLine(conversation.name)}\n\n_Started ${conversation.created_at}, last activity ${conversation.updated_at}._\n\n${messages.join('\n')}`;
  }
  if (!any) yield '\nNone.\n';
  for (const section of EXPORT_SECTIONS) {
    yield `\n## ${SECTION_TITLES[section]}\n\n`;
    let entries = 0;
    for await (const entry of data.section(user.sub, section)) {
      yield `${sectionItem(section, entry)}\n`;
      entries += 1;
    }
    if (entries === 0) yield 'None.\n';
  }
}
