import type { CollectionFile, FileUploadState } from '@assistant/contracts';
import type { UploadItem } from '@assistant/platform';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

/** Upload states the browser decides; the server's statuses are announced from the files list. */
const BROWSER_STATES: ReadonlyArray<FileUploadState> = ['uploading', 'uploading-failed', 'error'];

/**
 * Announces status changes politely: a file that appears or moves on in the list ("report.pdf:
 * Processed"), and uploads that start, fail or are refused. The first answer of the list is not
 * announced (that is the page loading, not a change).
 */
export function useStatusAnnouncements(
  files: readonly CollectionFile[],
  filesLoaded: boolean,
  items: readonly UploadItem[],
  states: readonly FileUploadState[],
  announce: (text: string) => void,
): void {
  const { t } = useTranslation(NAMESPACE);
  const seenFiles = useRef<Map<string, string> | null>(null);
  const seenItems = useRef(new Map<string, FileUploadState>());

  useEffect(() => {
    const changes: string[] = [];
    if (filesLoaded) {
      const now = new Map(files.map((file) => [file.fileId, file.status] as const));
      if (seenFiles.current) {
        for (const file of files) {
          if (seenFiles.current.get(file.fileId) !== file.status) {
            changes.push(t('documents.announce.status', { name: file.name, status: t(`upload.state.${file.status}`) }));
          }
        }
      }
      seenFiles.current = now;
    }
    items.forEach((item, index) => {
      const state = states[index]!;
      if (seenItems.current.get(item.id) !== state && BROWSER_STATES.includes(state)) {
        changes.push(t('documents.announce.status', { name: item.file.name, status: t(`upload.state.${state}`) }));
      }
      seenItems.current.set(item.id, state);
    });
    if (changes.length > 0) announce(changes.join('. '));
  }, [files, filesLoaded, items, states, announce, t]);
}
