import { setTimeout as sleep } from 'node:timers/promises';
import type { StreamEvent } from '@assistant/contracts';
import type { ResearchService } from './research-service';

/** How long the end of a chat step waits for the run to show that it waits for the user. */
const SETTLE_MS = 5_000;
const SETTLE_POLL_MS = 50;

/** Where the lines go: the chat route's and the events route's NdjsonWriter. */
export interface EventSink {
  send(event: StreamEvent): Promise<void>;
}

export interface RelayResearch {
  research: ResearchService;
  id: string;
  owner: string;
  /** The events after this seq are relayed (0: all of them). */
  after: number;
  writer: EventSink;
  /** The client going away stops the following, never the run. */
  signal: AbortSignal;
  /**
   * A chat step ends once the run waits for the user: after a `clarification` event or the first
   * `planning` event it relays. Without it the relay goes on until `end` (GET .../events).
   */
  untilUserTurn?: boolean;
  /** Awaited before the last line (the chat route's title, within its grace). */
  beforeLastLine?: () => Promise<void>;
}

/**
 * Relays a run's events as `deep_research` lines and ends with `done` (completed, or the run now
 * waits for the user) or `error` with the run's reason (`cancelled` or `upstream_failed`). Nothing
 * is sent after the client left. Shared by GET /api/research/{id}/events and the chat route.
 */
export async function relayResearch(options: RelayResearch): Promise<void> {
  const { research, id, owner, writer, signal } = options;
  let last: 'end' | 'user' | undefined;
  for await (const stored of research.follow(id, options.after, signal)) {
    await writer.send({ kind: 'deep_research', event: stored.event });
    const stage = stored.event.stage;
    if (stage === 'end') {
      last = 'end';
      break;
    }
    if (options.untilUserTurn && (stage === 'clarification' || stage === 'planning')) {
      last = 'user';
      break;
    }
  }
  if (!last || signal.aborted) return;
  if (last === 'user') {
    // The job appends the event just before the run's status says it waits: a client that answers
    // at once after `done` must not meet "not waiting for an answer" (409).
    await untilNotRunning(research, id, owner, signal);
    await options.beforeLastLine?.();
    await writer.send({ kind: 'done' });
    return;
  }
  await options.beforeLastLine?.();
  await writer.send(await endLine(research, id, owner));
}

/** The last line of a run that is over: `done` when it completed, else `error` with its reason. */
export async function endLine(research: ResearchService, id: string, owner: string): Promise<StreamEvent> {
  const run = await research.require(id, owner);
  if (run.status === 'completed') return { kind: 'done' };
  return { kind: 'error', code: run.status === 'cancelled' ? 'cancelled' : 'upstream_failed', message: run.error ?? 'The research failed' };
}

async function untilNotRunning(research: ResearchService, id: string, owner: string, signal: AbortSignal): Promise<void> {
  const deadline = Date.now() + SETTLE_MS;
  while (!signal.aborted && Date.now() < deadline) {
    if ((await research.require(id, owner)).status !== 'running') return;
    await sleep(SETTLE_POLL_MS, undefined, { signal }).catch(() => undefined);
  }
}
