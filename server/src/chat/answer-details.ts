import {
  PERMISSION_DEVELOPER,
  ANSWER_DETAILS_PASSAGE_MAX_CHARACTERS,
  ANSWER_DETAILS_TOOL_RESULT_MAX_CHARACTERS,
  type AnswerDetails,
  type AnswerDetailsToolCall,
  type StreamEvent,
} from '@assistant/contracts';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MessageEventLogsRepository } from '../db/repositories/message-event-logs-repository';
import type { SourceWindow } from '../grounding/source-windows';
import type { ChatUsage } from '../inference/model-provider';
import type { ToolCallRecord } from '../tools/tool-loop';

/** What a recorder needs to know about its request (docs/developer-mode.md). */
export interface AnswerDetailsOptions {
  model: string;
  requestId: string;
  /** The request's OpenTelemetry trace, when tracing is on (requestTraceId). */
  traceId: string | undefined;
  /** TRACE_VIEWER_URL: `{traceId}` is replaced by the trace id. */
  traceViewerUrl: string | undefined;
  /** Milliseconds since the request arrived (Fastify's reply.elapsedTime). */
  elapsedMs: () => number;
  /** Developer mode was on for this message: the details go out as a stream event too. */
  streamDetails?: boolean | undefined;
  /** Keeps the answer's raw stream events (JSON lines), when developer mode was on for this message. */
  keepEvents?: ((lines: string) => Promise<unknown>) | undefined;
}

/**
 * Collects developer mode's details of one chat answer while it streams: token usage summed over
 * the answer's model calls (tool rounds), the time to its first piece and its total time from the
 * request's arrival, the passages retrieval gave the model, each tool call's raw arguments and
 * result, and the trace. Made only for users who may use developer mode, so nothing here reaches
 * anyone else; the details are stored with the answer, and streamed (`streamDetails`) only when
 * the message was sent in developer mode, so other clients' streams stay as they were. With
 * `keepEvents` it also records every line the stream sends.
 */
export class AnswerDetailsRecorder {
  private inputTokens: number | undefined;
  private outputTokens: number | undefined;
  private responseModel: string | undefined;
  private calls = 0;
  private firstPieceMs: number | undefined;
  private totalMs: number | undefined;
  private windows: readonly SourceWindow[] = [];
  private readonly lines: string[] = [];

  constructor(private readonly options: AnswerDetailsOptions) {}

  /** Whether the details go out as a `details` stream event. */
  get streamsDetails(): boolean {
    return this.options.streamDetails === true;
  }

  /** A model call of this answer starts. */
  readonly modelCall = (): void => {
    this.calls += 1;
  };

  /** A model call's usage (ChatStreamRequest.onUsage). */
  readonly onUsage = (usage: ChatUsage): void => {
    if (usage.inputTokens !== undefined) this.inputTokens = (this.inputTokens ?? 0) + usage.inputTokens;
    if (usage.outputTokens !== undefined) this.outputTokens = (this.outputTokens ?? 0) + usage.outputTokens;
    if (usage.responseModel) this.responseModel = usage.responseModel;
  };

  /** A piece of the answer arrived; the first sets the time to first token. */
  firstPiece(): void {
    this.firstPieceMs ??= Math.round(this.options.elapsedMs());
  }

  /** The answer ended (however): its total time. */
  answerEnded(): void {
    this.totalMs ??= Math.round(this.options.elapsedMs());
  }

  /** The windows a grounded answer's retrieval gave the model. */
  retrieved(windows: readonly SourceWindow[] | undefined): void {
    this.windows = windows ?? [];
  }

  /** A line the stream sends, kept when the events are kept. */
  record(event: StreamEvent): void {
    if (this.options.keepEvents) this.lines.push(`${JSON.stringify(event)}\n`);
  }

