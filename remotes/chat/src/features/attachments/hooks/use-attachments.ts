import type { CollectionFile, FileUploadState, MessageAttachment } from '@assistant/contracts';
import { RequestAbortedError, useConfigStore, useQuery, useQueryClient } from '@assistant/platform';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { conversationKeys } from '../../../query-keys';
import { deleteAttachment } from '../api/delete-attachment';
import { ATTACHMENTS_POLLING, attachmentsQuery } from '../api/get-attachments';
import { reprocessAttachment } from '../api/reprocess-attachment';
import { uploadAttachment } from '../api/upload-attachment';
import { attachmentProblemFrom, attachmentStates, attachmentsReadiness, checkAttachment, type AttachmentItem } from '../model/attachment-item';

/** Uploads under way at once; the others wait their turn (as in the collections). */
export const MAX_PARALLEL_ATTACHMENT_UPLOADS = 2;

export interface Attachments {
  items: readonly AttachmentItem[];
  /** The SPEC upload state of each item, same order. */
  states: readonly FileUploadState[];
  /** Whether a message may go with them: all processed (or none), some still on their way, some failed. */
  readiness: 'ready' | 'in-progress' | 'failed';
  /** The processed files with their names: the message payload's `attachments` (their ids), shown with the question. */
  files: MessageAttachment[];
  /** Checks each file (types and size as the collections do) and uploads the rest. */
  add(files: Iterable<File>): void;
  /** Sends a failed upload again, or has a file whose processing failed processed again. */
  retry(id: string): void;
  /** Takes an attachment off the message (a sent one is deleted from the conversation too). */
  remove(id: string): void;
  /** The message went with them: the composer starts empty again (the files stay in the conversation). */
  clear(): void;
}

const NO_FILES: CollectionFile[] = [];
let nextId = 0;

/**
 * The composer's attachments of one conversation: each file uploaded into the conversation
 * (POST conversations/{id}/files, with progress), at most two at once, then watched in the
 * conversation's files list until processed. A new conversation is created first, once, by the
 * first attachment (`ensureConversation`). Leaving the conversation aborts uploads in flight.
 * `onSettled` hears each attachment's end (processed or failed) once, for the announcement.
 */
