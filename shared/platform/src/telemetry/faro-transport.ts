import { BaseTransport, VERSION, getTransportBody, type Patterns, type TransportItem } from '@grafana/faro-web-sdk';
import { parseRetryAfter } from '../http/retry-after';

/**
 * Faro's transport with the spec's rate-limit rule (SPEC section 8 "Telemetry failures": logged
 * only; on a 429 the telemetry transport pauses until the time given by retry-after, or a default
 * back-off).
 *
 * Faro 2.12's own `FetchTransport` retries each batch by itself (3 attempts, 1 s doubling, with
 * jitter): while one batch waits out a 429 the next batches are still sent, and a retry-after above
 * its 30 s cap drops the batch. Here a 429 pauses the whole transport: batches that arrive during
 * the pause wait in a bounded queue and go out, oldest first, when it ends.
 */
export const FARO_DEFAULT_BACKOFF_MS = 5000;
/** Batches kept while paused; the oldest is dropped beyond this. */
export const FARO_MAX_QUEUED_BATCHES = 30;
/** How often one batch is sent again after a 429 before it is dropped. */
export const FARO_MAX_RETRIES = 5;
const KEEPALIVE_LIMIT = 60_000;

export interface PausingFetchTransportOptions {
  url: string;
  /** Sent as x-api-key when the collector wants one. */
  apiKey?: string;
  /** Wait after a 429 without a readable retry-after. */
  defaultBackoffMs?: number;
  fetch?: typeof fetch;
  logger?: Pick<Console, 'warn'>;
}

interface Batch {
  items: TransportItem[];
  retries: number;
}

export class PausingFetchTransport extends BaseTransport {
  readonly name = '@assistant/platform:transport-pausing-fetch';
  readonly version = VERSION;
  /** Until when (epoch ms) nothing is sent. */
  pausedUntil = 0;
  private readonly queue: Batch[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly options: PausingFetchTransportOptions;

  constructor(options: PausingFetchTransportOptions) {
    super();
    this.options = options;
  }

  get paused(): boolean {
    return Date.now() < this.pausedUntil;
  }

  /** Batches waiting for the pause to end. */
  get queued(): number {
    return this.queue.length;
  }

  override isBatched(): boolean {
    return true;
  }

  override getIgnoreUrls(): Patterns {
    return [this.options.url, ...(this.config?.ignoreUrls ?? [])];
  }

  send(items: TransportItem | TransportItem[]): Promise<void> {
    const batch = { items: Array.isArray(items) ? items : [items], retries: 0 };
    if (batch.items.length === 0) return Promise.resolve();
    if (this.paused || this.queue.length > 0) {
      this.enqueue(batch);
      this.schedule();
      return Promise.resolve();
    }
    return this.post(batch);
  }

  private enqueue(batch: Batch): void {
    this.queue.push(batch);
    if (this.queue.length > FARO_MAX_QUEUED_BATCHES) {
      this.queue.shift();
      this.warn('Faro: the transport is paused and its queue is full; the oldest batch was dropped');
    }
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.drain();
    }, Math.max(0, this.pausedUntil - Date.now()));
  }

  /** After the pause: the queued batches one after another, until one is paused again. */
  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      if (this.paused) {
        this.schedule();
        return;
      }
      await this.post(this.queue.shift()!);
    }
  }

  private async post(batch: Batch): Promise<void> {
    const doFetch = this.options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
    const body = JSON.stringify(getTransportBody(batch.items));
    const sessionId = batch.items[0]?.meta.session?.id;
    try {
      const response = await doFetch(this.options.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(this.options.apiKey ? { 'x-api-key': this.options.apiKey } : {}),
          ...(sessionId ? { 'x-faro-session-id': sessionId } : {}),
        },
        body,
        keepalive: body.length < KEEPALIVE_LIMIT,
      });
      response.text().catch(() => undefined);
      if (response.status === 429) {
        const seconds = parseRetryAfter(response.headers.get('retry-after'));
        const waitMs = seconds !== undefined ? seconds * 1000 : (this.options.defaultBackoffMs ?? FARO_DEFAULT_BACKOFF_MS);
        this.pausedUntil = Math.max(this.pausedUntil, Date.now() + waitMs);
        if (batch.retries < FARO_MAX_RETRIES) {
          // Sent again first when the pause ends.
          this.queue.unshift({ items: batch.items, retries: batch.retries + 1 });
        } else {
          this.warn(`Faro: rate limited ${FARO_MAX_RETRIES + 1} times; a batch of ${batch.items.length} item(s) was dropped`);
        }
        this.schedule();
        return;
      }
      if (!response.ok) this.warn(`Faro: the collector answered ${response.status}; a batch of ${batch.items.length} item(s) was dropped`);
    } catch (error) {
      this.warn('Faro: sending failed; a batch was dropped', error);
    }
  }

  private warn(message: string, detail?: unknown): void {
    const logger = this.options.logger ?? console;
    if (detail === undefined) logger.warn(message);
    else logger.warn(message, detail);
  }
}
