import { useCallback, useEffect, useRef, useState } from 'react';
import { RequestAbortedError } from '../http/errors';
import type { UploadProgress } from '../http/upload-with-progress';
import { useConfigStore } from '../stores/config-store';
import { checkUpload, uploadProblemFrom, type UploadItem, type UploadProblem } from './upload-item';
import type { UploadRecord } from './upload-one-file';

/** Requests under way at once; the others wait their turn. */
export const MAX_PARALLEL_UPLOADS = 2;

export interface UploadQueueOptions<Extra = never> {
  /** Sends one file with the signal and the progress callback (uploadOneFile to its endpoint). */
  send(file: File, options: { signal: AbortSignal; onProgress: (progress: UploadProgress) => void }): Promise<UploadRecord>;
  /** Why a send failed; uploadProblemFrom unless the caller has problems of its own. */
  problemFrom?(error: unknown): UploadProblem | Extra;
  /** A file reached the server. */
  onSent?(record: UploadRecord): void;
  /**
   * The caller's own rule for a file (the chat takes images with limits of their own): a problem,
   * null to send it, undefined to leave it to the usual checks (types and the configured size).
   */
  check?(file: File): UploadProblem | Extra | null | undefined;
}

export interface UploadQueue<Extra = never> {
  items: ReadonlyArray<UploadItem<Extra>>;
  /** Checks each file against the limits (refused ones never leave the browser) and queues the rest. */
  add(files: Iterable<File>): void;
  /** Sends an item whose upload failed again. */
  retry(id: string): void;
  /** Changes what the browser knows of an item (a sent file whose processing starts again). */
  update(id: string, change: Partial<Pick<UploadItem<Extra>, 'sentStatus'>>): void;
  /** Takes an item off the list, aborting its request. */
  dismiss(id: string): void;
  /** Takes these items off the list (finished ones, or those of a removed file). */
  dismissWhere(test: (item: UploadItem<Extra>) => boolean): void;
}

let nextId = 0;

/**
 * Files uploaded one request each with progress, at most MAX_PARALLEL_UPLOADS at once, checked
 * first against the configured size limit and the accepted types. Leaving the screen aborts what
 * is in flight.
 */
export function useUploadQueue<Extra = never>(options: UploadQueueOptions<Extra>): UploadQueue<Extra> {
  const maxMB = useConfigStore((state) => state.config.maxFileUploadSizeMB);
  const [items, setItems] = useState<Array<UploadItem<Extra>>>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const update = useCallback((id: string, change: Partial<UploadItem<Extra>>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  useEffect(() => {
    const inFlight = controllers.current;
    return () => {
      for (const controller of inFlight.values()) controller.abort('left the page');
      inFlight.clear();
    };
  }, []);

  const start = useCallback(
    (item: UploadItem<Extra>) => {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      update(item.id, { phase: 'uploading', progress: 0, problem: null });
      const onProgress = ({ loaded, total }: UploadProgress) => {
        if (!controller.signal.aborted) update(item.id, { progress: total > 0 ? Math.min(1, loaded / total) : null });
      };
      optionsRef.current.send(item.file, { signal: controller.signal, onProgress }).then(
        (record) => {
          controllers.current.delete(item.id);
          if (controller.signal.aborted) return;
          update(item.id, { phase: 'sent', progress: 1, fileId: record.fileId, sentStatus: record.status });
          optionsRef.current.onSent?.(record);
        },
        (error: unknown) => {
          controllers.current.delete(item.id);
          if (controller.signal.aborted) return; // dismissed, or the screen was left
          if (!(error instanceof RequestAbortedError)) console.warn(`Uploading ${item.file.name} failed`, error);
          update(item.id, { phase: 'failed', problem: (optionsRef.current.problemFrom ?? uploadProblemFrom)(error) });
        },
      );
    },
    [update],
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
      const added: Array<UploadItem<Extra>> = [];
      for (const file of files) {
        const own = optionsRef.current.check?.(file);
        const refusal = own === undefined ? checkUpload(file, maxMB) : own;
        added.push({ id: `upload-${++nextId}`, file, phase: refusal ? 'refused' : 'queued', progress: null, problem: refusal, fileId: null, sentStatus: null });
      }
      if (added.length > 0) setItems((current) => [...current, ...added]);
    },
    [maxMB],
  );

  const retry = useCallback((id: string) => update(id, { phase: 'queued', progress: null, problem: null }), [update]);

  const dismissWhere = useCallback((test: (item: UploadItem<Extra>) => boolean) => {
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

  return { items, add, retry, update, dismiss, dismissWhere };
}
