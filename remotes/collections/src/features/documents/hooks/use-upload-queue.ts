import type { UploadResponse } from '@assistant/contracts';
import { RequestAbortedError } from '@assistant/platform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadFile } from '../api/upload-file';
import type { UploadItem } from '../model/upload-item';
import { checkUpload } from '../model/upload-limits';
import { uploadProblemFrom } from '../model/upload-problem';

/** Requests under way at once; the others wait their turn. */
export const MAX_PARALLEL_UPLOADS = 2;

export interface UploadQueue {
  items: UploadItem[];
  /** Checks each file against the limits (refused ones never leave the browser) and queues the rest. */
  add(files: Iterable<File>): void;
  /** Sends an item whose upload failed again. */
  retry(id: string): void;
  /** Takes an item off the list. */
  dismiss(id: string): void;
  /** Takes these items off the list (finished ones, or those of a removed file). */
  dismissWhere(test: (item: UploadItem) => boolean): void;
}

let nextId = 0;

/**
 * The uploads of the details page: one request per file through uploadFile (XHR with progress),
 * at most MAX_PARALLEL_UPLOADS at once. Leaving the page aborts what is in flight.
 */
export function useUploadQueue(
  collectionId: string,
  maxFileUploadSizeMB: number,
  onSent: (record: UploadResponse['files'][number]) => void,
): UploadQueue {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;

  const update = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  // Leaving the page: abort every request in flight.
  useEffect(() => {
    const inFlight = controllers.current;
    return () => {
      for (const controller of inFlight.values()) controller.abort('left the collection');
      inFlight.clear();
    };
  }, []);

  const start = useCallback(
    (item: UploadItem) => {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      update(item.id, { phase: 'uploading', progress: 0, problem: null });
      uploadFile(collectionId, item.file, {
        signal: controller.signal,
        onProgress: ({ loaded, total }) => {
          if (!controller.signal.aborted) update(item.id, { progress: total > 0 ? Math.min(1, loaded / total) : null });
        },
      }).then(
        (record) => {
          controllers.current.delete(item.id);
          if (controller.signal.aborted) return;
          update(item.id, { phase: 'sent', progress: 1, fileId: record.fileId, sentStatus: record.status });
          onSentRef.current(record);
        },
        (error: unknown) => {
          controllers.current.delete(item.id);
          if (controller.signal.aborted) return; // the page was left
          if (!(error instanceof RequestAbortedError)) console.warn(`Uploading ${item.file.name} failed`, error);
          update(item.id, { phase: 'failed', problem: uploadProblemFrom(error) });
        },
      );
    },
    [collectionId, update],
  );

  // Start queued items while fewer than the maximum are under way.
  useEffect(() => {
    let free = MAX_PARALLEL_UPLOADS - items.filter((item) => item.phase === 'uploading').length;
    for (const item of items) {
      if (free <= 0) break;
      if (item.phase !== 'queued' || controllers.current.has(item.id)) continue;
      start(item);
      free -= 1;
    }
  }, [items, start]);

  const add = useCallback(
    (files: Iterable<File>) => {
      const added: UploadItem[] = [];
      for (const file of files) {
        const refusal = checkUpload(file, maxFileUploadSizeMB);
        added.push({
          id: `upload-${++nextId}`,
          file,
          phase: refusal ? 'refused' : 'queued',
          progress: null,
          problem: refusal,
          fileId: null,
          sentStatus: null,
        });
      }
      if (added.length > 0) setItems((current) => [...current, ...added]);
    },
    [maxFileUploadSizeMB],
  );

  const retry = useCallback(
    (id: string) => update(id, { phase: 'queued', progress: null, problem: null }),
    [update],
  );

  const dismissWhere = useCallback((test: (item: UploadItem) => boolean) => {
    setItems((current) => {
      const gone = current.filter(test);
      for (const item of gone) {
        controllers.current.get(item.id)?.abort('dismissed');
        controllers.current.delete(item.id);
      }
      return gone.length === 0 ? current : current.filter((item) => !test(item));
    });
  }, []);

  const dismiss = useCallback((id: string) => dismissWhere((item) => item.id === id), [dismissWhere]);

  return { items, add, retry, dismiss, dismissWhere };
}
