import {
  CONVERSATION_EXPORT_FORMAT,
  CONVERSATION_EXPORT_FORMAT_VERSION,
  CONVERSATION_IMPORT_BATCH_MAX_CHARACTERS,
  CONVERSATION_IMPORT_BATCH_MAX_CONVERSATIONS,
  CONVERSATION_IMPORT_MAX_CONVERSATIONS,
  CONVERSATION_IMPORT_MAX_FILE_BYTES,
  conversationExportSchema,
  exportedConversationSchema,
  importedSizeOf,
  type ExportedConversation,
} from '@assistant/contracts';
import { chatGptConversations, isChatGptExport } from './chatgpt-conversations';
import { countLeftOut, countSkipped, emptyReport, type ImportReport } from './import-report';

/** Why a file cannot be imported at all. */
export type ImportFileProblem = 'tooLarge' | 'notJson' | 'unknownFormat' | 'newerVersion' | 'invalid' | 'nothingToImport';

export class ImportFileError extends Error {
  constructor(
    readonly problem: ImportFileProblem,
    /** For `invalid`: where and what, in the contract's words ("conversations.0.messages.2.role: Must be one of: user, assistant"). */
    readonly detail?: string,
  ) {
    super(detail ? `${problem}: ${detail}` : problem);
    this.name = 'ImportFileError';
  }
}

/** A file read for import: its conversations as the contract has them, and what of it is left out. */
export interface ImportPlan {
  source: 'portal' | 'chatgpt';
  conversations: ExportedConversation[];
  report: ImportReport;
}

/**
 * Reads an import file: the portal's own export (checked strictly against the contract: a file
 * that does not fit is refused with the first complaint) or ChatGPT's conversations.json
 * (converted leniently, each converted conversation then checked strictly: one that still does
 * not fit is left out and counted). Attachments are only names in a file: they are counted as left
 * out. A conversation too large for one import request is left out too.
 */
export function readImportFile(content: string, byteLength: number, options: { fallbackName: string }): ImportPlan {
  if (byteLength > CONVERSATION_IMPORT_MAX_FILE_BYTES) throw new ImportFileError('tooLarge');
  let value: unknown;
  try {
    value = JSON.parse(content.replace(/^\uFEFF/, ''));
  } catch {
    throw new ImportFileError('notJson');
  }
  const report = emptyReport();
  let source: ImportPlan['source'];
  let conversations: ExportedConversation[];
  if (isChatGptExport(value)) {
    source = 'chatgpt';
    conversations = chatGptConversations(value, report, { fallbackName: options.fallbackName, limit: CONVERSATION_IMPORT_MAX_CONVERSATIONS }).filter((conversation) => {
      const checked = exportedConversationSchema.safeParse(conversation);
      if (!checked.success) countSkipped(report, 'invalid');
      return checked.success;
    });
  } else if (typeof value === 'object' && value !== null && 'format' in value && value.format === CONVERSATION_EXPORT_FORMAT) {
    source = 'portal';
    const version = (value as { format_version?: unknown }).format_version;
    if (typeof version === 'number' && version > CONVERSATION_EXPORT_FORMAT_VERSION) throw new ImportFileError('newerVersion');
    const checked = conversationExportSchema.safeParse(value);
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      throw new ImportFileError('invalid', `${issue.path.join('.') || '(file)'}: ${issue.message}`);
    }
    conversations = checked.data.conversations;
  } else throw new ImportFileError('unknownFormat');

  conversations = conversations.filter((conversation) => {
    const fits = importedSizeOf(conversation) <= CONVERSATION_IMPORT_BATCH_MAX_CHARACTERS;
    if (!fits) countSkipped(report, 'tooLarge');
    return fits;
  });
  for (const conversation of conversations) {
    for (const message of conversation.messages) countLeftOut(report, 'attachments', message.attachments?.length ?? 0);
  }
  if (conversations.length === 0) throw new ImportFileError('nothingToImport');
  return { source, conversations, report };
}

/**
 * The conversations in requests of at most CONVERSATION_IMPORT_BATCH_MAX_CONVERSATIONS and
 * CONVERSATION_IMPORT_BATCH_MAX_CHARACTERS each, in order (each conversation fits one: readImportFile).
 */
export function importBatches(conversations: readonly ExportedConversation[]): ExportedConversation[][] {
  const batches: ExportedConversation[][] = [];
  let batch: ExportedConversation[] = [];
  let size = 0;
  for (const conversation of conversations) {
    const next = importedSizeOf(conversation);
    if (batch.length > 0 && (batch.length >= CONVERSATION_IMPORT_BATCH_MAX_CONVERSATIONS || size + next > CONVERSATION_IMPORT_BATCH_MAX_CHARACTERS)) {
      batches.push(batch);
      batch = [];
      size = 0;
    }
    batch.push(conversation);
    size += next;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}
