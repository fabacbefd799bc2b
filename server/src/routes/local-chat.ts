import { randomUUID } from 'node:crypto';
import { AGENT_ERRORS, localChatRequestSchema, type LocalChatRequest, type StreamEvent, streamEventSchema } from '@assistant/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { once } from '../chat/once';
import { SIDE_CALL_GRACE_MS } from '../chat/answer-exchange';
import { buildPrompt, withMemories } from '../chat/build-prompt';
import { classifyIntent } from '../chat/intent';
import { NdjsonWriter } from '../chat/ndjson-writer';
import { streamAnswer } from '../chat/stream-answer';
import { sendError, sendRefusal } from '../http/send-error';
import type { ChatDelta, ModelProvider } from '../inference/model-provider';
import { pickModel, replyWithStream, unsupported } from '../chat/stream-reply';
import { agentSystemNote, agentVariables, fillAgentInstructions, withAgentNote } from '../agents/agent-instructions';
import type { AgentsRepository } from '../agents/agents-repository';
import { questionLanguage } from '../grounding/grounded-prompt';
import { errorResponses } from '../http/error-responses';
import { streamResponse } from '../http/declared-responses';
import { setUsageFeature } from '../usage/usage-context';
import type { Database } from '../db/database';
import { exchangeMemory, type ExchangeMemory } from '../memory/exchange-memory';
import type { MemoriesRepository } from '../memory/memories-repository';
import { chatMemory } from '../memory/memory-for-chat';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Knowledge and tools of an agent need the server-kept conversation (grounding, tool steps, sources). */
export const LOCAL_AGENT_NEEDS_SERVER = 'An agent with knowledge or tools answers only in conversations the server keeps (enableLocalChatHistory off)';


/**
 * POST /api/chat/stream: the answer for a conversation kept in the browser (SPEC flag
 * `enableLocalChatHistory`). The client sends the new message and the branch before it; the
 * answer streams as JSON lines in the same envelope, order and error handling as
 * POST conversations/{id}/messages/v2 (docs/chat.md), with the same stop and backpressure. The
 * server stores nothing: no conversation, no message, no title (the browser names its
 * conversations itself).
 */
/**
 * With `agents`, a payload's `personality` answers as that agent (its instructions with variables
 * filled, model and temperature; docs/agents.md): the browser sends it with every message, since
 * the server keeps no conversation. An agent with knowledge or tools is refused (501), and one the
 * user may not read is a 404.
 */
export const localChatRoutes: FastifyPluginAsyncZod<{
  models: ModelProvider;
  agents?: AgentsRepository | undefined;
  /** The user's memories (docs/memory.md), in browser-kept chats as in the server's; absent: none. */
  memory?: { db: Database; memories: MemoriesRepository } | undefined;
}> = async (app, { models, agents, memory: memoryServices }) => {
  app.post('/chat/stream', { schema: { body: localChatRequestSchema, response: { ...streamResponse(streamEventSchema), ...errorResponses(501) } }, config: { modelLimits: true, usageFeature: 'chat' } }, async (request, reply) => {
    const body = request.body;
    const payload = body.payload;
    const notYet = unsupported(payload, { agents: agents !== undefined });
    if (notYet) return sendError(reply, 501, notYet);

    // A temporary chat neither uses nor saves memories (it leaves nothing behind).
    const withMemory = memoryServices && !body.temporary && payload.personality === undefined;
    const [offered, agent, memoryState] = await Promise.all([
      models.models(),
      agents && payload.personality !== undefined ? agents.find(request.viewer, payload.personality) : undefined,
      withMemory ? chatMemory(memoryServices.db, request.viewer.sub) : undefined,
    ]);
    if (payload.personality !== undefined && !agent) return sendRefusal(reply, AGENT_ERRORS.agentNotFound);
    if (agent && (agent.collection_ids.length > 0 || agent.tools.length > 0 || agent.server_ids.length > 0)) {
      return sendError(reply, 501, LOCAL_AGENT_NEEDS_SERVER);
    }
    // A chat with an agent counts as the agents' usage.
    if (agent) setUsageFeature('agents');

    const picked = pickModel(offered, payload.reasoning_model_override ?? agent?.model_id);
    if ('status' in picked) return sendError(reply, picked.status, picked.message, { code: picked.code });
    const { model } = picked;

    // Saved after every refusal above; the model has no tools here, so only explicit requests are saved.
    const memory =
      memoryServices && memoryState ? await exchangeMemory(memoryServices.memories, memoryState, { owner: request.viewer.sub, message: payload.content, log: request.log }) : undefined;
    const branch = body.history.map((message) => ({ ...message, status: 'complete' as const }));
    let messages = buildPrompt(branch, payload.content);
    if (memory) messages = withMemories(messages, memory.facts);
    if (agent) {
      const values = agentVariables({ language: questionLanguage(payload.content), userName: request.principal.name });
      messages = withAgentNote(messages, agentSystemNote(agent.name, fillAgentInstructions(agent.instructions, values)));
    }
    const temperature = agent?.temperature;
    return replyWithStream(request, reply, {
      model,
      start: (signal) => models.streamChat({ model, messages, think: payload.think, temperature, signal }),
      relay: (deltas, writer, signal) => relayLocalAnswer({ models, body, model, deltas, writer, signal, log: request.log, memory }),
    });
  });
};

