import type { QaSource } from '@assistant/contracts';

/**
 * One question and its answer as this screen shows and keeps it (the features share the shape;
 * the history stores it per user in this browser).
 */

/** A document the retrieval gave the model (tool content of the stream), by `source_index`. */
export interface SourceDocument {
  sourceIndex: number;
  mediaType: string;
  fileName?: string;
  title?: string;
  totalPages?: number;
}

/** What the answer was asked over, with the names as they were then (for the history). */
export type QaTarget =
  | { kind: 'collections'; collections: Array<{ id: string; name: string }> }
  | { kind: 'document'; collectionId: string; fileId: string; fileName: string };

export type ExchangeStatus = 'streaming' | 'complete' | 'stopped' | 'error';

export interface QaExchange {
  id: string;
  question: string;
  /** ISO time the question was asked. */
  askedAt: string;
  target: QaTarget;
  /** The model's id, when one was picked. */
  model?: string;
  /** The trace the server gave the answer (`intent` event); sources are asked for with it. */
  traceId?: string;
  answer: string;
  status: ExchangeStatus;
  /** Why it failed: the stream's error code (or `failed` for a refused request). */
  errorCode?: string;
  documents: SourceDocument[];
  /** The computed sources, once they came (kept so a reopened answer shows them at once). */
  sources?: QaSource[];
}
