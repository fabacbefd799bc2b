import { randomUUID } from 'node:crypto';
import { historyWithinBudget, type Message, type MessagePayload, type StreamEvent, type ToolEvent } from '@assistant/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import type { ConversationsRepository } from '../db/repositories/conversations-repository';
import type { GroundingTracesRepository } from '../db/repositories/grounding-traces-repository';
import { buildGroundedMessages } from '../grounding/grounded-prompt';
import type { SourceWindow } from '../grounding/source-windows';
import type { ChatDelta, ChatMessage, ChatStreamRequest, ModelProvider } from '../inference/model-provider';
import type { Retriever } from '../search/retriever';
import { builtinTools, type BuiltinToolServices } from '../tools/builtin/builtin-tools';
import type { Tool } from '../tools/tool';
import { startToolLoop, type LoopDelta, type ToolLoop } from '../tools/tool-loop';
import { withAgentNote } from '../agents/agent-instructions';
import type { AnswerDetailsRecorder } from './answer-details';
import { once } from './once';
import { buildPrompt, withMemories, withToolsNote } from './build-prompt';
import type { ExchangeMemory } from '../memory/exchange-memory';
import { storeToolEvents } from './store-tool-events';
import { retrieveSources } from './grounded-retrieval';
import { withImages, type ImageInput } from './image-attachments';
import type { GroundingScope } from './grounding-scope';
import { classifyIntent } from './intent';
import type { NdjsonWriter } from './ndjson-writer';
import { streamAnswer } from './stream-answer';
import { generateTitle, storeTitle } from './title';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** How long a finished answer's stream waits for the intent and the title before it ends. */
export const SIDE_CALL_GRACE_MS = 3_000;
/** How often a streaming answer's text so far is written to the database. */
export const PROGRESS_INTERVAL_MS = 2_000;

/** One exchange, prepared: where the new messages go and what the model is asked. */
export interface PreparedExchange {
  owner: string;
  conversation: { id: string; name: string };
  /** The parent of the new user message (null: a first message). */
  parentId: string | null;
  /** The branch from the root down to the parent. */
  branch: Message[];
  /** The user message, already stored by an earlier attempt with the same message_id. */
  existingUserMessage: Message | undefined;
  userMessageId: string;
  assistantMessageId: string;
  model: string;
  payload: MessagePayload;
  /** The conversation had no message yet: it gets a generated title. */
  isFirstExchange: boolean;
  /** Set when the answer comes from documents (the message's collections or attachments). */
  grounding?: GroundingScope | undefined;
  /** The question's images for the model, and every file it was sent with (docs/chat.md "Images"). */
  images?: ImageInput | undefined;
  /** The user administers the assistant (what a tool may read is decided with it). */
  isAdmin?: boolean | undefined;
  groups?: readonly string[] | undefined;
  /** The conversation's agent (docs/agents.md): its note on the system prompt, temperature and built-in tools. */
  agent?: ExchangeAgent | undefined;
  /** The instructions of the project the conversation is in (build-prompt.ts projectInstructionsNote). */
  projectNote?: string | undefined;
  /** Set for a user who may use developer mode: collects the answer's details (docs/developer-mode.md). */
  developer?: AnswerDetailsRecorder | undefined;
  /** The user's memories and what this message saved (docs/memory.md); absent: memory is off. */
  memory?: ExchangeMemory | undefined;
}

/** What an agent changes in startExchange (its knowledge is in `grounding`, its tool servers in `toolServers`). */
export interface ExchangeAgent {
  /** Added to the system prompt after the product's rules (agents/agent-instructions.ts). */
  systemNote: string;
  temperature?: number | undefined;
  /** The built-in tools it may call (the others are not offered). */
  tools: readonly string[];
}

/** Tools in chat (CHAT_TOOLS; docs/tools.md): the built-in tools and the loop's bounds. */
export interface ChatToolSettings {
  services: BuiltinToolServices;
  maxSteps: number;
  loopTimeMs: number;
  callTimeMs: number;
}

/** What a grounded answer needs besides the model (docs/chat.md "Grounded answers"). */
export interface GroundingServices {
  db: Database;
  retriever: Retriever;
  traces: GroundingTracesRepository;
  /** The passage text one answer gets (QA_MAX_CHARACTERS, as in QA). */
  maxCharacters: number;
}

/** A grounded exchange as started: its tool step, and its trace once retrieval succeeded. */
export interface GroundedStart {
  toolEvents: ToolEvent[];
  /** The grounding trace (the intent's trace_id, what the sources are computed from). */
  traceId: string | undefined;
  /** The windows retrieval gave the model (source_index 0 on); tool calls continue after them. */
  windows?: SourceWindow[] | undefined;
}

