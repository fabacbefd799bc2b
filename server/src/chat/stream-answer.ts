import { randomUUID } from 'node:crypto';
import type { StreamErrorCode, StreamEvent } from '@assistant/contracts';
import type { ChatDelta } from '../inference/model-provider';
import type { LoopDelta } from '../tools/tool-loop';
import { describeStreamFailure } from '../inference/public-failure';
import { ThinkTagSplitter } from './think-tags';

export interface AnswerOutcome {
  /** The answer text that arrived (all of it, or up to the stop or failure). */
  content: string;
  /** The reasoning that was streamed (only when the user asked for it). */
  reasoning: string;
  status: 'complete' | 'stopped' | 'error';
  /** Set with status `error`: what the client is told. */
  failure?: { code: StreamErrorCode; message: string; reason: string };
}

/**
 * Relays a model's deltas as stream_text events: the reasoning (only with `think`) on its own
 * stream on the `reasoning` channel, the answer on the `answer` stream (always opened and closed,
 * even when empty). Each `send` waits while the client is slow, so the model is read only as fast
 * as the client reads. Ends with `stopped` when `signal` aborts (the client went away or pressed
 * stop), `error` when the model fails; the caller stores the outcome and writes done or error.
 */
export async function streamAnswer(options: {
  /** The model's text and reasoning; with tools, their events between the rounds (sent as `tool` lines). */
  deltas: AsyncIterable<ChatDelta | LoopDelta>;
  think: boolean;
  send: (event: StreamEvent) => Promise<void>;
  signal: AbortSignal;
  /** Called after each piece with the text so far (the caller throttles its writes). */
  progress?: (content: string, reasoning: string) => void;
  /**
   * Called with each delta before it is relayed (`before`) and after (`after`): what the caller
   * does per delta without wrapping `deltas` in a generator of its own (one promise chain less per
   * token).
   */
  observe?: { before(delta: ChatDelta | LoopDelta): void; after(delta: ChatDelta | LoopDelta): void } | undefined;
}): Promise<AnswerOutcome> {
  const { deltas, think, send, signal, progress, observe } = options;
  const splitter = new ThinkTagSplitter();
  const answerId = randomUUID();
  const reasoningId = randomUUID();
  type State = 'closed' | 'open' | 'ended';
  // Changed inside `relay` (a closure), so not narrowed by the compiler.
  let answerState = 'closed' as State;
  let reasoningState = 'closed' as State;
  let content = '';
  let reasoning = '';

  const endReasoning = async () => {
    if (reasoningState !== 'open') return;
    reasoningState = 'ended';
    await send({ kind: 'stream_text', event: { stream_id: reasoningId, type: 'end' } });
  };
  const relay = async (piece: ChatDelta) => {
    if (piece.channel === 'reasoning') {
      // Without `think` the reasoning is not shown; a model that thinks anyway is not cut off.
      if (!think || answerState !== 'closed') return;
      if (reasoningState === 'closed') {
        reasoningState = 'open';
        await send({ kind: 'stream_text', event: { stream_id: reasoningId, type: 'begin', channel: 'reasoning' } });
      }
      reasoning += piece.text;
      await send({ kind: 'stream_text', event: { stream_id: reasoningId, type: 'append', delta: piece.text } });
      return;
    }
    await endReasoning();
    if (answerState === 'closed') {
      answerState = 'open';
      await send({ kind: 'stream_text', event: { stream_id: answerId, type: 'begin', channel: 'answer' } });
    }
    content += piece.text;
    await send({ kind: 'stream_text', event: { stream_id: answerId, type: 'append', delta: piece.text } });
  };

  let failure: unknown;
  try {
    for await (const delta of deltas) {
      observe?.before(delta);
      if (delta.channel === 'tool') {
        await send({ kind: 'tool', event: delta.event });
        observe?.after(delta);
        if (signal.aborted) break;
        continue;
      }
      for (const piece of splitter.push(delta)) await relay(piece);
      progress?.(content, reasoning);
      observe?.after(delta);
      if (signal.aborted) break;
    }
    if (!signal.aborted) for (const piece of splitter.flush()) await relay(piece);
  } catch (error) {
    failure = error;
  }

  // Closing the streams tells the client the text is final, also before an error line.
  if (!signal.aborted) {
    await endReasoning();
    if (answerState === 'closed') {
      answerState = 'open';
      await send({ kind: 'stream_text', event: { stream_id: answerId, type: 'begin', channel: 'answer' } });
    }
    if (answerState === 'open') {
      answerState = 'ended';
      await send({ kind: 'stream_text', event: { stream_id: answerId, type: 'end' } });
    }
  }
  if (signal.aborted) return { content, reasoning, status: 'stopped' };
  if (failure !== undefined) return { content, reasoning, status: 'error', failure: describeStreamFailure(failure, 'The answer') };
  return { content, reasoning, status: 'complete' };
}
