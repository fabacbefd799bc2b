import { STREAM_CONTENT_TYPE, uuidSchema, type Message, type MessageAttachment, type MessagePayload } from '@assistant/contracts';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { ConversationsRepository, NewMessage } from '../db/repositories/conversations-repository';
import { abortWhenClientLeaves } from '../inference/client-abort';
import type { ModelProvider } from '../inference/model-provider';
import { relayResearch } from '../research/relay-research';
import { NOT_FOUND_RESEARCH, ResearchRefusal, type ResearchService } from '../research/research-service';
import { SIDE_CALL_GRACE_MS } from './answer-exchange';
import { NdjsonWriter } from './ndjson-writer';
import { titleConversation } from './title';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** A chat message that asks for deep research (docs/deep-research.md "Starting a run from chat"), prepared by the route. */
export interface ResearchExchange {
  owner: string;
  /** The owner's groups: a new run reads the collections they reach (research-service.ts). */
  groups: readonly string[];
  conversation: { id: string; name: string };
  /** The parent of the new user message (null: a first message). */
  parentId: string | null;
  /** The user message, already stored by an earlier attempt with the same message_id. */
  existingUserMessage: Message | undefined;
  userMessageId: string;
  assistantMessageId: string;
  /** The picked model: the assistant message's, and the new run's. */
  model: string;
  payload: MessagePayload;
  /** The conversation had no message yet: it gets a generated title. */
  isFirstExchange: boolean;
  /** The MCP servers the tasks get (the payload's server_ids, once the route checked the gate). */
  serverIds: readonly string[];
  /** The files the question was sent with, kept with it (the chips of the message list). */
  attachments?: MessageAttachment[] | undefined;
}

/** The run a stored exchange belongs to, and the seq its chat step follows the events from. */
export interface StartedResearch {
  researchId: string;
  after: number;
}

/** The exchange's messages: the question (unless an earlier attempt stored it) and an empty answer that names the run. */
function exchangeMessages(exchange: ResearchExchange, researchId: string): NewMessage[] {
  return [
    ...(exchange.existingUserMessage
      ? []
      : [
          {
            message_id: exchange.userMessageId,
            parent_message_id: exchange.parentId,
            role: 'user' as const,
            content: exchange.payload.content,
            status: 'complete' as const,
            attachments: exchange.attachments,
          },
        ]),
    {
      message_id: exchange.assistantMessageId,
      parent_message_id: exchange.userMessageId,
      role: 'assistant' as const,
      // The report is written into it when the run completes; until then the run is the answer.
      content: '',
      status: 'complete' as const,
      model: exchange.model,
      research_id: researchId,
    },
  ];
}

async function store(conversations: ConversationsRepository, exchange: ResearchExchange, messages: NewMessage[]): Promise<void> {
  const rows = await conversations.addMessages(exchange.owner, exchange.conversation.id, messages);
  // Checked by the route a moment ago; gone only when it was deleted meanwhile.
  if (rows.length !== messages.length) throw new Error('The conversation is no longer there');
}

/**
 * A new run for a chat message: started first, so its refusals (404 collection, 429 limit) leave
 * nothing stored; then the question and the empty answer are stored with the run's id. When they
 * cannot be stored, the run is deleted again.
 */
export async function startResearchExchange(deps: { research: ResearchService; conversations: ConversationsRepository }, exchange: ResearchExchange): Promise<StartedResearch> {
  const researchId = await deps.research.start({
    owner: exchange.owner,
    groups: exchange.groups,
    question: exchange.payload.content,
    conversationId: exchange.conversation.id,
    collections: exchange.payload.collections,
    userMessageId: exchange.userMessageId,
    assistantMessageId: exchange.assistantMessageId,
    serverIds: exchange.serverIds,
    model: exchange.model,
  });
  try {
    await store(deps.conversations, exchange, exchangeMessages(exchange, researchId));
  } catch (error) {
    await deps.research.discard(researchId, exchange.owner);
    throw error;
  }
  return { researchId, after: 0 };
}

/**
 * A retried request (the same message_id, its question stored by the first attempt) whose first
 * attempt started or continued a run: the retry follows that run again, under the answer stored
 * then, instead of starting a second one. From the run's first event, or, for the reply to its
 * clarifying question, from after the question (as the first attempt did). Undefined when the
 * stored question has no run's answer (it was asked as an ordinary question).
 */