/** The model's answer as it starts, and, for a grounded one, what its retrieval found. */
export interface StartedExchange {
  /** The answer; with tools, their events between the model's rounds. */
  deltas: AsyncIterable<ChatDelta | LoopDelta>;
  grounded?: GroundedStart;
  /** Set when the model was offered tools: its calls' events and the windows they found. */
  toolLoop?: ToolLoop;
}

export function prepareIds(payload: MessagePayload): { userMessageId: string; assistantMessageId: string } {
  return { userMessageId: payload.message_id ?? randomUUID(), assistantMessageId: randomUUID() };
}

/**
 * Starts the model's answer and stores the exchange at the same time (user message, and the
 * assistant message with status `streaming`). Rejects, with nothing left stored, when either
 * fails; the route then answers an HTTP error instead of a stream.
 *
 * A grounded exchange first retrieves its passage windows; the model gets them as quoted data
 * with the conversation so far (grounding/grounded-prompt.ts), the assistant message is stored
 * with the tool step, and a grounding trace is written beside it. When retrieval fails, the
 * answer is an ordinary one and the tool step says so.
 */
export async function startExchange(
  models: ModelProvider,
  conversations: ConversationsRepository,
  exchange: PreparedExchange,
  signal: AbortSignal,
  grounding?: GroundingServices & {
    log: Log;
    tools?: ChatToolSettings | undefined;
    /** The tools of the MCP servers the message picked (`server_ids`), listed when the answer starts. */
    toolServers?: ((signal: AbortSignal) => Promise<Tool[]>) | undefined;
  },
): Promise<StartedExchange> {
  let messages: ChatMessage[];
  let retrieved: Awaited<ReturnType<typeof retrieveSources>> | undefined;
  if (exchange.grounding && grounding) {
    retrieved = await retrieveSources(grounding, exchange.grounding, exchange.payload.content, grounding.maxCharacters);
    messages = retrieved.windows
      ? buildGroundedMessages({ question: exchange.payload.content, windows: retrieved.windows, history: historyWithinBudget(exchange.branch) })
      : buildPrompt(exchange.branch, exchange.payload.content);
  } else {
    messages = buildPrompt(exchange.branch, exchange.payload.content);
  }
  messages = withImages(messages, exchange.images);
  const agent = exchange.agent;
  if (agent) messages = withAgentNote(messages, agent.systemNote);
  // A project's instructions go where an agent's do: after the product's rules, under them.
  if (exchange.projectNote) messages = withAgentNote(messages, exchange.projectNote);
  if (exchange.memory) messages = withMemories(messages, exchange.memory.facts);
  // Developer mode counts the answer's model calls and sums their usage (tool rounds ask again).
  const developer = exchange.developer;
  developer?.retrieved(retrieved?.windows);
  const answering: Pick<ModelProvider, 'streamChat'> = developer
    ? {
        streamChat: (request: ChatStreamRequest) => {
          developer.modelCall();
          return models.streamChat({ ...request, onUsage: developer.onUsage });
        },
      }
    : models;
  const temperature = agent?.temperature;
  const toStore = [
    ...(exchange.existingUserMessage
      ? []
      : [
          {
            message_id: exchange.userMessageId,
            parent_message_id: exchange.parentId,
            role: 'user' as const,
            content: exchange.payload.content,
            status: 'complete' as const,
            attachments: exchange.images?.files ?? exchange.grounding?.attachments?.files,
          },
        ]),
    {
      message_id: exchange.assistantMessageId,
      parent_message_id: exchange.userMessageId,
      role: 'assistant' as const,
      content: '',
      status: 'streaming' as const,
      model: exchange.model,
      tool_events: stepsBefore(exchange, retrieved?.toolEvents),
    },
  ];
  const windows = retrieved?.windows;
  const tools = grounding?.tools;
  // With tools the model may search and read itself (tools/tool-loop.ts); a grounded answer's
  // retrieval still comes first, and the calls' sources are numbered after its windows.
  const toolServers = grounding?.toolServers;
  // An agent offers only its own built-in tools (and its tool servers); with none, no tool loop.
  const offeredBuiltins = (all: Tool[]) => (agent ? all.filter((tool) => agent.tools.includes(tool.name)) : all);
  const loop = tools && grounding && (!agent || agent.tools.length > 0 || toolServers !== undefined) ? { tools, grounding } : undefined;
  const answer: Promise<{ deltas: AsyncIterable<ChatDelta | LoopDelta>; toolLoop?: ToolLoop }> =
    loop
      ? (toolServers ? toolServers(signal) : Promise.resolve([])).then((serverTools) => startToolLoop({
          models: answering,
          request: { model: exchange.model, messages: windows ? messages : withToolsNote(messages), think: exchange.payload.think, temperature },
          tools: [...offeredBuiltins(builtinTools(loop.tools.services, exchange.grounding)), ...(exchange.memory?.tool ? [exchange.memory.tool] : []), ...serverTools],
          context: { owner: exchange.owner, isAdmin: exchange.isAdmin ?? false, groups: exchange.groups ?? [], conversationId: exchange.conversation.id },
          signal,
          log: loop.grounding.log,
          maxSteps: loop.tools.maxSteps,
          timeMs: loop.tools.loopTimeMs,
          toolTimeoutMs: loop.tools.callTimeMs,
          firstSourceIndex: windows?.length ?? 0,
        })).then((toolLoop) => ({ deltas: toolLoop.deltas, toolLoop }))
      : answering.streamChat({ model: exchange.model, messages, think: exchange.payload.think, temperature, signal }).then((deltas) => ({ deltas }));
  const [upstream, stored, traced] = await Promise.allSettled([
    answer,
    // Stored once the upstream request has gone out (the turn after it was handed to fetch): the
    // insert's work (in-process with PGlite, the query's write with PostgreSQL) does not delay it.
    new Promise((resolve) => setImmediate(resolve)).then(() => conversations.addMessages(exchange.owner, exchange.conversation.id, toStore)).then((rows) => {
      // Checked by the route a moment ago; gone only when it was deleted meanwhile.
      if (rows.length !== toStore.length) throw new Error('The conversation is no longer there');
      return rows;
    }),
    // Beside the messages (it names the answer's id, no row of it): the sources are computed from it.
    windows && grounding
      ? grounding.traces.create({
          owner: exchange.owner,
          kind: 'chat',
          question: exchange.payload.content,
          windows,
          model: exchange.model,
          conversationId: exchange.conversation.id,
          messageId: exchange.assistantMessageId,
        })
      : Promise.resolve(undefined),
  ]);
  if (upstream.status === 'fulfilled' && stored.status === 'fulfilled' && traced.status === 'fulfilled') {
    const { deltas, toolLoop } = upstream.value;
    return {
      deltas,
      ...(retrieved ? { grounded: { toolEvents: retrieved.toolEvents, traceId: traced.value, windows } } : {}),
      ...(toolLoop ? { toolLoop } : {}),
    };
  }
  if (stored.status === 'fulfilled') await conversations.removeMessages(exchange.owner, toStore.map((message) => message.message_id));
  if (traced.status === 'fulfilled' && traced.value) await grounding?.traces.remove(traced.value);
  if (upstream.status === 'fulfilled') {
    // Stops the upstream request the answer no longer needs.
    await (upstream.value.deltas as AsyncGenerator<ChatDelta | LoopDelta>).return?.(undefined);
    throw stored.status === 'rejected' ? stored.reason : (traced as PromiseRejectedResult).reason;
  }
  throw upstream.reason;
}