/**
 * The stream of one answer: `message` (the client's ids, or fresh ones), the intent once it is
 * there (at most SIDE_CALL_GRACE_MS after the answer), reasoning and answer text, then `done` or
 * `error`. Like relayExchange without the storage.
 */
async function relayLocalAnswer(options: {
  models: ModelProvider;
  body: LocalChatRequest;
  model: string;
  deltas: AsyncIterable<ChatDelta>;
  writer: NdjsonWriter;
  signal: AbortSignal;
  log: Log;
  /** A memory the message saved: its step comes right after `message`, as in the server-kept chat. */
  memory?: ExchangeMemory | undefined;
}): Promise<void> {
  const { models, body, model, deltas, writer, signal, log, memory } = options;
  const send = (event: StreamEvent) => writer.send(event);
  const started = Date.now();
  const assistantMessageId = body.assistant_message_id ?? randomUUID();
  const messageSent = send({
    kind: 'message',
    conversation_id: body.conversation_id ?? randomUUID(),
    user_message_id: body.payload.message_id ?? randomUUID(),
    assistant_message_id: assistantMessageId,
  }).then(async () => {
    for (const event of memory?.toolEvents ?? []) await send({ kind: 'tool', event });
  });

  const sideCall = new AbortController();
  let sideCallClosed = false;
  const stopSideCall = () => sideCall.abort(new DOMException('The answer ended', 'AbortError'));
  signal.addEventListener('abort', stopSideCall, { once: true });
  // Started once the answer ended, so it competes neither with the first token nor with the
  // answer's stream (as in the server-kept chat, chat/answer-exchange.ts).
  let intentSent: Promise<void> = Promise.resolve();
  const startSideCall = once(() => {
    if (sideCall.signal.aborted) return; // the client went away during the answer
    const previousAnswer = [...body.history].reverse().find((message) => message.role === 'assistant')?.content;
    intentSent = classifyIntent(models, { model, question: body.payload.content, previousAnswer, signal: sideCall.signal }, log).then(
      async (intent) => {
        await messageSent;
        if (intent && !sideCallClosed) await send({ kind: 'intent', event: { payload: { trace_id: assistantMessageId }, intent_response: intent } });
      },
    );
  });

  let outcome;
  try {
    await messageSent;
    outcome = await streamAnswer({ deltas, think: body.payload.think, send, signal });
  } finally {
    signal.removeEventListener('abort', stopSideCall);
    startSideCall();
  }
  // A temporary chat leaves no trace but the usage's counts: not even its (client-made) ids in the log.
  const logged = { ...(body.temporary ? {} : { messageId: assistantMessageId }), model, ms: Date.now() - started, characters: outcome.content.length };
  if (outcome.status === 'stopped') {
    stopSideCall();
    log.info(logged, 'local chat: answer stopped, the client went away');
    writer.end();
    return;
  }
  let grace: NodeJS.Timeout | undefined;
  await Promise.race([intentSent, new Promise((resolve) => (grace = setTimeout(resolve, SIDE_CALL_GRACE_MS)))]);
  clearTimeout(grace);
  sideCallClosed = true;
  stopSideCall();
  if (outcome.status === 'error') {
    log.warn({ ...logged, code: outcome.failure!.code, reason: outcome.failure!.reason }, 'local chat: the answer failed while streaming');
    await send({ kind: 'error', code: outcome.failure!.code, message: outcome.failure!.message });
  } else {
    log.info(logged, 'local chat: answer complete');
    await send({ kind: 'done' });
  }
  writer.end();
}
