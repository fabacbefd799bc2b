import type { Conversation } from '@assistant/contracts';
import type { ChatHistory } from '../../history';
import { importBatches, type ImportPlan } from './read-import-file';

/** The import stopped at a batch the history refused: what was imported before it stays. */
export class ImportRunError extends Error {
  constructor(
    readonly imported: Conversation[],
    override readonly cause: unknown,
  ) {
    super('The import stopped');
    this.name = 'ImportRunError';
  }
}

/**
 * Imports a read file into the history, one request (batch) after the other, telling how many
 * conversations are in after each; stops at the first failure (ImportRunError, with those already
 * imported, which stay: each batch is whole or not there).
 */
export async function runImport(
  history: Pick<ChatHistory, 'importConversations'>,
  plan: Pick<ImportPlan, 'conversations'>,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<Conversation[]> {
  const imported: Conversation[] = [];
  const total = plan.conversations.length;
  onProgress(0, total);
  for (const batch of importBatches(plan.conversations)) {
    try {
      imported.push(...(await history.importConversations(batch)));
    } catch (error) {
      throw new ImportRunError(imported, error);
    }
    onProgress(imported.length, total);
  }
  return imported;
}