/**
 * Streams one exchange to the client: the `message` event (stored ids), the reasoning and answer
 * text, the intent event (asked once the answer ended), then `done` or `error`; after the answer
 * a new conversation also gets its title. The answer is stored with status complete, stopped (the client
 * went away) or error, with the text that arrived.
 */
export async function relayExchange(options: {
  models: ModelProvider;
  conversations: ConversationsRepository;
  exchange: PreparedExchange;
  deltas: AsyncIterable<ChatDelta | LoopDelta>;
  writer: NdjsonWriter;
  signal: AbortSignal;
  log: Log;
  /** A grounded answer's tool step and trace (startExchange). */
  grounded?: GroundedStart | undefined;
  traces?: GroundingTracesRepository | undefined;
  /** The tool loop of an answer offered tools (startExchange), and where its steps are stored. */
  toolLoop?: ToolLoop | undefined;
  db?: Database | undefined;
}): Promise<void> {
  const { models, conversations, exchange, deltas, writer, signal, log, grounded, traces, toolLoop, db } = options;
  const developer = exchange.developer;
  const send = (event: StreamEvent) => {
    developer?.record(event);
    return writer.send(event);
  };
  const started = Date.now();

  const messageSent = send({
    kind: 'message',
    conversation_id: exchange.conversation.id,
    user_message_id: exchange.userMessageId,
    assistant_message_id: exchange.assistantMessageId,
  }).then(async () => {
    // Memory's and the retrieval's steps ran before the answer: they come first, as stored with the message.
    for (const event of stepsBefore(exchange, grounded?.toolEvents) ?? []) await send({ kind: 'tool', event });
  });
  // A grounded answer's trace_id is its grounding trace; an ordinary answer's is its message id.
  const traceId = grounded?.traceId ?? exchange.assistantMessageId;

  // Side calls run after the answer; the intent one stops when the client goes away or the grace ends, the title is kept.
  const sideCalls = new AbortController();
  // Set once the stream stops waiting for the side calls: a late intent is not sent after the end.
  let sideCallsClosed = false;
  const stopSideCalls = () => sideCalls.abort(new DOMException('The answer ended', 'AbortError'));
  signal.addEventListener('abort', stopSideCalls, { once: true });
  // Started once the answer has ended (however it ended), so they compete neither with its first
  // token nor with its pieces, at the model endpoint and on this event loop.
  let intentSent: Promise<void> = Promise.resolve();
  // A first exchange's title, generated after the answer; stored with the answer's final write
  // when it comes within the grace (one statement), else on its own when it comes.
  let titleText: Promise<string | undefined> | undefined;
  let titled: Promise<void> = Promise.resolve();
  // One grace for the side calls, from the end of the answer (the title waited for by the final
  // write, the intent and the title by the stream's end).
  let grace: NodeJS.Timeout | undefined;
  let graceOver: Promise<void> = Promise.resolve();
  const startSideCalls = once(() => {
    graceOver = new Promise((resolve) => (grace = setTimeout(resolve, SIDE_CALL_GRACE_MS)));
    const previousAnswer = [...exchange.branch].reverse().find((message) => message.role === 'assistant')?.content;
    // Not asked at all when the client went away before the first piece.
    if (!sideCalls.signal.aborted) intentSent = classifyIntent(
      models,
      { model: exchange.model, question: exchange.payload.content, previousAnswer, signal: sideCalls.signal },
      log,
    ).then(async (intent) => {
      await messageSent;
      if (intent && !sideCallsClosed) await send({ kind: 'intent', event: { payload: { trace_id: traceId }, intent_response: intent } });
    });
    if (exchange.isFirstExchange) titleText = generateTitle(models, { model: exchange.model, question: exchange.payload.content }, log);
  });

  // The text so far is written every PROGRESS_INTERVAL_MS, one write at a time, never waited for
  // by the stream; the final write waits for the last one, so it cannot be overwritten.
  let lastProgress = Date.now();
  let progressWrite: Promise<void> = Promise.resolve();
  let progressBusy = false;
  const progress = (content: string, reasoning: string) => {
    if (progressBusy || Date.now() - lastProgress < PROGRESS_INTERVAL_MS) return;
    progressBusy = true;
    lastProgress = Date.now();
    progressWrite = conversations
      .saveProgress(exchange.owner, exchange.assistantMessageId, { content, reasoning })
      .then(() => undefined)
      .catch((error: unknown) => log.warn({ err: error }, 'chat: the answer so far could not be stored'))
      .finally(() => {
        progressBusy = false;
      });
  };

  // The steps so far are written after each finished call (one write at a time, never waited for
  // by the stream), so a reload during a long tool round shows them; the final write comes last.
  let stepsWrite: Promise<void> = Promise.resolve();
  const allSteps = () => [...(stepsBefore(exchange, grounded?.toolEvents) ?? []), ...(toolLoop?.events ?? [])];
  const storeSteps = () => {
    if (!toolLoop || !db || toolLoop.events.length === 0) return;
    const steps = allSteps();
    stepsWrite = stepsWrite
      .then(() => storeToolEvents(db, exchange.owner, exchange.conversation.id, exchange.assistantMessageId, steps))
      .catch((error: unknown) => log.error({ err: error, messageId: exchange.assistantMessageId }, 'chat: the tool steps could not be stored'));
  };
  const storingSteps = {
    before: () => developer?.firstPiece(),
    after: (delta: ChatDelta | LoopDelta) => {
      if (delta.channel === 'tool' && delta.event.type !== 'begin') storeSteps();
    },
  };

  let outcome;
  try {
    await messageSent;
    outcome = await streamAnswer({ deltas, think: exchange.payload.think, send, signal, progress, observe: storingSteps });
  } finally {
    signal.removeEventListener('abort', stopSideCalls);
    // The title in any case; the intent unless the client went away.
    startSideCalls();
  }

  developer?.answerEnded();
  await progressWrite;
  const details = developer?.details(toolLoop);
  const final = { content: outcome.content, status: outcome.status, reasoning: outcome.reasoning, details };
  const pendingTitle = titleText;
  const title = pendingTitle && (await Promise.race([pendingTitle.then((text) => ({ text })), graceOver.then(() => undefined)]));
  if (pendingTitle && !title) titled = pendingTitle.then((text) => (text ? storeTitle(conversations, exchange, text, log) : undefined));
  if (title?.text) {
    const stored = await conversations
      .finishMessageAndTitle(exchange.owner, exchange.assistantMessageId, final, { conversationId: exchange.conversation.id, expectedName: exchange.conversation.name, title: title.text })
      .catch((error: unknown) => {
        log.error({ err: error, messageId: exchange.assistantMessageId }, 'chat: the answer could not be stored');
        return undefined;
      });
    if (stored?.titled) log.info({ conversationId: exchange.conversation.id }, 'chat: conversation titled');
  } else {
    await conversations
      .finishMessage(exchange.owner, exchange.assistantMessageId, final)
      .catch((error: unknown) => log.error({ err: error, messageId: exchange.assistantMessageId }, 'chat: the answer could not be stored'));
  }
  // The calls' steps after the retrieval's, as streamed (also those begun when the answer stopped): a reload shows them again.
  storeSteps();
  await stepsWrite;
  if (toolLoop && toolLoop.windows.length > 0 && traces) {
    // Sources found by tool calls: one trace with every window of the answer (the retrieval's
    // first), the message's latest, so its sources endpoints work as for grounded chat.
    await traces
      .create({
        owner: exchange.owner,
        kind: 'chat',
        question: exchange.payload.content,
        windows: [...(grounded?.windows ?? []), ...toolLoop.windows],
        model: exchange.model,
        conversationId: exchange.conversation.id,
        messageId: exchange.assistantMessageId,
      })
      .then((id) => traces.complete(id, outcome.content))
      .catch((error: unknown) => log.error({ err: error, messageId: exchange.assistantMessageId }, 'chat: the tool sources could not be traced'));
  } else if (grounded?.traceId && traces) {
    // The trace keeps what the model said (all of it, or as far as it came), for the sources job.
    await traces
      .complete(grounded.traceId, outcome.content)
      .catch((error: unknown) => log.error({ err: error, traceId: grounded.traceId }, 'chat: the grounding trace could not be completed'));
  }

  const logged = { conversationId: exchange.conversation.id, messageId: exchange.assistantMessageId, model: exchange.model, ms: Date.now() - started, characters: outcome.content.length };
  if (outcome.status === 'stopped') {
    clearTimeout(grace);
    stopSideCalls();
    log.info(logged, 'chat: answer stopped, the client went away; the partial answer is kept');
    await titled;
    writer.end();
    await keepEvents(developer, log);
    return;
  }
  // The intent and the title belong to this stream: it ends after them, but waits at most
  // SIDE_CALL_GRACE_MS once the answer is complete (a late title is still stored, a late intent dropped).
  await Promise.race([Promise.all([intentSent, titled]), graceOver]);
  clearTimeout(grace);
  sideCallsClosed = true;
  stopSideCalls();
  if (details && developer?.streamsDetails) await send({ kind: 'details', message_id: exchange.assistantMessageId, details });
  if (outcome.status === 'error') {
    log.warn({ ...logged, code: outcome.failure!.code, reason: outcome.failure!.reason }, 'chat: the answer failed while streaming');
    await send({ kind: 'error', code: outcome.failure!.code, message: outcome.failure!.message });
  } else {
    log.info(logged, 'chat: answer complete');
    await send({ kind: 'done' });
  }
  writer.end();
  await keepEvents(developer, log);
}

/** The steps taken before the model was asked: a memory saved, then the retrieval; undefined when none. */
function stepsBefore(exchange: PreparedExchange, retrieval: ToolEvent[] | undefined): ToolEvent[] | undefined {
  const memory = exchange.memory?.toolEvents ?? [];
  return memory.length > 0 ? [...memory, ...(retrieval ?? [])] : retrieval;
}

/** Stores a developer-mode answer's raw events once its stream ended; a failure costs only the download. */
async function keepEvents(developer: AnswerDetailsRecorder | undefined, log: Log): Promise<void> {
  await developer?.keepEvents().catch((error: unknown) => log.warn({ err: error }, 'chat: the answer\'s events could not be kept'));
}
