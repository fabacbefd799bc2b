import { once } from 'node:events';
import { BYTES_PER_MEGABYTE, IMAGE_MAX_BYTES, isImageMediaType, megabytesToBytes, type ImageMediaType } from '@assistant/contracts';
import type { Readable } from 'node:stream';
import { decideMediaType, HEAD_BYTES, mediaTypeOfEmpty, sniffHead, TextCheck, type SupportedMediaType } from './content-type';
import type { FileStorage } from './file-storage';

export interface UploadLimits {
  /** Bytes. */
  maxFileBytes: number;
  /** Bytes, for audio content (recognised by its magic number). */
  maxAudioBytes: number;
  /** Images are taken too (a conversation's attachments), at most IMAGE_MAX_BYTES each. */
  images?: boolean;
}

/** The configured limits in bytes, counted as the browser's pre-check counts them (megabytesToBytes). */
export function uploadLimitsFromConfig(limits: { maxFileUploadSizeMB: number; maxAudioFileUploadSizeMB: number }): UploadLimits {
  return {
    maxFileBytes: megabytesToBytes(limits.maxFileUploadSizeMB),
    maxAudioBytes: megabytesToBytes(limits.maxAudioFileUploadSizeMB),
  };
}

export class UploadTooLargeError extends Error {
  constructor(
    readonly fileName: string,
    readonly limitBytes: number,
  ) {
    super(`"${fileName}" is larger than the upload limit of ${formatMegabytes(limitBytes)}`);
    this.name = 'UploadTooLargeError';
  }
}

export interface ReceivedUpload {
  name: string;
  incomingPath: string;
  size: number;
  mediaType: SupportedMediaType | ImageMediaType;
}

/**
 * Streams one uploaded file to an incoming path while counting its bytes: past the limit it stops
 * at once (UploadTooLargeError) and removes what it wrote. Then decides the type by content
 * (UnsupportedContentError for anything else, also removed). The caller moves an accepted file into
 * place or discards it.
 */
export async function receiveUpload(
  storage: FileStorage,
  name: string,
  stream: Readable & { truncated?: boolean },
  limits: UploadLimits,
): Promise<ReceivedUpload> {
  const { path, write } = await storage.newIncoming();
  const writeFailed = new Promise<never>((_, reject) => write.once('error', reject));
  writeFailed.catch(() => undefined);
  try {
    const text = new TextCheck();
    let size = 0;
    let limit = Math.max(limits.maxFileBytes, limits.maxAudioBytes);
    let head: Buffer | undefined = Buffer.alloc(0);
    const applyHead = async () => {
      const sniffed = await sniffHead(head!);
      limit = sniffed?.mime.startsWith('audio/')
        ? limits.maxAudioBytes
        : limits.images && isImageMediaType(sniffed?.mime)
          ? IMAGE_MAX_BYTES
          : limits.maxFileBytes;
      head = undefined;
    };
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (head) {
        head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
        if (head.length >= HEAD_BYTES) await applyHead();
      }
      if (size > limit && !head) throw new UploadTooLargeError(name, limit);
      text.push(chunk);
      if (!write.write(chunk)) await Promise.race([once(write, 'drain'), writeFailed]);
    }
    if (head) await applyHead();
    if (size > limit || stream.truncated) throw new UploadTooLargeError(name, limit);
    write.end();
    await Promise.race([once(write, 'finish'), writeFailed]);
    const mediaType = size === 0 ? mediaTypeOfEmpty(name) : decideMediaType(name, await (await import('file-type')).fileTypeFromFile(path), text.end(), limits.images === true);
    return { name, incomingPath: path, size, mediaType };
  } catch (error) {
    // The stream opens its file asynchronously: wait until it is closed, or the removal could run
    // before the file exists and leave it behind.
    if (!write.closed) {
      const closed = once(write, 'close').catch(() => undefined);
      write.destroy();
      await closed;
    }
    await storage.discard(path);
    throw error;
  }
}

export function formatMegabytes(bytes: number): string {
  const mb = bytes / BYTES_PER_MEGABYTE;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(2)} MB`;
}
