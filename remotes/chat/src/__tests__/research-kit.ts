// Test kit of deep research: an msw fake of docs/deep-research.md's calls (state, events with
// seq and after=, plan approval, cancel) and of GET mcp-servers. Events can be pushed while a
// follower is connected; a connection can be dropped after some events to test reconnecting.
import type { DeepResearchEvent, ResearchState, StreamEvent } from '@assistant/contracts';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { RESEARCH_FOLLOW } from '../features/research/hooks/use-research-run';

export const RESEARCH = '3f1e2d3c-4b5a-4697-8877-665544332211';
export const RESEARCH_ANSWER = '3f1e2d3c-4b5a-4697-8877-aaaaaaaaaaaa';
export const RESEARCH_CONVERSATION = '3f1e2d3c-4b5a-4697-8877-cccccccccccc';
export const TOOL_SERVERS = [
  { id: '0b6f4e1a-9c2d-4e3f-8a1b-000000000001', name: 'Ticket system' },
  { id: '0b6f4e1a-9c2d-4e3f-8a1b-000000000002', name: 'Wiki' },
];

export function researchState(overrides: Partial<ResearchState> = {}): ResearchState {
  return {
    research_id: RESEARCH,
    status: 'running',
    stage: 'start',
    question: 'How did the revenue develop?',
    conversation_id: RESEARCH_CONVERSATION,
    user_message_id: '3f1e2d3c-4b5a-4697-8877-bbbbbbbbbbbb',
    assistant_message_id: RESEARCH_ANSWER,
    clarification: null,
    title: null,
    tasks: [],
    sources: [],
    report: null,
    trace_id: null,
    error: null,
    last_seq: 0,
    created_at: new Date(Date.now() - 65_000).toISOString(),
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}

export const ev = {
  start: (): DeepResearchEvent => ({ research_id: RESEARCH, stage: 'start' }),
  clarification: (content: string): DeepResearchEvent => ({ research_id: RESEARCH, stage: 'clarification', content }),
  planning: (title: string, plan: { task_id: string; content: string }[]): DeepResearchEvent => ({ research_id: RESEARCH, stage: 'planning', title, plan }),
  task: (
    task_id: string,
    task_status: 'pending' | 'begin' | 'in_progress' | 'done' | 'failed',
    call?: { id: string; tool: string; capability?: string; args?: object; result?: string; error?: string },
  ): DeepResearchEvent => ({
    research_id: RESEARCH,
    stage: 'execution',
    task_id,
    task_status,
    ...(call ? { tool_call_id: call.id, tool_name: call.tool, capability: call.capability, args_json: JSON.stringify(call.args ?? {}) } : {}),
    ...(call?.result !== undefined ? { tool_result: call.result } : {}),
    ...(call?.error !== undefined ? { tool_error: call.error } : {}),
  }),
  report: (content: string): DeepResearchEvent => ({ research_id: RESEARCH, stage: 'generation', content }),
  end: (): DeepResearchEvent => ({ research_id: RESEARCH, stage: 'end' }),
};

type Ending = { kind: 'done' } | { kind: 'error'; code: string; message: string };
interface Connection {
  controller: ReadableStreamDefaultController<Uint8Array>;
  closed: boolean;
}

const encoder = new TextEncoder();
const line = (event: StreamEvent) => encoder.encode(`${JSON.stringify(event)}\n`);

export const research = {
  state: researchState(),
  events: [] as DeepResearchEvent[],
  /** How the stream ends once the events are sent; undefined: it stays open (the run works or waits). */
  ending: undefined as Ending | undefined,
  /** The `after` of each events request, in order. */
  follows: [] as number[],
  /** Drop the next connection after this many events (without an ending). */
  dropAfter: undefined as number | undefined,
  /** Bodies of POST plan, in order. */
  approvals: [] as unknown[],
  cancels: 0,
  stateReads: 0,
  /** Answer of POST plan / cancel instead of the fake's own. */
  planRefusal: undefined as Response | undefined,
  toolServers: TOOL_SERVERS,
  toolServerReads: 0,
  /** The tool servers picked per conversation, as the server keeps them (GET/PUT conversations/{id}/tool-servers). */
  picked: new Map<string, string[]>(),
  /** Each PUT of a conversation's pick: the conversation and the ids. */
  pickSaves: [] as { conversationId: string; serverIds: string[] }[],
  /** Answer of the next PUT of a pick instead of the fake's own. */
  pickRefusal: undefined as Response | undefined,
  connections: [] as Connection[],
};

/** Resets the fake to a run with this state and these stored events; reconnects and state reads come soon in tests. */
export function resetResearch(state: Partial<ResearchState> = {}, events: DeepResearchEvent[] = []): void {
  RESEARCH_FOLLOW.retryDelayMs = 10;
  RESEARCH_FOLLOW.stateRefreshMs = 20;
  for (const connection of research.connections) closeConnection(connection);
  Object.assign(research, {
    state: researchState({ last_seq: events.length, ...state }),
    events: [...events],
    ending: undefined,
    follows: [],
    dropAfter: undefined,
    approvals: [],
    cancels: 0,
    stateReads: 0,
    planRefusal: undefined,
    toolServers: TOOL_SERVERS,
    toolServerReads: 0,
    picked: new Map(),
    pickSaves: [],
    pickRefusal: undefined,
    connections: [],
  });
}

function closeConnection(connection: Connection): void {
  if (connection.closed) return;
  connection.closed = true;
  try {
    connection.controller.close();
  } catch {
    // already cancelled by the client
  }
}

/** Stores events and sends them to every follower that is connected. */
export function pushEvents(...events: DeepResearchEvent[]): void {
  research.events.push(...events);
  research.state = { ...research.state, last_seq: research.events.length };
  for (const connection of research.connections) {
    if (connection.closed) continue;
    for (const event of events) connection.controller.enqueue(line({ kind: 'deep_research', event }));
  }
}

/** Ends the stream of every follower (done or error). */
export function endStreams(ending: Ending): void {
  research.ending = ending;
  for (const connection of research.connections) {
    if (connection.closed) continue;
    connection.controller.enqueue(line(ending.kind === 'done' ? { kind: 'done' } : { kind: 'error', code: ending.code, message: ending.message }));
    closeConnection(connection);
  }
}

const ndjson = { 'Content-Type': 'application/x-ndjson' };

export function researchHandlers(): HttpHandler[] {
  return [
    http.get('*/api/research/:id', ({ params }) => {
      if (params.id !== RESEARCH) return HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'No such research' }, { status: 404 });
      research.stateReads += 1;
      return HttpResponse.json(research.state);
    }),
    http.get('*/api/research/:id/events', ({ request }) => {
      const after = Number(new URL(request.url).searchParams.get('after') ?? '0');
      research.follows.push(after);
      const drop = research.dropAfter;
      research.dropAfter = undefined;
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          const connection: Connection = { controller, closed: false };
          const stored = research.events.slice(after, drop === undefined ? undefined : after + drop);
          for (const event of stored) controller.enqueue(line({ kind: 'deep_research', event }));
          if (drop !== undefined) {
            connection.closed = true;
            controller.close();
            return;
          }
          if (research.ending) {
            const { ending } = research;
            controller.enqueue(line(ending.kind === 'done' ? { kind: 'done' } : { kind: 'error', code: ending.code, message: ending.message }));
            connection.closed = true;
            controller.close();
            return;
          }
          research.connections.push(connection);
          request.signal.addEventListener('abort', () => (connection.closed = true));
        },
        cancel() {
          // the client let go
        },
      });
      return new HttpResponse(stream, { headers: ndjson });
    }),
    http.post('*/api/research/:id/plan', async ({ request }) => {
      research.approvals.push(await request.json());
      if (research.planRefusal) return research.planRefusal;
      research.state = { ...research.state, status: 'running', stage: 'planning', updated_at: new Date().toISOString() };
      return HttpResponse.json(research.state);
    }),
    http.post('*/api/research/:id/cancel', () => {
      research.cancels += 1;
      research.state = { ...research.state, status: 'cancelled', stage: 'end', error: 'The research was cancelled.', updated_at: new Date().toISOString() };
      const answer = HttpResponse.json(research.state);
      pushEvents(ev.end());
      endStreams({ kind: 'error', code: 'cancelled', message: 'The research was cancelled.' });
      return answer;
    }),
    http.get('*/api/mcp-servers', () => {
      research.toolServerReads += 1;
      return HttpResponse.json({ servers: research.toolServers });
    }),
    http.get('*/api/conversations/:id/tool-servers', ({ params }) => HttpResponse.json({ server_ids: research.picked.get(String(params.id)) ?? [] })),
    http.put('*/api/conversations/:id/tool-servers', async ({ request, params }) => {
      const { server_ids } = (await request.json()) as { server_ids: string[] };
      research.pickSaves.push({ conversationId: String(params.id), serverIds: server_ids });
      const refusal = research.pickRefusal;
      research.pickRefusal = undefined;
      if (refusal) return refusal;
      research.picked.set(String(params.id), server_ids);
      return HttpResponse.json({ server_ids });
    }),
  ];
}