export function useAttachments(
  conversationId: string | undefined,
  ensureConversation: () => Promise<string | undefined>,
  onSettled?: (item: AttachmentItem, state: FileUploadState) => void,
): Attachments {
  const queryClient = useQueryClient();
  const maxMB = useConfigStore((state) => state.config.maxFileUploadSizeMB);
  const [items, setItems] = useState<AttachmentItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const creating = useRef<Promise<string | undefined> | null>(null);
  const ensureRef = useRef(ensureConversation);
  ensureRef.current = ensureConversation;

  const itemsRef = useRef(items);
  itemsRef.current = items;
  const sent = items.some((item) => item.phase === 'sent');
  const filesQuery = useQuery({
    ...attachmentsQuery(conversationId ?? ''),
    enabled: conversationId !== undefined && sent,
    // Asked again while one of ours is not processed yet.
    refetchInterval: (query) =>
      attachmentStates(itemsRef.current, query.state.data ?? NO_FILES).some((state) => state === 'uploaded' || state === 'processing')
        ? ATTACHMENTS_POLLING.intervalMs
        : false,
  });
  const files = filesQuery.data ?? NO_FILES;
  const states = useMemo(() => attachmentStates(items, files), [items, files]);

  const update = useCallback((id: string, change: Partial<AttachmentItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  useEffect(() => {
    const inFlight = controllers.current;
    return () => {
      for (const controller of inFlight.values()) controller.abort('left the conversation');
      inFlight.clear();
    };
  }, []);

  /** The conversation the files go to; a new one is created once, however many files wait for it. */
  const target = useCallback(async (): Promise<string | undefined> => {
    if (conversationId !== undefined) return conversationId;
    creating.current ??= ensureRef.current().finally(() => (creating.current = null));
    return creating.current;
  }, [conversationId]);

  const start = useCallback(
    (item: AttachmentItem) => {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      update(item.id, { phase: 'uploading', progress: 0, problem: null });
      void (async () => {
        try {
          const id = await target();
          if (controller.signal.aborted) return;
          if (id === undefined) {
            update(item.id, { phase: 'failed', problem: { kind: 'no-conversation' } });
            return;
          }
          const record = await uploadAttachment(id, item.file, {
            signal: controller.signal,
            onProgress: ({ loaded, total }) => {
              if (!controller.signal.aborted) update(item.id, { progress: total > 0 ? Math.min(1, loaded / total) : null });
            },
          });
          if (controller.signal.aborted) return;
          update(item.id, { phase: 'sent', progress: 1, fileId: record.fileId, sentStatus: record.status });
          void queryClient.invalidateQueries({ queryKey: conversationKeys.files(id) });
        } catch (error) {
          if (controller.signal.aborted) return; // removed, or the conversation was left
          if (!(error instanceof RequestAbortedError)) console.warn(`Uploading ${item.file.name} failed`, error);
          update(item.id, { phase: 'failed', problem: attachmentProblemFrom(error) });
        } finally {
          if (controllers.current.get(item.id) === controller) controllers.current.delete(item.id);
        }
      })();
    },
    [target, update, queryClient],
  );

  // Start waiting items while fewer than the maximum are under way.
  useEffect(() => {
    let free = MAX_PARALLEL_ATTACHMENT_UPLOADS - items.filter((item) => item.phase === 'uploading').length;
    for (const item of items) {
      if (free <= 0) break;
      if (item.phase !== 'queued' || controllers.current.has(item.id)) continue;
      start(item);
      free -= 1;
    }
  }, [items, start]);

  // Each attachment's end is heard once (processed, or a failure), for the announcement.
  const settledRef = useRef(new Map<string, FileUploadState>());
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;
  useEffect(() => {
    items.forEach((item, index) => {
      const state = states[index]!;
      const end = state === 'processed' || state === 'success' ? 'processed' : ['uploading-failed', 'processing-failed', 'error'].includes(state) ? state : undefined;
      const heard = settledRef.current.get(item.id);
      if (end === undefined) {
        if (heard !== undefined) settledRef.current.delete(item.id); // retried: its next end is heard again
        return;
      }
      if (heard === end) return;
      settledRef.current.set(item.id, end);
      onSettledRef.current?.(item, state);
    });
  }, [items, states]);

  const add = useCallback(
    (added: Iterable<File>) => {
      const next: AttachmentItem[] = [];
      for (const file of added) {
        const problem = checkAttachment(file, maxMB);
        next.push({ id: `attachment-${++nextId}`, file, phase: problem ? 'refused' : 'queued', progress: null, problem, fileId: null, sentStatus: null });
      }
      if (next.length > 0) setItems((current) => [...current, ...next]);
    },
    [maxMB],
  );

  const retry = useCallback(
    (id: string) => {
      const index = items.findIndex((item) => item.id === id);
      const item = items[index];
      if (!item) return;
      if (states[index] === 'processing-failed' && item.fileId && conversationId) {
        const fileId = item.fileId;
        update(id, { sentStatus: 'uploaded' });
        reprocessAttachment(fileId)
          .catch((error: unknown) => console.warn(`Processing ${item.file.name} again failed`, error))
          .finally(() => void queryClient.invalidateQueries({ queryKey: conversationKeys.files(conversationId) }));
        return;
      }
      if (item.phase === 'failed') update(id, { phase: 'queued', progress: null, problem: null });
    },
    [items, states, conversationId, update, queryClient],
  );

  const remove = useCallback(
    (id: string) => {
      const item = items.find((entry) => entry.id === id);
      if (!item) return;
      controllers.current.get(id)?.abort('removed');
      controllers.current.delete(id);
      settledRef.current.delete(id);
      setItems((current) => current.filter((entry) => entry.id !== id));
      if (item.fileId && conversationId) {
        const cid = conversationId;
        deleteAttachment(cid, item.fileId)
          .catch((error: unknown) => console.warn(`Removing ${item.file.name} from the conversation failed`, error))
          .finally(() => void queryClient.invalidateQueries({ queryKey: conversationKeys.files(cid) }));
      }
    },
    [items, conversationId, queryClient],
  );

  const clear = useCallback(() => {
    settledRef.current.clear();
    setItems([]);
  }, []);

  const sentFiles = useMemo(
    () =>
      items.flatMap((item, index) =>
        item.fileId && (states[index] === 'processed' || states[index] === 'success') ? [{ file_id: item.fileId, name: item.file.name }] : [],
      ),
    [items, states],
  );
  return { items, states, readiness: attachmentsReadiness(states), files: sentFiles, add, retry, remove, clear };
}
