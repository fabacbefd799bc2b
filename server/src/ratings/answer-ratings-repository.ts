import { randomUUID } from 'node:crypto';
import {
  ALL_RATING_REASONS,
  answerRatingRequestSchema,
  uuidSchema,
  type AnswerRating,
  type RatedAnswerKind,
  type RatingReason,
} from '@assistant/contracts';
import type { Selectable, Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/database';
import type { AnswerRatingsTable, DatabaseSchema } from '../db/schema';

/** A rating request as the contract's schema parsed it (defaults filled in). */
export type ParsedAnswerRating = z.output<typeof answerRatingRequestSchema>;

export interface RatedTarget {
  kind: RatedAnswerKind;
  id: string;
}

/** Why a rating's target is refused: it is another user's (or named with a conversation it is not in). */
export type TargetRefusal = 'conversationNotFound' | 'answerNotFound';

/** What the server itself knows of a rated answer, which wins over what the request says. */
interface KnownTarget {
  conversationId?: string;
  model?: string;
  agentId?: string;
}

// Ids of server-kept rows are uuids; anything else names something the server does not keep (a
// browser-kept conversation, an app run), and a uuid column must not be compared with it.
const isUuid = (id: string) => uuidSchema.safeParse(id).success;
const knownReasons = new Set<string>(ALL_RATING_REASONS);
/** Stored reasons as the contract knows them (a reason dropped from the list later is left out). */
export const contractReasons = (reasons: readonly string[]) => reasons.filter((reason): reason is RatingReason => knownReasons.has(reason));

/**
 * Answer ratings (docs/operations.md "Answer ratings"): each user's thumbs up or down on answers,
 * one per user and answer. Every method is scoped to the user whose sub it is given; the texts of
 * a rating are kept only when the user shared them with the administrators.
 */
export class AnswerRatingsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores the user's rating of an answer, or changes the one they gave it. A server-kept target
   * must be the user's own; one the server does not know (a browser-kept conversation, an app
   * run) is taken as the user's statement.
   */
  async rate(userSub: string, request: ParsedAnswerRating): Promise<AnswerRating | TargetRefusal> {
    const known = await this.resolveTarget(userSub, { kind: request.target_kind, id: request.target_id }, request.conversation_id);
    if (typeof known === 'string') return known;
    const shared = request.share_with_admins;
    const values = {
      conversation_id: known.conversationId ?? request.conversation_id ?? null,
      feature: request.feature,
      model: known.model ?? request.model ?? null,
      agent_id: known.agentId ?? request.agent_id ?? null,
      rating: request.rating,
      reasons: JSON.stringify([...new Set(request.reasons)]),
      comment: request.comment || null,
      share_with_admins: shared,
      // Not shared: the texts are dropped, and a change that withdraws the sharing drops them too.
      question_text: shared ? (request.question_text ?? null) : null,
      answer_text: shared ? (request.answer_text ?? null) : null,
      ui_version: request.ui_version,
    };
    const row = await this.db
      .insertInto('answer_ratings')
      .values({ id: randomUUID(), user_sub: userSub, target_kind: request.target_kind, target_id: request.target_id, ...values })
      .onConflict((conflict) => conflict.columns(['user_sub', 'target_kind', 'target_id']).doUpdateSet({ ...values, updated_at: new Date() }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRating(row);
  }

  /** The user's ratings in one conversation; undefined when it is another user's conversation. */
  async inConversation(userSub: string, conversationId: string): Promise<AnswerRating[] | undefined> {
    const conversation = await this.conversationOwner(conversationId);
    if (conversation && conversation.owner !== userSub) return undefined;
    const rows = await this.db
      .selectFrom('answer_ratings')
      .selectAll()
      .where('user_sub', '=', userSub)
      .where('conversation_id', '=', conversationId)
      .orderBy('created_at')
      .execute();
    return rows.map(toRating);
  }

  /** The user's rating of one answer (none or one); a refusal when the answer is another user's. */
  async ofTarget(userSub: string, target: RatedTarget): Promise<AnswerRating[] | TargetRefusal> {
    const known = await this.resolveTarget(userSub, target, undefined);
    if (typeof known === 'string') return known;
    const rows = await this.db
      .selectFrom('answer_ratings')
      .selectAll()
      .where('user_sub', '=', userSub)
      .where('target_kind', '=', target.kind)
      .where('target_id', '=', target.id)
      .execute();
    return rows.map(toRating);
  }

  /** Takes back the user's rating of an answer; false when they had none. */
  async remove(userSub: string, target: RatedTarget): Promise<boolean> {
    const result = await this.db
      .deleteFrom('answer_ratings')
      .where('user_sub', '=', userSub)
      .where('target_kind', '=', target.kind)
      .where('target_id', '=', target.id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Forgets what the user wrote or shared in their ratings (comment, question and answer texts,
   * and the sharing itself) in these conversations, or in all their ratings when none are named:
   * called when a conversation is deleted, by retention and when the user deletes all their data.
   * The thumbs and reasons stay, counted in the statistics. Pass the caller's transaction when
   * the deletion it follows is written in one. Answers how many ratings it changed.
   */
  async forgetSharedTexts(userSub: string, conversationIds?: readonly string[], trx?: Transaction<DatabaseSchema>): Promise<number> {
    if (conversationIds?.length === 0) return 0;
    const result = await (trx ?? this.db)
      .updateTable('answer_ratings')
      .set({ comment: null, share_with_admins: false, question_text: null, answer_text: null })
      .where('user_sub', '=', userSub)
      .$if(conversationIds !== undefined, (query) => query.where('conversation_id', 'in', conversationIds!))
      .where((row) => row.or([row('comment', 'is not', null), row('share_with_admins', '=', true)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  private async conversationOwner(conversationId: string): Promise<{ owner: string; agentId: string | null } | undefined> {
    if (!isUuid(conversationId)) return undefined;
    const row = await this.db.selectFrom('conversations').select(['owner_id', 'agent_id']).where('id', '=', conversationId).executeTakeFirst();
    return row && { owner: row.owner_id, agentId: row.agent_id };
  }

  /**
   * What the server keeps of a rated answer and the conversation named with it, or a refusal when
   * either is another user's (or the answer is in another conversation than the one named): a
   * 404 for the caller, as for a missing one. Unknown ids are the user's own statement.
   */
  private async resolveTarget(userSub: string, target: RatedTarget, conversationId: string | undefined): Promise<KnownTarget | TargetRefusal> {
    const known: KnownTarget = {};
    if (conversationId !== undefined) {
      const conversation = await this.conversationOwner(conversationId);
      if (conversation && conversation.owner !== userSub) return 'conversationNotFound';
      if (conversation?.agentId) known.agentId = conversation.agentId;
    }
    if (!isUuid(target.id)) return known;
    if (target.kind === 'chat_message') {
      const message = await this.db
        .selectFrom('messages')
        .innerJoin('conversations', 'conversations.id', 'messages.conversation_id')
        .select(['messages.conversation_id', 'messages.model', 'conversations.owner_id', 'conversations.agent_id'])
        .where('messages.message_id', '=', target.id)
        .executeTakeFirst();
      if (!message) return known;
      if (message.owner_id !== userSub || (conversationId !== undefined && conversationId !== message.conversation_id)) return 'answerNotFound';
      return { conversationId: message.conversation_id, model: message.model ?? undefined, agentId: message.agent_id ?? undefined };
    }
    if (target.kind === 'qa_answer') {
      const trace = await this.db.selectFrom('grounding_traces').select(['owner_id', 'model']).where('id', '=', target.id).executeTakeFirst();
      if (!trace) return known;
      if (trace.owner_id !== userSub) return 'answerNotFound';
      return { ...known, model: trace.model };
    }
    return known;
  }
}

function toRating(row: Selectable<AnswerRatingsTable>): AnswerRating {
  return {
    target_kind: row.target_kind,
    target_id: row.target_id,
    conversation_id: row.conversation_id,
    rating: row.rating,
    reasons: contractReasons(row.reasons),
    comment: row.comment,
    share_with_admins: row.share_with_admins,
    updated_at: row.updated_at.toISOString(),
  };
}
