import type { CustomApp } from '@assistant/contracts';
import { notifySuccess, useLocale } from '@assistant/platform';
import { downloadJson, readFileText, safeFileName } from '@assistant/ui';
import { NAMESPACE } from '../../../namespace';
import { useDuplicateCustomApp } from '../api/duplicate-custom-app';
import { exportCustomApp } from '../api/export-custom-app';
import { useImportCustomApp } from '../api/import-custom-app';
import { readExportFile, type ExportFileProblem } from '../model/read-export-file';

/** How an action ended: done (with its result), a failed call, or (import) a file that cannot be read as an app. */
export type TransferResult<T> = { ok: true; value: T } | { ok: false; error: unknown } | { ok: false; problem: ExportFileProblem };

/**
 * The list's copy actions on apps: duplicate (named in the interface language), export to a JSON
 * file and import one (checked with the contract before it is sent). Successes are notified; a
 * failure comes back for the page to show where it happened.
 */
export function useAppTransfer() {
  const language = useLocale();
  const duplicating = useDuplicateCustomApp();
  const importing = useImportCustomApp();

  return {
    importing: importing.isPending,
    async duplicate(app: CustomApp): Promise<TransferResult<CustomApp>> {
      try {
        const copy = await duplicating.mutateAsync({ id: app.id, language });
        notifySuccess({ message: { key: 'apps.duplicated', ns: NAMESPACE, values: { name: copy.name } } });
        return { ok: true, value: copy };
      } catch (error) {
        return { ok: false, error };
      }
    },
    async exportToFile(app: CustomApp): Promise<TransferResult<undefined>> {
      try {
        downloadJson(await exportCustomApp(app.id), `${safeFileName(app.name, 'app')}.app.json`);
        notifySuccess({ message: { key: 'apps.exported', ns: NAMESPACE, values: { name: app.name } } });
        return { ok: true, value: undefined };
      } catch (error) {
        return { ok: false, error };
      }
    },
    async importFile(file: File): Promise<TransferResult<CustomApp>> {
      let text: string;
      try {
        text = await readFileText(file);
      } catch {
        return { ok: false, problem: { kind: 'not-json' } };
      }
      const read = readExportFile(text);
      if (!read.ok) return read;
      try {
        const app = await importing.mutateAsync(read.file);
        notifySuccess({ message: { key: 'apps.imported', ns: NAMESPACE, values: { name: app.name } } });
        return { ok: true, value: app };
      } catch (error) {
        return { ok: false, error };
      }
    },
  };
}
