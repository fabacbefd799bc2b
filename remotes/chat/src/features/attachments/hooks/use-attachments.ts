import { isImageFile, type CollectionFile, type FileUploadState, type MessageAttachment } from '@assistant/contracts';
import { startFileRun } from '@assistant/endpoints';
import { uploadStates, useQuery, useQueryClient, useUploadQueue } from '@assistant/platform';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { conversationKeys } from '../../../query-keys';
import { deleteAttachment } from '../api/delete-attachment';
import { ATTACHMENTS_POLLING, attachmentsQuery } from '../api/get-attachments';
import { uploadAttachment } from '../api/upload-attachment';
import {
  NoConversationError,
  attachmentProblemFrom,
  attachmentsReadiness,
  checkImage,
  type AttachmentItem,
  type NoConversation,
  type TooManyImages,
} from '../model/attachment-item';

export interface Attachments {
  items: readonly AttachmentItem[];
  /** The SPEC upload state of each item, same order. */
  states: readonly FileUploadState[];
  /** Whether a message may go with them: all processed (or none), some still on their way, some failed. */
  readiness: 'ready' | 'in-progress' | 'failed';
  /** The processed files with their names: the message payload's `attachments` (their ids), shown with the question. */
  files: MessageAttachment[];
  /** Images go with the next question (they need a model that accepts them). */
  hasImages: boolean;
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

/**
 * The composer's attachments of one conversation: each file uploaded into the conversation
 * (POST conversations/{id}/files) through the platform's upload queue, then watched in the
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
  const creating = useRef<Promise<string | undefined> | null>(null);
  const ensureRef = useRef(ensureConversation);
  ensureRef.current = ensureConversation;

  /** The conversation the files go to; a new one is created once, however many files wait for it. */
  const target = useCallback(async (): Promise<string | undefined> => {
    if (conversationId !== undefined) return conversationId;
    creating.current ??= ensureRef.current().finally(() => (creating.current = null));
    return creating.current;
  }, [conversationId]);

  // Images attached so far (refused ones not counted), and those of the batch being added.
  const imagesBefore = useRef(0);
  const { items, add: enqueue, update, retry: sendAgain, dismiss, dismissWhere } = useUploadQueue<NoConversation | TooManyImages>({
    async send(file, options) {
      const id = await target();
      if (id === undefined) throw new NoConversationError('the conversation for the attachment could not be created');
      const record = await uploadAttachment(id, file, options);
      void queryClient.invalidateQueries({ queryKey: conversationKeys.files(id) });
      return record;
    },
    problemFrom: attachmentProblemFrom,
    check(file) {
      const problem = checkImage(file, imagesBefore.current);
      if (problem === null) imagesBefore.current += 1;
      return problem;
    },
  });

  const itemsRef = useRef(items);
  itemsRef.current = items;
  const add = useCallback(
    (files: Iterable<File>) => {
      imagesBefore.current = itemsRef.current.filter((item) => item.phase !== 'refused' && isImageFile(item.file)).length;
      enqueue(files);
    },
    [enqueue],
  );
  const sent = items.some((item) => item.phase === 'sent');
  const filesQuery = useQuery({
    ...attachmentsQuery(conversationId ?? ''),
    enabled: conversationId !== undefined && sent,
    // Asked again while one of ours is not processed yet.
    refetchInterval: (query) =>
      uploadStates(itemsRef.current, query.state.data ?? NO_FILES).some((state) => state === 'uploaded' || state === 'processing')
        ? ATTACHMENTS_POLLING.intervalMs
        : false,
  });
  const files = filesQuery.data ?? NO_FILES;
  const states = useMemo(() => uploadStates(items, files), [items, files]);

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

  const retry = useCallback(
    (id: string) => {
      const index = items.findIndex((item) => item.id === id);
      const item = items[index];
      if (!item) return;
      if (states[index] === 'processing-failed' && item.fileId && conversationId) {
        update(id, { sentStatus: 'uploaded' });
        startFileRun(item.fileId)
          .catch((error: unknown) => console.warn(`Processing ${item.file.name} again failed`, error))
          .finally(() => void queryClient.invalidateQueries({ queryKey: conversationKeys.files(conversationId) }));
        return;
      }
      if (item.phase === 'failed') sendAgain(id);
    },
    [items, states, conversationId, update, sendAgain, queryClient],
  );

  const remove = useCallback(
    (id: string) => {
      const item = items.find((entry) => entry.id === id);
      if (!item) return;
      dismiss(id);
      settledRef.current.delete(id);
      if (item.fileId && conversationId) {
        const cid = conversationId;
        deleteAttachment(cid, item.fileId)
          .catch((error: unknown) => console.warn(`Removing ${item.file.name} from the conversation failed`, error))
          .finally(() => void queryClient.invalidateQueries({ queryKey: conversationKeys.files(cid) }));
      }
    },
    [items, conversationId, dismiss, queryClient],
  );

  const clear = useCallback(() => {
    settledRef.current.clear();
    dismissWhere(() => true);
  }, [dismissWhere]);

  const sentFiles = useMemo(
    () =>
      items.flatMap((item, index) =>
        item.fileId && (states[index] === 'processed' || states[index] === 'success') ? [{ file_id: item.fileId, name: item.file.name }] : [],
      ),
    [items, states],
  );
  const hasImages = items.some((item) => item.phase !== 'refused' && isImageFile(item.file));
  return { items, states, readiness: attachmentsReadiness(states), files: sentFiles, hasImages, add, retry, remove, clear };
}
