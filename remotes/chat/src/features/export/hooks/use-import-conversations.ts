import { CONVERSATION_IMPORT_MAX_FILE_BYTES, type Conversation } from '@assistant/contracts';
import { useLocale, useQueryClient } from '@assistant/platform';
import { readFileText } from '@assistant/ui';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { conversationKeys } from '../../../query-keys';
import type { ScopedChatHistory } from '../../history';
import type { ImportReport } from '../model/import-report';
import { ImportFileError, readImportFile } from '../model/read-import-file';
import { failureText } from '../model/failure-text';
import { ImportRunError, runImport } from '../model/run-import';

/** Where an import stands: nothing yet, reading the file, importing (how many of how many), done, or failed with its reason in words. */
export type ImportState =
  | { phase: 'idle' }
  | { phase: 'reading'; fileName: string }
  | { phase: 'importing'; fileName: string; done: number; total: number }
  | { phase: 'done'; fileName: string; imported: Conversation[]; report: ImportReport }
  | { phase: 'failed'; fileName: string; message: string; imported: Conversation[] };

/**
 * Imports a picked file into `history`: read and checked in the browser (the portal's export or
 * ChatGPT's conversations.json), then sent batch after batch with the progress; the list (and its
 * searches) is asked again as soon as anything was imported, also after a failure part-way.
 */
export function useImportConversations(history: ScopedChatHistory): { state: ImportState; start(file: File): Promise<void>; reset(): void } {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const client = useQueryClient();
  const [state, setState] = useState<ImportState>({ phase: 'idle' });
  const refresh = useCallback(async () => {
    await client.invalidateQueries({ queryKey: conversationKeys.list(history.scope) });
    await client.invalidateQueries({ queryKey: conversationKeys.searches(history.scope) });
  }, [client, history.scope]);

  const start = useCallback(
    async (file: File) => {
      const fileName = file.name;
      setState({ phase: 'reading', fileName });
      let plan;
      try {
        if (file.size > CONVERSATION_IMPORT_MAX_FILE_BYTES) throw new ImportFileError('tooLarge');
        plan = readImportFile(await readFileText(file), file.size, { fallbackName: t('export.import.fallbackName') });
      } catch (error) {
        const message =
          error instanceof ImportFileError
            ? t(`export.import.problems.${error.problem}`, { detail: error.detail, size: CONVERSATION_IMPORT_MAX_FILE_BYTES / 1024 / 1024 })
            : t('export.import.problems.unreadable');
        setState({ phase: 'failed', fileName, message, imported: [] });
        return;
      }
      try {
        const imported = await runImport(history, plan, (done, total) => setState({ phase: 'importing', fileName, done, total }));
        setState({ phase: 'done', fileName, imported, report: plan.report });
        await refresh();
      } catch (error) {
        const failure = error instanceof ImportRunError ? error : new ImportRunError([], error);
        const reason = failureText(failure.cause, language);
        const message = failure.imported.length > 0 ? t('export.import.stoppedAfter', { count: failure.imported.length, reason }) : t('export.import.stopped', { reason });
        setState({ phase: 'failed', fileName, message, imported: failure.imported });
        if (failure.imported.length > 0) await refresh();
      }
    },
    [history, t, language, refresh],
  );
  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state, start, reset };
}
