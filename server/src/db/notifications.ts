import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * The channels the server notifies on. Writers call `pg_notify` in the statement that makes the
 * change, so a notification is delivered only once the change is committed and readable.
 */
/** A research run's event was appended; the payload is the run's id. */
export const RESEARCH_EVENTS_CHANNEL = 'assistant_research_events';
/** A research run ended (completed, failed, cancelled); the payload is the run's id. */
export const RESEARCH_RUNS_CHANNEL = 'assistant_research_runs';
/** A job became pending (enqueued, or put back to pending); the payload is its kind. */
export const JOBS_CHANNEL = 'assistant_jobs';
const CHANNELS = [RESEARCH_EVENTS_CHANNEL, RESEARCH_RUNS_CHANNEL, JOBS_CHANNEL] as const;

/** The PostgreSQL application_name of the listening connection (pg_stat_activity shows it). */
export const LISTENER_APPLICATION_NAME = 'assistant-listen';

/**
 * Why a subscriber is woken: a notification of its channel (and key); or delivery started or
 * stopped, when anything may have been missed and a waiter reads again (and picks its interval
 * by `listening`).
 */
export type WakeReason = 'notified' | 'listening' | 'lost';

export interface Notifications {
  /** True while notifications are delivered; while false, waiters poll at their short interval. */
  readonly listening: boolean;
  /**
   * Calls `onWake` for each notification on `channel` whose payload is `key` (any payload when
   * undefined), and for every subscriber when delivery starts or stops. The first subscription
   * starts listening. Answers the unsubscribe.
   */
  subscribe(channel: string, key: string | undefined, onWake: (reason: WakeReason, payload?: string) => void): () => void;
  close(): Promise<void>;
}

interface Subscriber {
  channel: string;
  key: string | undefined;
  onWake: (reason: WakeReason, payload?: string) => void;
}

abstract class NotificationHub implements Notifications {
  listening = false;
  protected closed = false;
  private readonly subscribers = new Set<Subscriber>();

  subscribe(channel: string, key: string | undefined, onWake: Subscriber['onWake']): () => void {
    const subscriber = { channel, key, onWake };
    this.subscribers.add(subscriber);
    if (!this.closed) this.start();
    return () => this.subscribers.delete(subscriber);
  }

  abstract close(): Promise<void>;

  protected abstract start(): void;

  protected get wanted(): boolean {
    return !this.closed && this.subscribers.size > 0;
  }

  protected dispatch(channel: string, payload: string): void {
    for (const subscriber of [...this.subscribers]) {
      if (subscriber.channel === channel && (subscriber.key === undefined || subscriber.key === payload)) subscriber.onWake('notified', payload);
    }
  }

  protected wakeAll(reason: Exclude<WakeReason, 'notified'>): void {
    for (const subscriber of [...this.subscribers]) subscriber.onWake(reason);
  }
}

export interface PostgresNotificationsOptions {
  url: string;
  /** First wait before connecting again after the connection was lost; doubles up to maxReconnectMs. */
  reconnectMs?: number;
  maxReconnectMs?: number;
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void } | undefined;
}

/**
 * One LISTEN connection per process (outside the pool: a pooled connection is handed to other
 * queries and would lose its LISTEN). A lost connection wakes every subscriber, which then polls
 * until the connection is back (reconnected with back-off) and wakes them again.
 */
class PostgresNotifications extends NotificationHub {
  private client: pg.Client | undefined;
  private timer: NodeJS.Timeout | undefined;
  private delay: number;
  private readonly reconnectMs: number;
  private readonly maxReconnectMs: number;

  constructor(private readonly options: PostgresNotificationsOptions) {
    super();
    this.reconnectMs = options.reconnectMs ?? 250;
    this.maxReconnectMs = Math.max(this.reconnectMs, options.maxReconnectMs ?? 10_000);
    this.delay = this.reconnectMs;
  }

  protected start(): void {
    if (this.client || this.timer || !this.wanted) return;
    void this.connect();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.url, application_name: LISTENER_APPLICATION_NAME, keepAlive: true });
    this.client = client;
    client.on('notification', (message) => this.dispatch(message.channel, message.payload ?? ''));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(CHANNELS.map((channel) => `listen ${channel}`).join('; '));
    } catch (error) {
      this.lost(client, error);
      return;
    }
    // Lost or closed while connecting.
    if (this.client !== client) return;
    if (this.delay > this.reconnectMs) this.options.log?.info({}, 'notifications: listening again');
    this.listening = true;
    this.delay = this.reconnectMs;
    this.wakeAll('listening');
  }

  private lost(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    void client.end().catch(() => undefined);
    const was = this.listening;
    this.listening = false;
    if (this.closed) return;
    this.options.log?.warn(
      { reason: error instanceof Error ? error.message : 'connection ended', retryInMs: this.delay },
      'notifications: the LISTEN connection was lost; polling until it is back',
    );
    if (was) this.wakeAll('lost');
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.start();
    }, this.delay);
    this.timer.unref();
    this.delay = Math.min(this.delay * 2, this.maxReconnectMs);
  }
}

/**
 * PGlite delivers NOTIFY to its own listeners after the notifying statement commits; one process
 * owns the database, so nothing else can write and nothing is lost.
 */
class PgliteNotifications extends NotificationHub {
  private started: Promise<Array<() => Promise<void>>> | undefined;

  constructor(private readonly pglite: PGlite) {
    super();
  }

  protected start(): void {
    this.started ??= Promise.all(CHANNELS.map((channel) => this.pglite.listen(channel, (payload) => this.dispatch(channel, payload)))).then((unlisten) => {
      this.listening = !this.closed;
      if (this.listening) this.wakeAll('listening');
      return unlisten;
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    const unlisten = await this.started?.catch(() => []);
    await Promise.all((unlisten ?? []).map((stop) => stop().catch(() => undefined)));
  }
}

export function postgresNotifications(options: PostgresNotificationsOptions): Notifications {
  return new PostgresNotifications(options);
}

export function pgliteNotifications(pglite: PGlite): Notifications {
  return new PgliteNotifications(pglite);
}

export interface WaitOptions {
  /** The wait while notifications are not delivered (PGlite without them, a lost connection). */
  pollMs: number;
  /** The wait while they are: a safety poll in case one went missing. */
  safetyMs: number;
  signal?: AbortSignal | undefined;
}

/**
 * A loop's wait for its next read (a follower, a waiter): at once when a wake came since the last
 * wait, else until the next wake or the interval. Subscribed before the loop's first read, so a
 * notification between a read and the wait is never lost; the read after a wake starts from the
 * last item seen, so a notification that stands for several changes loses none of them.
 */
export class Wakeup {
  private woken = false;
  private release: (() => void) | undefined;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly notifications: Notifications | undefined,
    channel: string,
    key: string | undefined,
  ) {
    this.unsubscribe =
      notifications?.subscribe(channel, key, () => {
        this.woken = true;
        this.release?.();
      }) ?? (() => undefined);
  }

  /** Answers whether a wake (rather than the interval or the signal) ended the wait. */
  async wait({ pollMs, safetyMs, signal }: WaitOptions): Promise<boolean> {
    if (!this.woken && !signal?.aborted) {
      const ms = this.notifications?.listening ? safetyMs : pollMs;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          this.release = undefined;
          resolve();
        };
        const timer = setTimeout(done, ms);
        signal?.addEventListener('abort', done, { once: true });
        this.release = done;
      });
    }
    const woken = this.woken;
    this.woken = false;
    return woken;
  }

  close(): void {
    this.unsubscribe();
    this.release?.();
  }
}
