import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONVERSATION_EXPORT_FORMAT,
  CONVERSATION_IMPORT_BATCH_MAX_CONVERSATIONS,
  CONVERSATION_IMPORT_MAX_FILE_BYTES,
  exportedConversationSchema,
  type ExportedConversation,
} from '@assistant/contracts';
import { conversationExportFile, exportConversation, shownBranch } from '../conversation-document';
import { importBatches, ImportFileError, readImportFile } from '../read-import-file';
import { conversation, messages } from './export-fixtures';

const chatGptFile = readFileSync(join(__dirname, 'fixtures', 'chatgpt-conversations.json'), 'utf8');
const read = (content: string) => readImportFile(content, content.length, { fallbackName: 'Imported conversation' });
const problemOf = (content: string) => {
  try {
    read(content);
  } catch (error) {
    if (error instanceof ImportFileError) return [error.problem, error.detail];
  }
  return undefined;
};

describe("ChatGPT's conversations.json", () => {
  const plan = read(chatGptFile);

  it('takes each conversation once with the turns a reader saw, and counts what it leaves out', () => {
    expect(plan.source).toBe('chatgpt');
    expect(plan.conversations.map((c) => c.name)).toEqual(['Reisekosten Zürich', 'Meeting notes']);
    // The second listing of the same conversation is a duplicate; one holding only a system prompt is empty.
    expect(plan.report.skippedConversations).toEqual({ duplicate: 1, empty: 1 });
    // Two images (one beside text, one alone), the upload of the receipt, the call to a tool and its result.
    expect(plan.report.leftOut).toEqual({ images: 2, files: 1, toolResults: 2 });
    for (const converted of plan.conversations) expect(exportedConversationSchema.safeParse(converted).success).toBe(true);
  });

  it('keeps every branch, hangs a turn under its nearest kept ancestor and shows the branch to current_node', () => {
    const [zurich] = plan.conversations as [ExportedConversation];
    expect(zurich.messages.map((m) => [m.id, m.parent_id, m.role])).toEqual([
      ['q1', null, 'user'],
      ['a1', 'q1', 'assistant'],
      ['a1b', 'q1', 'assistant'],
      ['q2', 'a1b', 'user'],
      // Its parents were the call to a tool and the tool's result.
      ['a2', 'q2', 'assistant'],
    ]);
    expect(zurich.current_message_id).toBe('a2');
    expect(shownBranch(zurich).map((m) => m.content)).toEqual([
      'Wie hoch ist die Tagespauschale in Zürich?',
      'Für **Zürich** gilt eine Tagespauschale von 64 CHF (Stand 2024).',
      'Was steht auf dieser Quittung?',
      'Die Quittung lautet über 42 € – bezahlt in München.',
    ]);
    expect(zurich).toMatchObject({ created_at: '2024-11-28T08:00:00.500Z', updated_at: '2024-11-28T09:00:00.250Z' });
    expect(zurich.messages[1]).toMatchObject({ model: 'gpt-4o', status: 'complete', created_at: '2024-11-28T08:00:10.000Z' });
  });

  it('reads an answer still in progress as stopped, with its model', () => {
    const notes = plan.conversations[1]!;
    expect(notes.messages.at(-1)).toMatchObject({ role: 'assistant', status: 'stopped', model: 'o3', content: '1. Budget agreed\n2. Next meeting' });
  });

  it('takes one conversation given alone, names an untitled one and cuts a message past the limit', () => {
    const single = JSON.parse(chatGptFile)[2];
    single.title = '';
    single.mapping.n2.message.content.parts = ['x'.repeat(200_001)];
    const alone = read(JSON.stringify(single));
    expect(alone.conversations[0]!.name).toBe('Imported conversation');
    expect(alone.conversations[0]!.messages[1]!.content).toHaveLength(200_000);
    expect(alone.report.leftOut).toEqual({ shortened: 1 });
  });
});

describe("the portal's own file", () => {
  const file = conversationExportFile([exportConversation(conversation, messages)]);

  it('is checked strictly and read as it is, the attachments counted as left out (the file names them only)', () => {
    const plan = read(JSON.stringify(file));
    expect(plan.source).toBe('portal');
    expect(plan.conversations).toEqual(file.conversations);
    expect(plan.report).toEqual({ skippedConversations: {}, leftOut: { attachments: 1 } });
  });

  it('refuses what it cannot read, saying why', () => {
    const bad = structuredClone(file) as unknown as { conversations: Array<{ messages: Array<Record<string, unknown>> }> };
    bad.conversations[0]!.messages[1]!.role = 'tool';
    expect(problemOf(JSON.stringify(bad))).toEqual(['invalid', 'conversations.0.messages.1.role: Must be one of: user, assistant']);
    const cyclic = structuredClone(file) as unknown as { conversations: Array<{ messages: Array<Record<string, unknown>> }> };
    cyclic.conversations[0]!.messages[0]!.parent_id = cyclic.conversations[0]!.messages[1]!.id;
    expect(problemOf(JSON.stringify(cyclic))?.[1]).toBe('conversations.0.messages.0.parent_id: Must name an earlier message of the conversation');
    expect(problemOf(JSON.stringify({ ...file, format_version: 2 }))).toEqual(['newerVersion', undefined]);
    expect(problemOf(JSON.stringify({ ...file, extra: true }))?.[0]).toBe('invalid');
    expect(problemOf('{"format": "assistant.agent"}')).toEqual(['unknownFormat', undefined]);
    expect(problemOf('not json')).toEqual(['notJson', undefined]);
    expect(problemOf('[]')).toEqual(['unknownFormat', undefined]);
    expect(problemOf('[{"mapping": {}}]')).toEqual(['nothingToImport', undefined]);
    expect(() => readImportFile('{}', CONVERSATION_IMPORT_MAX_FILE_BYTES + 1, { fallbackName: 'x' })).toThrow(new ImportFileError('tooLarge'));
    expect(file.format).toBe(CONVERSATION_EXPORT_FORMAT);
  });
});

describe('import requests', () => {
  it('take at most the batch limit of conversations each, in order', () => {
    const one = exportConversation(conversation, messages);
    const many = Array.from({ length: CONVERSATION_IMPORT_BATCH_MAX_CONVERSATIONS * 2 + 1 }, (_, index) => ({ ...one, name: `C ${index}` }));
    const batches = importBatches(many);
    expect(batches.map((batch) => batch.length)).toEqual([CONVERSATION_IMPORT_BATCH_MAX_CONVERSATIONS, CONVERSATION_IMPORT_BATCH_MAX_CONVERSATIONS, 1]);
    expect(batches.flat()).toEqual(many);
  });
});
