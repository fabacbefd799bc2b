import 'fake-indexeddb/auto';
import type { ExportedConversation } from '@assistant/contracts';
import { createLocalHistory } from '../../history';
import { conversationExportFile, exportConversation } from '../model/conversation-document';
import { readImportFile } from '../model/read-import-file';
import { ImportRunError, runImport } from '../model/run-import';
import { conversation, messages } from '../model/__tests__/export-fixtures';

/** A conversation with its own ids replaced by their order (an import gives new ids; the shape stays). */
function shape(exported: ExportedConversation) {
  const names = new Map(exported.messages.map((message, index) => [message.id, `m${index}`]));
  return {
    ...exported,
    current_message_id: exported.current_message_id && names.get(exported.current_message_id),
    messages: exported.messages.map((message) => ({ ...message, id: names.get(message.id), parent_id: message.parent_id && names.get(message.parent_id) })),
  };
}

describe('export and import with the browser-kept history', () => {
  it('keeps every message, branch and tool step (the numbered documents) through a round trip', async () => {
    const history = createLocalHistory({ userSub: 'round-trip' });
    const exported = exportConversation(conversation, messages);
    const json = JSON.stringify(conversationExportFile([exported]));
    const plan = readImportFile(json, json.length, { fallbackName: 'Imported' });
    const progress: Array<[number, number]> = [];
    const [imported] = await runImport(history, plan, (done, total) => progress.push([done, total]));
    expect(progress).toEqual([
      [0, 1],
      [1, 1],
    ]);
    expect(imported).toMatchObject({ name: conversation.name, created_at: conversation.created_at, updated_at: conversation.updated_at });
    expect((await history.listConversations()).map((c) => c.id)).toEqual([imported!.id]);

    const stored = await history.listMessages(imported!.id);
    expect(stored.every((message) => message.conversation_id === imported!.id && !messages.some((m) => m.message_id === message.message_id))).toBe(true);
    const again = exportConversation(imported!, stored);
    // The file's attachments are names only: this history keeps none.
    const withoutAttachments = { ...exported, messages: exported.messages.map(({ attachments, ...message }) => (void attachments, message)) };
    expect(shape(again)).toEqual(shape(withoutAttachments));
    expect(again.messages[2]!.tool_events).toEqual(messages[3]!.tool_events);
  });

  it('stops at a refused batch, keeping what was imported before it', async () => {
    const one = exportConversation(conversation, messages);
    const plan = { conversations: Array.from({ length: 30 }, (_, index) => ({ ...one, name: `C ${index}` })) };
    let calls = 0;
    const failing = {
      importConversations: async (batch: readonly ExportedConversation[]) => {
        calls += 1;
        if (calls === 2) throw new Error('offline');
        return batch.map((c, index) => ({ id: `id-${index}`, name: c.name, created_at: c.created_at, updated_at: c.updated_at }));
      },
    };
    const error = await runImport(failing, plan).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportRunError);
    expect((error as ImportRunError).imported).toHaveLength(25);
  });
});