export async function reattachResearchExchange(
  deps: { research: ResearchService; conversations: ConversationsRepository },
  exchange: ResearchExchange,
): Promise<{ exchange: ResearchExchange; started: StartedResearch } | undefined> {
  const answer = await deps.conversations.researchAnswerOf(exchange.owner, exchange.conversation.id, exchange.userMessageId);
  if (!answer) return undefined;
  const after = exchange.payload.deep_research_id === answer.researchId ? await deps.research.clarificationSeq(answer.researchId, exchange.owner) : 0;
  return { exchange: { ...exchange, assistantMessageId: answer.messageId, isFirstExchange: false }, started: { researchId: answer.researchId, after } };
}

/**
 * The reply to a run's clarifying question (`deep_research_id`): 404 unless it is the user's run of
 * this conversation, 409 unless it waits for the answer (429 over the limit), all before anything
 * is stored. Then the run moves on to the new exchange (its report goes into the new answer), and
 * the earlier answer keeps the question as its text, so a reload reads the question asked. The
 * step follows the events stored after those the user has already seen.
 */
export async function continueResearchExchange(
  deps: { research: ResearchService; conversations: ConversationsRepository },
  exchange: ResearchExchange,
  researchId: string,
): Promise<StartedResearch> {
  // The payload's id is any non-empty string; a run's id is a uuid (anything else: no such run).
  if (!uuidSchema.safeParse(researchId).success) throw new ResearchRefusal(404, NOT_FOUND_RESEARCH);
  const before = await deps.research.state(researchId, exchange.owner);
  if (before.conversation_id !== exchange.conversation.id) throw new ResearchRefusal(404, NOT_FOUND_RESEARCH);
  const answered = await deps.research.answerClarification(researchId, exchange.owner, exchange.payload.content, {
    userMessageId: exchange.userMessageId,
    assistantMessageId: exchange.assistantMessageId,
  });
  await store(deps.conversations, exchange, exchangeMessages(exchange, researchId));
  const question = answered.clarificationQuestion;
  if (before.assistant_message_id && question) {
    await deps.conversations.finishMessage(exchange.owner, before.assistant_message_id, { content: question, status: 'complete' });
  }
  return { researchId, after: before.last_seq };
}

/**
 * Answers the chat call with JSON lines: `message` (the stored ids and the research_id), the run's
 * events as `deep_research` lines until it waits for the user (`done`) or is over (`done`, or
 * `error` with its reason). A first exchange gets its title meanwhile (the last line waits for it
 * at most SIDE_CALL_GRACE_MS). The client leaving stops the following, never the run; the client
 * follows later with GET /api/research/{id}/events?after=n.
 */
export function streamResearchExchange(
  reply: FastifyReply,
  options: { research: ResearchService; conversations: ConversationsRepository; models: ModelProvider; exchange: ResearchExchange; started: StartedResearch; log: Log },
): FastifyReply {
  const { research, exchange, started, log } = options;
  const client = abortWhenClientLeaves(reply);
  const writer = new NdjsonWriter(client.signal);
  // Not tied to the client: a title started is stored even when the client left.
  const titled = exchange.isFirstExchange
    ? titleConversation(options.models, options.conversations, { owner: exchange.owner, conversation: exchange.conversation, model: exchange.model, question: exchange.payload.content }, log)
    : Promise.resolve();
  const withinGrace = async () => {
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([titled, new Promise((resolve) => (grace = setTimeout(resolve, SIDE_CALL_GRACE_MS)))]);
    clearTimeout(grace);
  };
  void (async () => {
    await writer.send({
      kind: 'message',
      conversation_id: exchange.conversation.id,
      user_message_id: exchange.userMessageId,
      assistant_message_id: exchange.assistantMessageId,
      research_id: started.researchId,
    });
    await relayResearch({
      research,
      id: started.researchId,
      owner: exchange.owner,
      after: started.after,
      writer,
      signal: client.signal,
      untilUserTurn: true,
      beforeLastLine: withinGrace,
    });
    log.info({ conversationId: exchange.conversation.id, researchId: started.researchId, clientLeft: client.signal.aborted }, 'chat: research step relayed');
  })()
    .catch((error: unknown) => log.error({ err: error, researchId: started.researchId }, 'chat: following the research failed'))
    .finally(() => {
      writer.end();
      client.dispose();
    });
  reply
    .header('content-type', `${STREAM_CONTENT_TYPE}; charset=utf-8`)
    // Proxies (nginx) pass each line on at once instead of buffering the answer.
    .header('x-accel-buffering', 'no');
  return reply.send(writer.stream);
}