  /** The details, with the tool loop's windows and calls (the retrieval's windows first). */
  details(tools?: { windows: readonly SourceWindow[]; calls: readonly ToolCallRecord[] }): AnswerDetails {
    const { model, requestId, traceId, traceViewerUrl } = this.options;
    const windows = [...this.windows, ...(tools?.windows ?? [])];
    const toolCalls = (tools?.calls ?? []).map(toolCallDetails);
    return {
      model,
      ...(this.responseModel && this.responseModel !== model ? { response_model: this.responseModel } : {}),
      ...(this.inputTokens !== undefined ? { input_tokens: this.inputTokens } : {}),
      ...(this.outputTokens !== undefined ? { output_tokens: this.outputTokens } : {}),
      ...(this.calls > 0 ? { model_calls: this.calls } : {}),
      ...(this.firstPieceMs !== undefined ? { time_to_first_token_ms: this.firstPieceMs } : {}),
      ...(this.totalMs !== undefined ? { total_ms: this.totalMs } : {}),
      ...(traceId ? { trace_id: traceId } : {}),
      ...(traceId && traceViewerUrl ? { trace_url: traceViewerUrl.replaceAll('{traceId}', encodeURIComponent(traceId)) } : {}),
      request_id: requestId,
      ...(windows.length > 0
        ? {
            passages: windows.map((window) => ({
              source_index: window.index,
              file_name: window.fileName,
              ...(window.segments[0] ? { page: window.segments[0].page } : {}),
              score: window.score,
              text: cut(window.text, ANSWER_DETAILS_PASSAGE_MAX_CHARACTERS),
            })),
          }
        : {}),
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
    };
  }

  /** Stores the recorded lines (after the stream's last one); a failure is the caller's to log. */
  async keepEvents(): Promise<void> {
    if (this.options.keepEvents && this.lines.length > 0) await this.options.keepEvents(this.lines.join(''));
  }
}

function toolCallDetails(call: ToolCallRecord): AnswerDetailsToolCall {
  return {
    call_id: call.callId,
    name: call.name,
    arguments: call.arguments,
    ...(call.result !== undefined ? { result: cut(call.result, ANSWER_DETAILS_TOOL_RESULT_MAX_CHARACTERS) } : {}),
    ...(call.error !== undefined ? { error: call.error } : {}),
  };
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The OpenTelemetry trace id of the active span (the request's), when tracing is on. */
export function requestTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  const context = span?.spanContext();
  return context && isSpanContextValid(context) ? context.traceId : undefined;
}

/** What the routes are given for developer mode (app.ts). */
export interface DeveloperModeServices {
  /** TRACE_VIEWER_URL. */
  traceViewerUrl: string | undefined;
  eventLogs: MessageEventLogsRepository;
}

/** Whether the signed-in user may use developer mode (DEVELOPER_MODE_ROLE; auth/principal.ts). */
export function mayUseDeveloperMode(request: FastifyRequest): boolean {
  return request.principal.permissions.has(PERMISSION_DEVELOPER);
}

/**
 * The recorder of a chat answer for a user who may use developer mode (undefined for anyone
 * else); its details are streamed and its events kept when the message was sent with developer
 * mode on (`developer_mode`).
 */
export function answerDetailsRecorder(
  request: FastifyRequest,
  reply: FastifyReply,
  developer: DeveloperModeServices | undefined,
  answer: { model: string; conversationId: string; messageId: string; developerMode: boolean },
): AnswerDetailsRecorder | undefined {
  if (!developer || !mayUseDeveloperMode(request)) return undefined;
  const owner = request.principal.sub;
  return new AnswerDetailsRecorder({
    model: answer.model,
    requestId: request.id,
    traceId: requestTraceId(),
    traceViewerUrl: developer.traceViewerUrl,
    elapsedMs: () => reply.elapsedTime,
    streamDetails: answer.developerMode,
    keepEvents: answer.developerMode ? (lines) => developer.eventLogs.save(owner, answer.conversationId, answer.messageId, lines) : undefined,
  });
}
