import { answerBytes, readBounded } from './bounded-fetch';
import { chatCompletionsPost, reportUsage, startChatCall, type ChatCallSettings, type ChatRequest } from './chat-request';
import { MODEL_ENDPOINT, errorBodyMessage, httpFailure, modelEndpointError } from './model-endpoint-errors';
import { AnswerTooLongError, Deadline, UpstreamError, excerpt } from './upstream';
import type { ModelCall } from '../telemetry/model-call-span';

/** A whole answer as OpenAI-compatible endpoints send it (only what is read). */
interface ChatCompletionLike {
  model?: unknown;
  usage?: { prompt_tokens?: number | null; completion_tokens?: number | null } | null;
  choices?: Array<{ finish_reason?: unknown; message?: { content?: unknown } }> | null;
}

/**
 * One chat completion, answered whole, with a plain fetch (the chat's intent and title calls run
 * on every exchange; the SDK costs about 0.5 ms of CPU more per call, bench/chat-proxy/decoder.ts).
 * The answer is read bounded (AnswerTooLongError past MAX_ANSWER_CHARACTERS); failures are those
 * of model-endpoint-errors.ts; the timeout covers the whole call.
 */
export async function completeChat(baseUrl: string, settings: ChatCallSettings, request: ChatRequest): Promise<string> {
  const call = startChatCall(settings, request, false, baseUrl);
  try {
    const answer = await call.run(() => completeWithin(baseUrl, settings, request, call));
    call.end();
    return answer;
  } catch (error) {
    call.end(error);
    throw error;
  }
}

async function completeWithin(baseUrl: string, settings: ChatCallSettings, request: ChatRequest, call: ModelCall): Promise<string> {
  // As withDeadline, but an answer read whole leaves the signal alone (deadline.finish: no abort to pay for).
  const deadline = new Deadline(MODEL_ENDPOINT, request.timeoutMs ?? settings.timeoutMs, request.signal);
  let answer: string;
  try {
    answer = await fetchAnswer(baseUrl, settings, request, call, deadline.signal);
  } catch (error) {
    deadline.dispose();
    throw deadline.explain(error);
  }
  deadline.finish();
  return answer;
}

async function fetchAnswer(baseUrl: string, settings: ChatCallSettings, request: ChatRequest, call: ModelCall, signal: AbortSignal): Promise<string> {
  const { url, init } = chatCompletionsPost(
    baseUrl,
    settings,
    request,
    'application/json',
    request.jsonSchema ? { response_format: { type: 'json_schema', json_schema: { ...request.jsonSchema, strict: true } } } : {},
  );
  try {
    const response = await fetch(url, { ...init, signal });
    const limit = settings.maxAnswerCharacters;
    const text = await readBounded(response, answerBytes(limit), () => new AnswerTooLongError(MODEL_ENDPOINT, limit));
    if (!response.ok) throw httpFailure(response.status, errorBodyMessage(text));
    let completion: ChatCompletionLike;
    try {
      completion = JSON.parse(text) as ChatCompletionLike;
    } catch {
      throw new UpstreamError(MODEL_ENDPOINT, `${MODEL_ENDPOINT} answered with something that is not JSON: ${excerpt(text)}`);
    }
    call.response(completion);
    reportUsage(request, completion);
    const content = completion?.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new UpstreamError(MODEL_ENDPOINT, `${MODEL_ENDPOINT} answered without text`);
    return content;
  } catch (error) {
    throw modelEndpointError(error);
  }
}
