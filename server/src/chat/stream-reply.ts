import { STREAM_CONTENT_TYPE, STREAM_ERROR_CODES, type MessagePayload } from '@assistant/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/send-error';
import { abortWhenClientLeaves } from '../inference/client-abort';
import type { ChatDelta } from '../inference/model-provider';
import { upstreamFailureReply } from '../inference/public-failure';
import { UpstreamError, isAbortError } from '../inference/upstream';
import { NdjsonWriter } from './ndjson-writer';

export const NO_MODEL = `${STREAM_ERROR_CODES.model_unavailable}: chat needs a language model (OPENAI_BASE_URL, or a local Ollama)`;

/**
 * What a message payload asks for that chat does not do yet: refused (501) rather than faked.
 * `grounding`: the caller answers from collections and attachments (a stored conversation does;
 * the browser-kept history has no attachments, and answers only plainly). `toolServers`: the
 * caller offers the tools of the picked MCP servers (tools on and MCP tools in the feature set).
 * `deepResearch`: the caller starts research runs (a stored conversation does; a run belongs to
 * one, so the browser-kept history cannot). `agents`: the caller answers as an agent
 * (`personality`; a stored conversation remembers its agent, the browser-kept history does not).
 */
export function unsupported(
  payload: MessagePayload,
  options: { grounding?: boolean; toolServers?: boolean; deepResearch?: boolean; agents?: boolean } = {},
): string | undefined {
  if (!options.deepResearch && payload.deep_research) return 'Deep research is not available yet';
  if (!options.grounding && payload.attachments.length > 0) return 'Attachments are not available in chat yet';
  if (!options.grounding && payload.collections.length > 0) return 'Answers from collections are not available in chat yet';
  if (!options.toolServers && payload.server_ids.length > 0) return 'Tool servers are not available yet';
  if (!options.agents && payload.personality !== undefined) return 'Agents are not available in chat yet';
  return undefined;
}

/** The model to answer with: the override when it is on offer, else the first; or the error to send. */
export function pickModel(
  offered: readonly string[],
  override: string | undefined,
): { model: string } | { status: 400 | 503; code: 'unknown_model' | 'model_unavailable'; message: string } {
  if (offered.length === 0) return { status: 503, code: 'model_unavailable', message: NO_MODEL };
  const model = override ?? offered[0]!;
  return offered.includes(model) ? { model } : { status: 400, code: 'unknown_model', message: `Unknown language model: ${model}` };
}

/**
 * Answers a chat call with a stream of JSON lines: `start` asks the model (a refusal before any
 * text becomes a JSON error: 499 when the client left, 502/503/504 by the upstream's failure, with
 * a code and our own sentence; the upstream's words go to the log),
 * then `relay` writes the events while the client reads (backpressure through the writer). The
 * client leaving aborts the signal both get.
 */
export async function replyWithStream<D = ChatDelta>(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    model: string;
    start(signal: AbortSignal): Promise<AsyncIterable<D>>;
    relay(deltas: AsyncIterable<D>, writer: NdjsonWriter, signal: AbortSignal): Promise<void>;
  },
): Promise<FastifyReply> {
  const client = abortWhenClientLeaves(reply);
  let deltas: AsyncIterable<D>;
  try {
    deltas = await options.start(client.signal);
  } catch (error) {
    client.dispose();
    if (client.signal.aborted || isAbortError(error)) return sendError(reply, 499, 'The client closed the request');
    if (error instanceof UpstreamError) {
      const failure = upstreamFailureReply(error, 'The answer', 'the language model', { unreachableIs503: true, noModelMessage: NO_MODEL });
      request.log.warn({ model: options.model, reason: failure.reason, status: error.status, code: failure.code }, 'chat: the model refused');
      return sendError(reply, failure.status, failure.message, { code: failure.code });
    }
    throw error;
  }

  const writer = new NdjsonWriter(client.signal);
  void options
    .relay(deltas, writer, client.signal)
    .catch((error: unknown) => {
      request.log.error({ err: error }, 'chat: the answer failed');
      writer.end();
    })
    .finally(() => client.dispose());
  reply
    .header('content-type', `${STREAM_CONTENT_TYPE}; charset=utf-8`)
    // Proxies (nginx) pass each line on at once instead of buffering the answer.
    .header('x-accel-buffering', 'no');
  return reply.send(writer.stream);
}
